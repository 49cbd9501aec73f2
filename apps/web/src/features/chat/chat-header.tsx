import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DropdownMenu } from 'radix-ui';
import { ArrowLeft, MapPin, MoreVertical, Users } from 'lucide-react';
import {
  MAX_CONVERSATION_NAME_LENGTH,
  type Conversation,
} from '@vowa/shared/assistant/assistant-schemas';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog } from '../../components/ui/dialog';
import { TextInput } from '../../components/ui/text-input';
import { errorMessage } from '../../lib/api-client';
import { useDeleteConversation, useRenameConversation } from './chat-api';
import { GroupMembersDialog } from './group-members-dialog';
import { GroupPlanButton } from './group-plan-panel';
import { InviteButton } from './invite-dialog';

/**
 * The conversation's header: its name, a back button on phones, and rename and delete. In a
 * group: the member count opening the members panel, and Leave instead of Delete.
 */
export function ChatHeader({
  name,
  conversation,
  onBack,
  onDeleted,
}: {
  name: string;
  /** The stored conversation; absent for 'Vowa AI' before its first message. */
  conversation: Conversation | undefined;
  onBack: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [showMembers, setShowMembers] = useState(false);
  const remove = useDeleteConversation();
  const group = conversation?.type === 'group' ? conversation : undefined;
  return (
    <header className="flex items-center gap-2 border-b border-line p-3">
      <Button
        variant="ghost"
        size="sm"
        className="md:hidden"
        onClick={onBack}
        aria-label={t('chat.back')}
      >
        <ArrowLeft aria-hidden className="size-4" />
      </Button>
      <div className="min-w-0 flex-1">
        <h2 className="truncate font-semibold text-ink">{name}</h2>
        {conversation?.destination && (
          <p className="flex items-center gap-1 text-xs text-ink-muted">
            <MapPin aria-hidden className="size-3" />
            {conversation.destination}
          </p>
        )}
        {group && (
          <button
            type="button"
            onClick={() => setShowMembers(true)}
            aria-label={t('groups.showMembers')}
            className="flex items-center gap-1 rounded text-xs text-ink-muted hover:text-ink focus-visible:outline-2 focus-visible:outline-sky-500"
          >
            <Users aria-hidden className="size-3" />
            {t('groups.members', { count: group.memberCount })}
          </button>
        )}
      </div>
      <GroupPlanButton conversation={conversation} />
      <InviteButton conversation={conversation} />
      {conversation && (
        <DropdownMenu.Root modal={false}>
          <DropdownMenu.Trigger asChild>
            <Button variant="ghost" size="sm" aria-label={t('chat.menu')}>
              <MoreVertical aria-hidden className="size-4" />
            </Button>
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content
              align="end"
              className="z-50 min-w-40 rounded-xl border border-line bg-surface p-1 shadow-lg"
            >
              <DropdownMenu.Item className={menuItem} onSelect={() => setRenaming(true)}>
                {t('chat.rename')}
              </DropdownMenu.Item>
              <DropdownMenu.Item className={menuItem} onSelect={() => setDeleting(true)}>
                {group ? t('groups.leave') : t('chat.delete')}
              </DropdownMenu.Item>
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      )}
      {conversation && renaming && (
        <RenameDialog conversation={conversation} onClose={() => setRenaming(false)} />
      )}
      {conversation && (
        <ConfirmDialog
          open={deleting}
          onOpenChange={setDeleting}
          title={group ? t('groups.leaveTitle') : t('chat.deleteTitle')}
          description={t(group ? 'groups.leaveText' : 'chat.deleteText', {
            name: conversation.name,
          })}
          confirmLabel={group ? t('groups.leave') : t('chat.delete')}
          cancelLabel={t('chat.cancel')}
          busy={remove.isPending}
          error={remove.isError ? errorMessage(remove.error) : undefined}
          onConfirm={() =>
            remove.mutate(conversation.id, {
              onSuccess: () => {
                setDeleting(false);
                onDeleted();
              },
            })
          }
        />
      )}
      {group && (
        <GroupMembersDialog
          group={group}
          open={showMembers}
          onOpenChange={setShowMembers}
          onLeft={onDeleted}
        />
      )}
    </header>
  );
}

const menuItem =
  'cursor-pointer rounded-lg px-3 py-2 text-sm text-ink outline-none data-[highlighted]:bg-raised';

function RenameDialog({
  conversation,
  onClose,
}: {
  conversation: Conversation;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(conversation.name);
  const rename = useRenameConversation();
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('chat.renameTitle')}
      closeLabel={t('chat.cancel')}
    >
      <form
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          rename.mutate({ id: conversation.id, name: name.trim() }, { onSuccess: onClose });
        }}
      >
        <TextInput
          label={t('chat.name')}
          required
          value={name}
          maxLength={MAX_CONVERSATION_NAME_LENGTH}
          onChange={(event) => setName(event.target.value)}
          error={rename.isError ? errorMessage(rename.error) : undefined}
        />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            {t('chat.cancel')}
          </Button>
          <Button type="submit" loading={rename.isPending} disabled={!name.trim()}>
            {t('chat.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
