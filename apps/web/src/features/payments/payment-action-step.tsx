import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentAction } from '@vowa/shared/payments/payment-schemas';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { confirmSandboxPayment } from './payments-api';

const StripeNextAction = lazy(() => import('./stripe-next-action'));

/**
 * The confirmation step a payment asked for: the sandbox's "Confirm this payment" dialog
 * (Complete or Fail), or Stripe's own next action. `onDone(true)` once the amount is held; the
 * booking then retries with the same idempotency key. `onDismiss` when the person closes the
 * sandbox's dialog without answering: nothing was decided, so nothing should be sent again.
 */
export function PaymentActionStep({
  action,
  onDone,
  onDismiss,
}: {
  action: PaymentAction;
  onDone: (completed: boolean) => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  if (action.type === 'stripe_next_action')
    return (
      <Suspense
        fallback={
          <p className="flex items-center gap-2 text-sm text-ink-muted" role="status">
            <Spinner />
            {t('payments.action.stripeOpening')}
          </p>
        }
      >
        <StripeNextAction
          clientSecret={action.clientSecret}
          publishableKey={action.publishableKey}
          onDone={onDone}
        />
      </Suspense>
    );
  return (
    <SandboxConfirmDialog paymentId={action.paymentId} onDone={onDone} onDismiss={onDismiss} />
  );
}

function SandboxConfirmDialog({
  paymentId,
  onDone,
  onDismiss,
}: {
  paymentId: string;
  onDone: (completed: boolean) => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<'complete' | 'fail' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const answer = async (outcome: 'complete' | 'fail') => {
    setBusy(outcome);
    setFailure(null);
    try {
      const result = await confirmSandboxPayment(paymentId, outcome);
      onDone(result.status === 'authorized');
    } catch (error) {
      setFailure(errorMessage(error));
      setBusy(null);
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !busy) onDismiss();
      }}
      title={t('payments.action.title')}
      description={t('payments.action.text')}
      fitOnPhones
      className="sm:max-w-md"
    >
      {failure ? <Banner tone="error">{failure}</Banner> : null}
      <div className="mt-6 flex justify-end gap-2">
        <Button
          variant="outline"
          onClick={() => void answer('fail')}
          loading={busy === 'fail'}
          disabled={busy !== null}
        >
          {t('payments.action.fail')}
        </Button>
        <Button
          onClick={() => void answer('complete')}
          loading={busy === 'complete'}
          disabled={busy !== null}
        >
          {t('payments.action.complete')}
        </Button>
      </div>
    </Dialog>
  );
}
