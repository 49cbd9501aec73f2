import { minorDigits } from '@vowa/shared/finance/money';

/**
 * Amounts at the provider boundary are integers in the currency's minor unit (cents, or whole
 * yen), so what is booked, charged and refunded adds up exactly.
 */
export function toMinor(amount: number, currency: string): number {
  return Math.round(amount * 10 ** minorDigits(currency));
}

/** A provider's decimal string ("123.40") in minor units, without going through a float. */
export function decimalToMinor(text: string, currency: string): number {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) throw new Error(`Not a decimal amount: ${text}`);
  const digits = minorDigits(currency);
  const [, sign, whole, fraction = ''] = match;
  const kept = fraction.slice(0, digits).padEnd(digits, '0');
  // Digits beyond the currency's own round half up, as providers round.
  const roundUp = fraction.length > digits && Number(fraction[digits]) >= 5 ? 1 : 0;
  const minor = Number(`${whole}${kept}`) + roundUp;
  return sign === '-' ? -minor : minor;
}

/** Minor units as the decimal string providers expect ("123.40"; "12000" for yen). */
export function minorToDecimal(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const text = String(Math.abs(minor)).padStart(digits + 1, '0');
  return digits === 0
    ? `${sign}${text}`
    : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** Minor units back to an amount, for display and comparisons with quoted prices. */
export function fromMinor(minor: number, currency: string): number {
  return minor / 10 ** minorDigits(currency);
}
