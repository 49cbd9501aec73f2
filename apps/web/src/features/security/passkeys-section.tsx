import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Fingerprint, Trash2 } from 'lucide-react';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { TextInput } from '../../components/ui/text-input';
import { errorMessage } from '../../lib/api-client';
import { passkeysSupported } from '../../lib/passkeys-supported';
import { useFormat } from '../../lib/use-format';
import { addPasskey, fetchPasskeys, removePasskey, securityKeys } from './security-api';
import { Announcer, LoadFailed, type Notice, Section } from './security-parts';

// ---------- Passkeys ----------

export function PasskeysSection() {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const supported = passkeysSupported();
  const passkeys = useQuery({
    queryKey: securityKeys.passkeys,
    queryFn: ({ signal }) => fetchPasskeys(signal),
  });
  const [name, setName] = useState('');
  const [adding, setAdding] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [removing, setRemoving] = useState<{ id: string; name: string } | null>(null);
  const [removeBusy, setRemoveBusy] = useState(false);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const listId = useId();

  async function add(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    setAdding(true);
    try {
      await addPasskey(name.trim() || undefined);
      setName('');
      setNotice({ tone: 'success', text: t('security.passkeys.added') });
      await queryClient.invalidateQueries({ queryKey: securityKeys.passkeys });
    } catch (error) {
      const cancelled =
        error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
      setNotice({
        tone: 'error',
        text: cancelled ? t('security.passkeys.cancelled') : errorMessage(error),
      });
    } finally {
      setAdding(false);
    }
  }

  async function confirmRemove() {
    if (!removing) return;
    setRemoveBusy(true);
    setRemoveError(null);
    try {
      await removePasskey(removing.id);
      setRemoving(null);
      setNotice({ tone: 'success', text: t('security.passkeys.removed') });
      await queryClient.invalidateQueries({ queryKey: securityKeys.passkeys });
    } catch (error) {
      setRemoveError(errorMessage(error));
    } finally {
      setRemoveBusy(false);
    }
  }

  let list: ReactNode;
  if (passkeys.isPending) list = <Skeleton className="h-14 w-full" />;
  else if (passkeys.isError) list = <LoadFailed onRetry={() => void passkeys.refetch()} />;
  else if (passkeys.data.length === 0)
    list = <p className="text-sm text-ink-muted">{t('security.passkeys.empty')}</p>;
  else
    list = (
      <>
        <h3 id={listId} className="sr-only">
          {t('security.passkeys.listLabel')}
        </h3>
        <ul aria-labelledby={listId} className="divide-y divide-line rounded-xl border border-line">
          {passkeys.data.map((passkey) => (
            <li key={passkey.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
              <Fingerprint aria-hidden="true" className="size-5 text-ink-muted" />
              <div className="min-w-0 flex-1">
                <p className="font-medium break-words">{passkey.name}</p>
                <p className="text-xs text-ink-muted">
                  {t('security.passkeys.created', {
                    date: format.date(passkey.created_at),
                  })}
                  {' · '}
                  {passkey.last_used_at
                    ? t('security.passkeys.lastUsed', {
                        date: format.dateTime(passkey.last_used_at),
                      })
                    : t('security.passkeys.neverUsed')}
                </p>
              </div>
              <Button
                variant="ghost"
                size="sm"
                aria-label={t('security.passkeys.removeLabel', { name: passkey.name })}
                onClick={() => {
                  setRemoveError(null);
                  setRemoving({ id: passkey.id, name: passkey.name });
                }}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                {t('security.passkeys.remove')}
              </Button>
            </li>
          ))}
        </ul>
      </>
    );

  return (
    <Section
      title={t('security.passkeys.title')}
      help={t('security.passkeys.help')}
      icon={Fingerprint}
    >
      {supported ? (
        <>
          {list}
          <form
            noValidate
            onSubmit={(event) => void add(event)}
            className="flex flex-wrap items-end gap-3"
          >
            <TextInput
              className="min-w-0 flex-1 sm:max-w-xs"
              label={t('security.passkeys.name')}
              hint={t('security.passkeys.nameHint')}
              maxLength={60}
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
            <Button type="submit" loading={adding} loadingText={t('security.passkeys.adding')}>
              {t('security.passkeys.add')}
            </Button>
          </form>
        </>
      ) : (
        <>
          <Banner tone="info">{t('security.passkeys.unsupported')}</Banner>
          {passkeys.data?.length ? list : null}
        </>
      )}
      <Announcer notice={notice} />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title={t('security.passkeys.removeTitle')}
        description={t('security.passkeys.removeText', { name: removing?.name ?? '' })}
        confirmLabel={t('security.passkeys.remove')}
        cancelLabel={t('security.cancel')}
        busy={removeBusy}
        error={removeError ? <Banner tone="error">{removeError}</Banner> : undefined}
        onConfirm={() => void confirmRemove()}
      />
    </Section>
  );
}
// ---------- Sessions ----------
