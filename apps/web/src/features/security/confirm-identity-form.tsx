import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { PasswordInput } from '../../components/ui/password-input';
import { TextInput } from '../../components/ui/text-input';
import { ApiError, errorMessage } from '../../lib/api-client';
import { translateValidation } from '../../lib/i18n';

// The server's answers that belong under the authenticator code field rather than above the form.
const codeFieldErrors = new Set(['two_factor_code_required', 'two_factor_code_incorrect']);

/**
 * Asks for the password, and a two-factor code when one is needed, before something that
 * cannot be undone (turning off two-factor sign-in, deleting the account). The server checks
 * both; a wrong one is shown under its own field.
 */
export function ConfirmIdentityForm({
  passwordLabel,
  codeLabel,
  codeHint,
  needsCode,
  confirmLabel,
  busyLabel,
  onCancel,
  onConfirm,
}: {
  passwordLabel: string;
  codeLabel: string;
  codeHint?: string;
  needsCode: boolean;
  confirmLabel: string;
  busyLabel?: string;
  onCancel: () => void;
  onConfirm: (password: string, code: string | undefined) => Promise<void>;
}) {
  const { t } = useTranslation();
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
      await onConfirm(password, needsCode ? code.trim() : undefined);
    } catch (error) {
      const code = error instanceof ApiError ? error.code : undefined;
      if (code === 'password_incorrect') setErrors({ password: errorMessage(error) });
      else if (needsCode && code && codeFieldErrors.has(code))
        setErrors({ code: errorMessage(error) });
      else setErrors({ form: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      {errors.form ? <Banner tone="error">{errors.form}</Banner> : null}
      <PasswordInput
        label={passwordLabel}
        autoComplete="current-password"
        required
        value={password}
        error={errors.password}
        onChange={(event) => setPassword(event.target.value)}
      />
      {needsCode ? (
        <TextInput
          label={codeLabel}
          hint={codeHint}
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
        <Button type="submit" variant="danger" loading={busy} loadingText={busyLabel}>
          {confirmLabel}
        </Button>
      </div>
    </form>
  );
}
