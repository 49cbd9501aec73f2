import { loadStripe, type Stripe } from '@stripe/stripe-js';

/** Stripe.js is fetched from Stripe once per key, only when Stripe is the provider. */
const loaded = new Map<string, Promise<Stripe | null>>();

export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}
