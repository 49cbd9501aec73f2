import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { MailX, Trash2, UserMinus } from 'lucide-react';
import { DEFAULT_BUCKET_LIST_COLOR } from '@vowa/shared/bucket-lists/bucket-list-constants';
import {
  bucketListInputSchema,
  shareInputSchema,
  type BucketList,
} from '@vowa/shared/bucket-lists/bucket-list-schemas';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog } from '../../components/ui/dialog';
import { Textarea } from '../../components/ui/textarea';
import { TextInput } from '../../components/ui/text-input';
import { errorMessage } from '../../lib/api-client';
import { translateValidation } from '../../lib/i18n';
import { useSession } from '../../lib/session-context';
import {
  useCreateList,
  useDeleteList,
  useRemoveShare,
  useShareList,
  useShares,
  useUpdateList,
  useWithdrawInvitation,
} from './bucket-api';
import { ColorPicker } from './color-picker';

/** 'Create New Bucket List' (no `list`) or the owner's list settings (with `list`). */
export function ListDialog({
  open,
  onOpenChange,
  list,
  onCreated,
  onDeleted,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  list?: BucketList;
  onCreated?: (list: BucketList) => void;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={list ? t('bucket.listForm.settingsTitle') : t('bucket.listForm.createTitle')}
      closeLabel={t('bucket.close')}
      className="sm:max-w-lg"
    >
      {list ? (
        <>
          <ListForm
            key={list.id}
            list={list}
            onCancel={() => onOpenChange(false)}
            onSaved={() => onOpenChange(false)}
          />
          <ShareSection listId={list.id} />
          <DeleteListSection
            list={list}
            onDeleted={() => {
              onOpenChange(false);
              onDeleted?.();
            }}
          />
        </>
      ) : (
        <ListForm
          onCancel={() => onOpenChange(false)}
          onSaved={(created) => {
            onOpenChange(false);
            onCreated?.(created);
          }}
        />
      )}
    </Dialog>
  );
}

