/** Dates and money for the profile screen, in the UI language. */

/** "March 2026" (part 1 §9: member since is month and year). */
export function formatMonthYear(iso: string, locale = 'en-US'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(date);
}

/** "Mar 14, 2026" for a trip date (YYYY-MM-DD or a full ISO instant). */
export function formatTripDate(value: string, locale = 'en-US'): string {
  const plain = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(plain ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    ...(plain ? { timeZone: 'UTC' } : {}),
  }).format(date);
}

/** Whole amounts in the user's currency: "$0", "$1,240"; cents only when present. */
export function formatAmount(amount: number, currency: string, locale = 'en-US'): string {
  const whole = Number.isInteger(Math.round(amount * 100) / 100);
  const digits = whole ? 0 : 2;
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(amount);
  } catch {
    return new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(amount);
  }
}

/** A website as people read it: without the scheme and a trailing slash. */
export function displayWebsite(url: string): string {
  return url.replace(/^https?:\/\//i, '').replace(/\/$/, '');
}
