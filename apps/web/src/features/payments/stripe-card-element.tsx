import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { Banner } from '../../components/ui/banner';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { createSetupIntent } from './payments-api';
import { stripeFor } from './stripe-loader';

/** Confirms the card typed into the Payment Element; the SetupIntent it belongs to, or why not. */
export type ConfirmStripeCard = () => Promise<{ setupIntentId: string } | { error: string }>;

/**
 * Stripe's Payment Element on a fresh SetupIntent (its own chunk, with Stripe.js): the card
 * number goes from the browser to Stripe, never through Vowa. Reports a confirm function once
 * the card is complete, null while it is not.
 */
export default function StripeCardElement({
  publishableKey,
  onReady,
}: {
  publishableKey: string;
  onReady: (confirm: ConfirmStripeCard | null) => void;
}) {
  const { t } = useTranslation();
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    createSetupIntent().then(
      (setup) => live && setClientSecret(setup.clientSecret),
      (error: unknown) => live && setFailure(errorMessage(error)),
    );
    return () => {
      live = false;
    };
  }, []);
  if (failure) return <Banner tone="error">{failure}</Banner>;
  if (!clientSecret)
    return (
      <p className="flex items-center gap-2 text-sm text-ink-muted" role="status">
        <Spinner />
        {t('payments.stripe.loading')}
      </p>
    );
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ clientSecret }}>
      <CardElement onReady={onReady} />
    </Elements>
  );
}

function CardElement({ onReady }: { onReady: (confirm: ConfirmStripeCard | null) => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const [complete, setComplete] = useState(false);
  useEffect(() => {
    if (!stripe || !elements || !complete) {
      onReady(null);
      return;
    }
    onReady(async () => {
      const result = await stripe.confirmSetup({ elements, redirect: 'if_required' });
      if (result.error) return { error: result.error.message ?? '' };
      return { setupIntentId: result.setupIntent.id };
    });
  }, [stripe, elements, complete, onReady]);
  return (
    <PaymentElement
      options={{ layout: 'tabs' }}
      onChange={(event) => setComplete(event.complete)}
    />
  );
}