function ListForm({
  list,
  onCancel,
  onSaved,
}: {
  list?: BucketList;
  onCancel: () => void;
  onSaved: (list: BucketList) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateList();
  const update = useUpdateList(list?.id ?? '');
  const form = useForm({
    resolver: zodResolver(bucketListInputSchema),
    defaultValues: {
      name: list?.name ?? '',
      description: list?.description ?? '',
      color: list?.color ?? DEFAULT_BUCKET_LIST_COLOR,
      isPublic: list?.isPublic ?? false,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const name = useWatch({ control: form.control, name: 'name' });
  const color = useWatch({ control: form.control, name: 'color' });
  const mutation = list ? update : create;

  const submit = form.handleSubmit(async (values) => {
    try {
      onSaved(list ? await update.mutateAsync(values) : await create.mutateAsync(values));
    } catch {
      // Shown from the mutation's error below.
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      {mutation.error ? <Banner tone="error">{errorMessage(mutation.error)}</Banner> : null}
      <TextInput
        label={t('bucket.listForm.name')}
        required
        autoComplete="off"
        error={translateValidation(errors.name?.message)}
        {...form.register('name')}
      />
      <Textarea
        label={t('bucket.listForm.description')}
        error={translateValidation(errors.description?.message)}
        {...form.register('description')}
      />
      <ColorPicker
        label={t('bucket.listForm.color')}
        value={color ?? DEFAULT_BUCKET_LIST_COLOR}
        {...form.register('color')}
      />
      <Checkbox label={t('bucket.listForm.isPublic')} {...form.register('isPublic')} />
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          {t('bucket.cancel')}
        </Button>
        <Button type="submit" disabled={!name.trim()} loading={isSubmitting}>
          {list ? t('bucket.listForm.save') : t('bucket.listForm.create')}
        </Button>
      </div>
    </form>
  );
}

/**
 * Sharing is an invitation: the person is mailed a link and sees the invitation on their
 * bucket-list screen; the list is shared only once they accept. Sending needs a verified address.
 */
function ShareSection({ listId }: { listId: string }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const shares = useShares(listId, true);
  const share = useShareList(listId);
  const remove = useRemoveShare(listId);
  const withdraw = useWithdrawInvitation(listId);
  const [added, setAdded] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(shareInputSchema), defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;
  const people = shares.data?.shares ?? [];
  const invited = shares.data?.invitations ?? [];

  const submit = form.handleSubmit(async ({ email }) => {
    setAdded(null);
    try {
      await share.mutateAsync(email);
      setAdded(email);
      form.reset();
    } catch {
      // Shown from the mutation's error below.
    }
  });

  const failure = share.error ?? remove.error ?? withdraw.error;
  return (
    <section aria-labelledby="share-heading" className="mt-8 border-t border-line pt-6">
      <h3 id="share-heading" className="text-base font-semibold">
        {t('bucket.share.title')}
      </h3>
      <p className="mt-1 text-sm text-ink-muted">{t('bucket.share.text')}</p>
      {user && !user.email_verified ? (
        <Banner tone="info" className="mt-4">
          {t('bucket.share.verifyFirst')}
        </Banner>
      ) : (
        <form
          noValidate
          onSubmit={(event) => void submit(event)}
          className="mt-4 flex items-start gap-2"
        >
          <TextInput
            label={t('bucket.share.email')}
            type="email"
            autoComplete="off"
            className="flex-1"
            error={translateValidation(errors.email?.message)}
            {...form.register('email')}
          />
          <Button type="submit" variant="secondary" className="mt-7 h-11" loading={isSubmitting}>
            {t('bucket.share.submit')}
          </Button>
        </form>
      )}
      {failure ? (
        <Banner tone="error" className="mt-3">
          {errorMessage(failure)}
        </Banner>
      ) : null}
      {added && !share.error ? (
        <Banner tone="success" className="mt-3">
          {t('bucket.share.added', { email: added })}
        </Banner>
      ) : null}
      <h4 className="mt-5 text-sm font-medium text-ink-muted">{t('bucket.share.sharedWith')}</h4>
      {people.length || invited.length ? (
        <ul className="mt-2 divide-y divide-line rounded-xl border border-line">
          {people.map((person) => (
            <li key={person.userId} className="flex items-center gap-3 px-3 py-2">
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium">{person.name}</p>
                <p className="truncate text-xs text-ink-muted">{person.email}</p>
              </div>
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('bucket.share.remove', { name: person.name })}
                disabled={remove.isPending}
                onClick={() => remove.mutate(person.userId)}
              >
                <UserMinus aria-hidden="true" className="size-4" />
              </Button>
            </li>
          ))}
          {invited.map((invitation) => (
            <li key={invitation.id} className="flex items-center gap-3 px-3 py-2">
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium">{invitation.email}</p>
                <p className="truncate text-xs text-ink-muted">{t('bucket.share.invited')}</p>
              </div>
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('bucket.share.withdraw', { email: invitation.email })}
                disabled={withdraw.isPending}
                onClick={() => withdraw.mutate(invitation.id)}
              >
                <MailX aria-hidden="true" className="size-4" />
              </Button>
            </li>
          ))}
        </ul>
      ) : shares.isSuccess ? (
        <p className="mt-2 text-sm text-ink-muted">{t('bucket.share.none')}</p>
      ) : null}
    </section>
  );
}

function DeleteListSection({ list, onDeleted }: { list: BucketList; onDeleted: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteList();
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="mt-8 border-t border-line pt-6">
      <Button
        variant="outline"
        onClick={() => setConfirming(true)}
        className="text-red-700 dark:text-red-300"
      >
        <Trash2 aria-hidden="true" className="size-4" />
        {t('bucket.deleteList.action')}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('bucket.deleteList.title')}
        description={t('bucket.deleteList.text', { name: list.name })}
        confirmLabel={t('bucket.deleteList.confirm')}
        cancelLabel={t('bucket.cancel')}
        busy={remove.isPending}
        error={remove.error ? <Banner tone="error">{errorMessage(remove.error)}</Banner> : null}
        onConfirm={() =>
          remove.mutate(list.id, {
            onSuccess: () => {
              setConfirming(false);
              onDeleted();
            },
          })
        }
      />
    </div>
  );
}
