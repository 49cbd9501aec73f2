const brands = ['visa', 'mastercard', 'amex', 'discover', 'diners', 'jcb', 'unionpay'] as const;
export type KnownBrand = (typeof brands)[number] | 'unknown';

/** Stripe's brand names (the sandbox uses them too); anything else is shown as a card. */
export function knownBrand(brand: string): KnownBrand {
  return (brands as readonly string[]).includes(brand) ? (brand as KnownBrand) : 'unknown';
}
