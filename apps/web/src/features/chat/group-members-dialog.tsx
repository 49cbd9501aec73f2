import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Conversation } from '@vowa/shared/assistant/assistant-schemas';
import type { GroupMember } from '@vowa/shared/groups/group-schemas';
import { Avatar } from '../../components/ui/avatar';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog } from '../../components/ui/dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { useUserId } from './chat-api';
import { useGroupMembers, useRemoveMember } from './group-api';

/** The green (or grey) dot; nothing when the person hides whether they are online. */
function OnlineDot({ isOnline }: { isOnline: boolean | null }) {
  const { t } = useTranslation();
  if (isOnline === null) return null;
  return (
    <span
      role="img"
      aria-label={isOnline ? t('groups.online') : t('groups.offline')}
      className={cn(
        'absolute right-0 bottom-0 size-2.5 rounded-full ring-2 ring-surface',
        isOnline ? 'bg-emerald-500' : 'bg-slate-400',
      )}
    />
  );
}

function MemberRow({
  member,
  self,
  canRemove,
  onRemove,
}: {
  member: GroupMember;
  self: boolean;
  canRemove: boolean;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <li className="flex items-center gap-3 py-2">
      <span className="relative">
        <Avatar user={{ avatar: member.avatar, name: member.name }} size="sm" />
        <OnlineDot isOnline={member.isOnline} />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium text-ink">
          {member.name}
          {self && <span className="ml-1 text-xs text-ink-muted">({t('groups.you')})</span>}
        </span>
        <span className="text-xs text-ink-muted">
          {member.role === 'owner' ? t('groups.owner') : t('groups.member')}
        </span>
      </span>
      {canRemove && !self && (
        <Button
          size="sm"
          variant="outline"
          onClick={onRemove}
          aria-label={t('groups.removeLabel', { name: member.name })}
        >
          {t('groups.remove')}
        </Button>
      )}
    </li>
  );
}

/**
 * The group's members: picture, online status (when they show it), role; the owner removes
 * members, anyone leaves. Each asks first.
 */
export function GroupMembersDialog({
  group,
  open,
  onOpenChange,
  onLeft,
}: {
  group: Conversation;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onLeft: () => void;
}) {
  const { t } = useTranslation();
  const selfId = useUserId();
  const members = useGroupMembers(group.id, open);
  const remove = useRemoveMember(group.id);
  const [removing, setRemoving] = useState<GroupMember | null>(null);
  const [leaving, setLeaving] = useState(false);
  const isOwner = group.role === 'owner';
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('groups.membersTitle')}
      description={t('groups.members', { count: group.memberCount })}
      closeLabel={t('groups.close')}
    >
      {members.isPending ? (
        <div className="flex flex-col gap-2" aria-busy="true">
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      ) : members.isError ? (
        <Banner tone="error">{errorMessage(members.error)}</Banner>
      ) : (
        <ul className="divide-y divide-line">
          {members.data.members.map((member) => (
            <MemberRow
              key={member.id}
              member={member}
              self={member.id === selfId}
              canRemove={isOwner}
              onRemove={() => setRemoving(member)}
            />
          ))}
        </ul>
      )}
      <Button variant="outline" className="mt-4 self-start" onClick={() => setLeaving(true)}>
        {t('groups.leave')}
      </Button>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(next) => !next && setRemoving(null)}
        title={t('groups.removeTitle', { name: removing?.name ?? '' })}
        description={t('groups.removeText', { name: removing?.name ?? '' })}
        confirmLabel={t('groups.remove')}
        cancelLabel={t('groups.cancel')}
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : undefined}
        onConfirm={() =>
          removing && remove.mutate(removing.id, { onSuccess: () => setRemoving(null) })
        }
      />
      <ConfirmDialog
        open={leaving}
        onOpenChange={setLeaving}
        title={t('groups.leaveTitle')}
        description={t('groups.leaveText', { name: group.name })}
        confirmLabel={t('groups.leave')}
        cancelLabel={t('groups.cancel')}
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : undefined}
        onConfirm={() =>
          remove.mutate('me', {
            onSuccess: () => {
              setLeaving(false);
              onOpenChange(false);
              onLeft();
            },
          })
        }
      />
    </Dialog>
  );
}
