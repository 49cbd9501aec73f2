/**
 * Money, dates and times for the travel screens. Prices arrive already converted into the
 * currency named beside them; flight and stay dates are local to a place (no time zone).
 */

function currencyFormatter(
  locale: string,
  currency: string,
  options: Intl.NumberFormatOptions = {},
): Intl.NumberFormat {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency, ...options });
  } catch {
    // An unknown currency code: fall back to plain numbers rather than failing the screen.
    return new Intl.NumberFormat(locale, { maximumFractionDigits: 2, ...options });
  }
}

/** "$1,240" for whole amounts, "$1,240.50" otherwise. */
export function formatPrice(amount: number, currency: string, locale = 'en-US'): string {
  const whole = Number.isInteger(Math.round(amount * 100) / 100);
  return currencyFormatter(locale, currency, {
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(amount);
}

/** Always with cents: "$412.00" (detail dialogs, conversions). */
export function formatExactPrice(amount: number, currency: string, locale = 'en-US'): string {
  return currencyFormatter(locale, currency, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

/** A budget-like round figure: "$5,000". */
export function formatWholePrice(amount: number, currency: string, locale = 'en-US'): string {
  return currencyFormatter(locale, currency, { maximumFractionDigits: 0 }).format(amount);
}

/** "+$120.00", "−$50.00" or "$0.00". */
export function formatDifference(amount: number, currency: string, locale = 'en-US'): string {
  return currencyFormatter(locale, currency, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: 'exceptZero',
  }).format(amount);
}

const plainDate = (isoDate: string) => new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);

/** A YYYY-MM-DD date as written where it happens: "Sat, Mar 14, 2026". */
export function formatTravelDate(
  isoDate: string,
  locale = 'en-US',
  style: 'long' | 'short' = 'long',
): string {
  const date = plainDate(isoDate);
  if (Number.isNaN(date.getTime())) return isoDate;
  return new Intl.DateTimeFormat(locale, {
    timeZone: 'UTC',
    ...(style === 'long'
      ? { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' }
      : { month: 'short', day: 'numeric' }),
  }).format(date);
}

/** A local HH:mm clock time in the reader's convention: "2:15 PM" or "14:15". */
export function formatClock(time: string, locale = 'en-US'): string {
  const match = /^(\d{1,2}):(\d{2})/.exec(time);
  if (!match) return time;
  const date = new Date(Date.UTC(2000, 0, 1, Number(match[1]), Number(match[2])));
  return new Intl.DateTimeFormat(locale, {
    timeZone: 'UTC',
    hour: 'numeric',
    minute: '2-digit',
  }).format(date);
}

/** An ISO instant in the reader's time zone: "Mar 14, 2026". */
export function formatInstantDate(iso: string, locale = 'en-US'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(date);
}

export function formatInstantTime(iso: string, locale = 'en-US'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(date);
}

/** How long until a deal ends, in the largest whole unit; null once it has passed. */
export function timeLeft(
  expiry: string,
  now: number,
): { unit: 'minutes' | 'hours' | 'days'; count: number } | null {
  const ms = Date.parse(expiry) - now;
  if (Number.isNaN(ms) || ms <= 0) return null;
  const minutes = Math.ceil(ms / 60_000);
  if (minutes < 60) return { unit: 'minutes', count: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return { unit: 'hours', count: hours };
  return { unit: 'days', count: Math.floor(hours / 24) };
}
