import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Trash2, TriangleAlert } from 'lucide-react';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { PasswordInput } from '../../components/ui/password-input';
import { TextInput } from '../../components/ui/text-input';
import { ApiError, errorMessage } from '../../lib/api-client';
import { translateValidation } from '../../lib/i18n';
import { useSession } from '../auth/session-context';
import { deleteAccount, fetchTwoFactorStatus, securityKeys } from './security-api';
import { PASSWORD_WRONG, Section } from './security-parts';

// ---------- Delete account ----------

export function DeleteAccountSection() {
  const { t } = useTranslation();
  const status = useQuery({
    queryKey: securityKeys.twoFactor,
    queryFn: ({ signal }) => fetchTwoFactorStatus(signal),
  });
  const [open, setOpen] = useState(false);

  return (
    <Section
      title={t('security.deleteAccount.title')}
      help={t('security.deleteAccount.help')}
      icon={TriangleAlert}
      danger
    >
      <div>
        <Button variant="danger" onClick={() => setOpen(true)}>
          <Trash2 aria-hidden="true" className="size-4" />
          {t('security.deleteAccount.button')}
        </Button>
      </div>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t('security.deleteAccount.dialogTitle')}
        description={t('security.deleteAccount.dialogHelp')}
        closeLabel={t('auth.close')}
      >
        <DeleteAccountForm
          needsCode={status.data?.enabled ?? false}
          onCancel={() => setOpen(false)}
          onDeleted={() => setOpen(false)}
        />
      </Dialog>
    </Section>
  );
}
function DeleteAccountForm({
  needsCode,
  onCancel,
  onDeleted,
}: {
  needsCode: boolean;
  onCancel: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ password?: string; code?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next: typeof errors = {};
    if (!password) next.password = translateValidation('passwordRequired');
    if (needsCode && !code.trim()) next.code = t('security.twoFactor.codeRequired');
    setErrors(next);
    if (next.password || next.code) return;
    setBusy(true);
    try {
      await deleteAccount(password, needsCode ? code.trim() : undefined);
      onDeleted();
      await session.signOut();
    } catch (error) {
      const detail = error instanceof ApiError ? error.detail : undefined;
      if (detail === PASSWORD_WRONG) setErrors({ password: detail });
      else if (needsCode && error instanceof ApiError && error.status === 400)
        setErrors({ code: detail });
      else setErrors({ form: errorMessage(error) });
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      {errors.form ? <Banner tone="error">{errors.form}</Banner> : null}
      <PasswordInput
        label={t('security.deleteAccount.password')}
        autoComplete="current-password"
        required
        value={password}
        error={errors.password}
        onChange={(event) => setPassword(event.target.value)}
      />
      {needsCode ? (
        <TextInput
          label={t('security.deleteAccount.code')}
          hint={t('security.deleteAccount.codeHint')}
          autoComplete="one-time-code"
          required
          maxLength={32}
          value={code}
          error={errors.code}
          onChange={(event) => setCode(event.target.value)}
        />
      ) : null}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          {t('security.cancel')}
        </Button>
        <Button
          type="submit"
          variant="danger"
          loading={busy}
          loadingText={t('security.deleteAccount.deleting')}
        >
          {t('security.deleteAccount.confirm')}
        </Button>
      </div>
    </form>
  );
}
