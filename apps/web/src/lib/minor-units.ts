import { minorDigits } from '@vowa/shared/finance/money';
import type { Cents, Formatter } from './format';

/** Bookings and payments count integer minor units (cents, whole yen): back to the amount. */
export function fromMinor(amountMinor: number, currency: string): number {
  return amountMinor / 10 ** minorDigits(currency);
}

/** "$1,240.50" for `{amountMinor: 124050, currency: 'USD'}`, in the currency's own digits. */
export function formatMinor(
  format: Formatter,
  money: { amountMinor: number; currency: string },
  cents: Cents = 'always',
): string {
  return format.money(fromMinor(money.amountMinor, money.currency), money.currency, cents);
}
