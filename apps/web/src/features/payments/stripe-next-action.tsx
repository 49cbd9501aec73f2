import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/spinner';
import { stripeFor } from './stripe-loader';

/**
 * Stripe's own confirmation step (3-D Secure) for a payment that asked for it (its own chunk,
 * with Stripe.js). Done when Stripe holds the amount.
 */
export default function StripeNextAction({
  clientSecret,
  publishableKey,
  onDone,
}: {
  clientSecret: string;
  publishableKey: string;
  onDone: (completed: boolean) => void;
}) {
  const { t } = useTranslation();
  // The latest callback, read when Stripe answers: a parent's new `onDone` on every render must
  // not run the action again (Stripe would open its challenge a second time).
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  }, [onDone]);
  useEffect(() => {
    let live = true;
    void (async () => {
      const stripe = await stripeFor(publishableKey);
      const result = stripe ? await stripe.handleNextAction({ clientSecret }) : null;
      const status = result?.paymentIntent?.status;
      if (live) {
        done.current(!result?.error && (status === 'requires_capture' || status === 'succeeded'));
      }
    })();
    return () => {
      live = false;
    };
  }, [clientSecret, publishableKey]);
  return (
    <p className="flex items-center gap-2 text-sm text-ink-muted" role="status">
      <Spinner />
      {t('payments.action.stripeOpening')}
    </p>
  );
}
