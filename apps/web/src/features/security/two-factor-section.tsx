import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Copy, Download, ShieldCheck } from 'lucide-react';
import type { TwoFactorSetup } from '@vowa/shared/auth/security-schemas';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { TextInput } from '../../components/ui/text-input';
import { errorMessage } from '../../lib/api-client';
import {
  disableTwoFactor,
  enableTwoFactor,
  fetchTwoFactorStatus,
  securityKeys,
  setUpTwoFactor,
} from './security-api';
import { ConfirmIdentityForm } from './confirm-identity-form';
import { Announcer, LoadFailed, type Notice, Section } from './security-parts';

// ---------- Two-factor authentication ----------

export function TwoFactorSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: securityKeys.twoFactor,
    queryFn: ({ signal }) => fetchTwoFactorStatus(signal),
  });
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [starting, setStarting] = useState(false);
  const [disableOpen, setDisableOpen] = useState(false);

  const enabled = status.data?.enabled ?? false;

  async function start() {
    setNotice(null);
    setStarting(true);
    try {
      setSetup(await setUpTwoFactor());
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error) });
    } finally {
      setStarting(false);
    }
  }

  const badge = status.data ? (
    <Badge tone={enabled ? 'success' : 'neutral'}>
      {enabled ? t('security.twoFactor.on') : t('security.twoFactor.off')}
    </Badge>
  ) : null;

  let body: ReactNode;
  if (status.isPending) {
    body = <Skeleton className="h-10 w-40" />;
  } else if (status.isError) {
    body = <LoadFailed onRetry={() => void status.refetch()} />;
  } else if (recoveryCodes) {
    body = (
      <RecoveryCodes
        codes={recoveryCodes}
        onDone={() => {
          setRecoveryCodes(null);
          setNotice({ tone: 'success', text: t('security.twoFactor.enabled') });
        }}
      />
    );
  } else if (setup && !enabled) {
    body = (
      <TwoFactorEnrolment
        setup={setup}
        onCancel={() => setSetup(null)}
        onEnabled={async (codes) => {
          setSetup(null);
          setRecoveryCodes(codes);
          await queryClient.invalidateQueries({ queryKey: securityKeys.twoFactor });
        }}
      />
    );
  } else if (enabled) {
    body = (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm">
          {t('security.twoFactor.statusOn')}{' '}
          <span className="text-ink-muted">
            {t('security.twoFactor.codesLeft', { count: status.data.recovery_codes_left })}
          </span>
        </p>
        <Button variant="outline" onClick={() => setDisableOpen(true)}>
          {t('security.twoFactor.disable')}
        </Button>
      </div>
    );
  } else {
    body = (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm">{t('security.twoFactor.statusOff')}</p>
        <Button
          onClick={() => void start()}
          loading={starting}
          loadingText={t('security.twoFactor.settingUp')}
        >
          {t('security.twoFactor.setUp')}
        </Button>
      </div>
    );
  }

  return (
    <Section
      title={t('security.twoFactor.title')}
      help={t('security.twoFactor.help')}
      icon={ShieldCheck}
      badge={badge}
    >
      {body}
      <Announcer notice={notice} />
      <DisableTwoFactorDialog
        open={disableOpen}
        onOpenChange={setDisableOpen}
        onDisabled={async () => {
          setDisableOpen(false);
          setNotice({ tone: 'success', text: t('security.twoFactor.disabled') });
          await queryClient.invalidateQueries({ queryKey: securityKeys.twoFactor });
        }}
      />
    </Section>
  );
}
function TwoFactorEnrolment({
  setup,
  onCancel,
  onEnabled,
}: {
  setup: TwoFactorSetup;
  onCancel: () => void;
  onEnabled: (codes: string[]) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const secretId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = code.replace(/\s/g, '');
    if (!value) return setError(t('security.twoFactor.codeRequired'));
    if (!/^\d{6}$/.test(value)) return setError(t('security.twoFactor.codeFormat'));
    setError(undefined);
    setBusy(true);
    try {
      await onEnabled(await enableTwoFactor(value));
    } catch (caught) {
      setError(errorMessage(caught));
      inputRef.current?.focus();
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-4">
      <p className="text-sm">{t('security.twoFactor.scan')}</p>
      <div className="flex flex-wrap items-start gap-6">
        <img
          src={setup.qr_code}
          alt={t('security.twoFactor.qrAlt')}
          width={176}
          height={176}
          className="size-44 rounded-xl border border-line bg-white p-2"
        />
        <div className="min-w-0 flex-1 space-y-2">
          <p id={secretId} className="text-sm text-ink-muted">
            {t('security.twoFactor.manual')}
          </p>
          <code
            aria-describedby={secretId}
            data-testid="totp-secret"
            className="block rounded-lg border border-line bg-raised px-3 py-2 font-mono text-sm break-all select-all"
          >
            {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
          </code>
        </div>
      </div>
      <form noValidate onSubmit={(event) => void submit(event)} className="max-w-xs space-y-4">
        <TextInput
          ref={inputRef}
          label={t('security.twoFactor.code')}
          hint={t('security.twoFactor.codeHint')}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={7}
          required
          value={code}
          error={error}
          onChange={(event) => setCode(event.target.value)}
        />
        <div className="flex gap-2">
          <Button type="submit" loading={busy} loadingText={t('security.twoFactor.enabling')}>
            {t('security.twoFactor.enable')}
          </Button>
          <Button type="button" variant="ghost" onClick={onCancel}>
            {t('security.cancel')}
          </Button>
        </div>
      </form>
    </div>
  );
}
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const listId = useId();

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }

  function download() {
    const blob = new Blob([`Vowa recovery codes\n\n${codes.join('\n')}\n`], {
      type: 'text/plain',
    });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = t('security.twoFactor.fileName');
    link.click();
    URL.revokeObjectURL(url);
  }

  return (
    <div className="space-y-4 rounded-xl border border-line bg-raised p-4">
      <h3 ref={headingRef} tabIndex={-1} className="font-semibold focus:outline-none">
        {t('security.twoFactor.recoveryTitle')}
      </h3>
      <p className="text-sm text-ink-muted">{t('security.twoFactor.recoveryHelp')}</p>
      <p id={listId} className="sr-only">
        {t('security.twoFactor.recoveryListLabel')}
      </p>
      <ul aria-labelledby={listId} className="grid grid-cols-2 gap-2 font-mono text-sm">
        {codes.map((code) => (
          <li key={code} className="rounded-lg bg-surface px-3 py-1.5">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => void copy()}>
          <Copy aria-hidden="true" className="size-4" />
          {t('security.twoFactor.copy')}
        </Button>
        <Button variant="outline" size="sm" onClick={download}>
          <Download aria-hidden="true" className="size-4" />
          {t('security.twoFactor.download')}
        </Button>
        <Button size="sm" onClick={onDone}>
          {t('security.twoFactor.saved')}
        </Button>
      </div>
      <div
        role="status"
        aria-live="polite"
        className="text-sm text-emerald-700 dark:text-emerald-300"
      >
        {copied ? t('security.twoFactor.copied') : null}
      </div>
    </div>
  );
}
function DisableTwoFactorDialog({
  open,
  onOpenChange,
  onDisabled,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDisabled: () => Promise<void>;
}) {
  const { t } = useTranslation();
  // The form lives inside the dialog's content, so it starts empty every time it opens.
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('security.twoFactor.disableTitle')}
      description={t('security.twoFactor.disableHelp')}
      closeLabel={t('auth.close')}
    >
      <DisableTwoFactorForm onCancel={() => onOpenChange(false)} onDisabled={onDisabled} />
    </Dialog>
  );
}
function DisableTwoFactorForm({
  onCancel,
  onDisabled,
}: {
  onCancel: () => void;
  onDisabled: () => Promise<void>;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmIdentityForm
      passwordLabel={t('security.twoFactor.passwordLabel')}
      codeLabel={t('security.twoFactor.disableCode')}
      needsCode
      confirmLabel={t('security.twoFactor.disableConfirm')}
      onCancel={onCancel}
      onConfirm={async (password, code) => {
        await disableTwoFactor(password, code ?? '');
        await onDisabled();
      }}
    />
  );
}
