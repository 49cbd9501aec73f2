import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { recordSetupIntent, usePaymentConfig, useRefreshPaymentMethods } from './payments-api';
import { tokenizeSandboxCard, useSandboxCardForm } from './sandbox-card';
import { SandboxCardFields, SandboxTestCards } from './sandbox-card-form';
import type { ConfirmStripeCard } from './stripe-card-element';

const StripeCardElement = lazy(() => import('./stripe-card-element'));

/** Settings' Add card: the sandbox's form or Stripe's Payment Element, saved for later. */
export function AddCardDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const config = usePaymentConfig();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('payments.addDialog.title')}
      description={t('payments.addDialog.description')}
      closeLabel={t('payments.addDialog.close')}
      className="sm:max-w-lg"
    >
      {config.isPending ? (
        <Spinner />
      ) : config.isError ? (
        <Banner tone="error">{errorMessage(config.error)}</Banner>
      ) : config.data.provider === 'stripe' && config.data.publishableKey ? (
        <StripeAddCard
          publishableKey={config.data.publishableKey}
          onSaved={() => onOpenChange(false)}
        />
      ) : (
        <SandboxAddCard onSaved={() => onOpenChange(false)} />
      )}
    </Dialog>
  );
}

function SandboxAddCard({ onSaved }: { onSaved: () => void }) {
  const { t } = useTranslation();
  const form = useSandboxCardForm(true);
  const refresh = useRefreshPaymentMethods();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async () => {
    setBusy(true);
    setFailure(null);
    const result = await tokenizeSandboxCard(form);
    setBusy(false);
    if ('error' in result) {
      // Field errors are shown on their field; the rest above the form.
      if (!result.onField) setFailure(result.error);
      return;
    }
    await refresh();
    onSaved();
  };
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {failure ? <Banner tone="error">{failure}</Banner> : null}
      <SandboxCardFields form={form} showSave={false} disabled={busy} />
      <SandboxTestCards />
      <Button type="submit" className="w-full" loading={busy} disabled={busy}>
        {t('payments.form.submit')}
      </Button>
    </form>
  );
}

function StripeAddCard({
  publishableKey,
  onSaved,
}: {
  publishableKey: string;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const refresh = useRefreshPaymentMethods();
  const [confirm, setConfirm] = useState<ConfirmStripeCard | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const onReady = useCallback((next: ConfirmStripeCard | null) => setConfirm(() => next), []);
  const submit = async () => {
    if (!confirm) return;
    setBusy(true);
    setFailure(null);
    try {
      const confirmed = await confirm();
      if ('error' in confirmed) {
        setFailure(confirmed.error);
        return;
      }
      await recordSetupIntent(confirmed.setupIntentId, true);
      await refresh();
      onSaved();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-4">
      {failure ? <Banner tone="error">{failure}</Banner> : null}
      <Suspense fallback={<Spinner />}>
        <StripeCardElement publishableKey={publishableKey} onReady={onReady} />
      </Suspense>
      <Button
        className="w-full"
        onClick={() => void submit()}
        loading={busy}
        disabled={!confirm || busy}
      >
        {t('payments.form.submit')}
      </Button>
    </div>
  );
}
