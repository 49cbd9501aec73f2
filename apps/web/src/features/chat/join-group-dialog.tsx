import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { KeyRound } from 'lucide-react';
import type { Conversation } from '@vowa/shared/assistant/assistant-schemas';
import { INVITE_CODE_LENGTH } from '@vowa/shared/groups/group-invite-rules';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextInput } from '../../components/ui/text-input';
import { errorMessage } from '../../lib/api-client';
import { useJoinGroup } from './invite-api';

/**
 * "Join with a code" for the Messages screen: a button that opens a small dialog where a
 * member's 6-character invite code is typed; `onJoined` opens the group.
 */
export function JoinGroupButton({ onJoined }: { onJoined: (group: Conversation) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="ghost" onClick={() => setOpen(true)}>
        <KeyRound aria-hidden className="size-4" />
        {t('groupInvites.joinWithCode')}
      </Button>
      <JoinGroupDialog
        open={open}
        onOpenChange={setOpen}
        onJoined={(group) => {
          setOpen(false);
          onJoined(group);
        }}
      />
    </>
  );
}

export function JoinGroupDialog({
  open,
  onOpenChange,
  onJoined,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onJoined: (group: Conversation) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('groupInvites.joinTitle')}
      description={t('groupInvites.joinText')}
      closeLabel={t('groupInvites.close')}
      fitOnPhones
    >
      {open ? <JoinForm onCancel={() => onOpenChange(false)} onJoined={onJoined} /> : null}
    </Dialog>
  );
}

function JoinForm({
  onCancel,
  onJoined,
}: {
  onCancel: () => void;
  onJoined: (group: Conversation) => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const join = useJoinGroup();
  const compact = code.replace(/\s/g, '');

  function submit(event: FormEvent) {
    event.preventDefault();
    if (compact.length !== INVITE_CODE_LENGTH || join.isPending) return;
    join.mutate({ code: compact }, { onSuccess: (answer) => onJoined(answer.conversation) });
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <TextInput
        label={t('groupInvites.joinCode')}
        value={code}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={12}
        className="[&_input]:font-mono [&_input]:tracking-[0.3em] [&_input]:uppercase"
        onChange={(event) => {
          setCode(event.target.value.toUpperCase());
          join.reset();
        }}
        error={join.isError ? errorMessage(join.error) : undefined}
      />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          {t('groupInvites.cancel')}
        </Button>
        <Button
          type="submit"
          disabled={compact.length !== INVITE_CODE_LENGTH}
          loading={join.isPending}
        >
          {t('groupInvites.join')}
        </Button>
      </div>
    </form>
  );
}
