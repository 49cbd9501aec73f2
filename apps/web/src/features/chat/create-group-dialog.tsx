import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MAX_CONVERSATION_NAME_LENGTH,
  type Conversation,
} from '@vowa/shared/assistant/assistant-schemas';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextInput } from '../../components/ui/text-input';
import { errorMessage } from '../../lib/api-client';
import { useCreateGroup } from './group-api';

/**
 * Part 2 §2 Create New Group: a name, Cancel and Create (disabled while the name is blank,
 * §5). The new group opens once created.
 */
export function CreateGroupDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (group: Conversation) => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const create = useCreateGroup();
  const close = () => {
    onOpenChange(false);
    setName('');
    create.reset();
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={t('groups.createTitle')}
      closeLabel={t('groups.cancel')}
      fitOnPhones
    >
      <form
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (!name.trim()) return;
          create.mutate(name.trim(), {
            onSuccess: (group) => {
              close();
              onCreated(group);
            },
          });
        }}
      >
        <TextInput
          label={t('groups.name')}
          placeholder={t('groups.namePlaceholder')}
          value={name}
          maxLength={MAX_CONVERSATION_NAME_LENGTH}
          onChange={(event) => setName(event.target.value)}
          error={create.isError ? errorMessage(create.error) : undefined}
          autoFocus
        />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={close}>
            {t('groups.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending} disabled={!name.trim()}>
            {t('groups.create')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
