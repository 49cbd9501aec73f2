/**
 * Every amount, date and time the app shows goes through one formatter built from the reader's
 * preferences: the interface language, their Settings currency and their Settings time zone.
 *
 * Two kinds of date exist. Instants (when a session was used, when a deal ends) are shown in
 * the reader's time zone. Calendar dates and clock times of a place (a flight leaving Paris at
 * 14:15 on March 14) are shown as written there, whatever the reader's zone.
 */
export type FormatPreferences = {
  /** A BCP 47 tag; the interface language. */
  locale: string;
  /** The reader's currency (Settings); amounts without their own currency are in it. */
  currency: string;
  /** An IANA zone (Settings); undefined means the browser's own. */
  timeZone?: string;
};

export type Cents = 'auto' | 'always' | 'never';

// Building an Intl formatter costs far more than using one (locale data is resolved each time),
// and a screen of trip cards formats hundreds of amounts and dates in one render. So each
// formatter is built once per locale and options, and kept: there are only a few dozen.
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(
  kind: string,
  locale: string,
  options: object,
  build: () => T,
): T {
  const key = `${kind}|${locale}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = build();
    formatters.set(key, formatter);
  }
  return formatter;
}

const numberFormat = (locale: string, options: Intl.NumberFormatOptions = {}) =>
  cached('number', locale, options, () => new Intl.NumberFormat(locale, options));

const dateTimeFormat = (locale: string, options: Intl.DateTimeFormatOptions) =>
  cached('date', locale, options, () => new Intl.DateTimeFormat(locale, options));

function currencyFormatter(
  locale: string,
  currency: string,
  options: Intl.NumberFormatOptions = {},
): Intl.NumberFormat {
  return cached('currency', locale, { currency, ...options }, () => {
    try {
      return new Intl.NumberFormat(locale, { style: 'currency', currency, ...options });
    } catch {
      // An unknown currency code: plain numbers rather than a broken screen.
      return new Intl.NumberFormat(locale, { maximumFractionDigits: 2, ...options });
    }
  });
}

function digitsFor(amount: number, cents: Cents, currency: string, locale: string) {
  // Currencies without minor units (JPY) never show cents.
  const minor = currencyFormatter(locale, currency).resolvedOptions().maximumFractionDigits ?? 2;
  if (minor === 0 || cents === 'never')
    return { minimumFractionDigits: 0, maximumFractionDigits: 0 };
  if (cents === 'always') return { minimumFractionDigits: minor, maximumFractionDigits: minor };
  const whole = Number.isInteger(Math.round(amount * 100) / 100);
  return whole
    ? { minimumFractionDigits: 0, maximumFractionDigits: 0 }
    : { minimumFractionDigits: minor, maximumFractionDigits: minor };
}

const calendarDate = (value: string) => new Date(`${value.slice(0, 10)}T00:00:00Z`);

function instant(value: string): Date | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function createFormatter({ locale, currency, timeZone }: FormatPreferences) {
  const inZone = (options: Intl.DateTimeFormatOptions) =>
    dateTimeFormat(locale, { ...options, ...(timeZone ? { timeZone } : {}) });

  return {
    locale,
    currency,
    timeZone,

    /** "$1,240" for whole amounts, "$1,240.50" otherwise ('auto'); in the reader's currency. */
    money(amount: number, code: string = currency, cents: Cents = 'auto'): string {
      return currencyFormatter(locale, code, digitsFor(amount, cents, code, locale)).format(amount);
    },

    /** "+$120.00", "−$50.00" or "$0.00": a change in price. */
    difference(amount: number, code: string = currency): string {
      return currencyFormatter(locale, code, {
        ...digitsFor(amount, 'always', code, locale),
        signDisplay: 'exceptZero',
      }).format(amount);
    },

    /** "US dollars", "euros": a currency named in the interface language. */
    currencyName(code: string = currency): string {
      try {
        return new Intl.DisplayNames(locale, { type: 'currency' }).of(code) ?? code;
      } catch {
        return code;
      }
    },

    number(value: number, options?: Intl.NumberFormatOptions): string {
      return numberFormat(locale, options).format(value);
    },

    /** An instant as a day in the reader's zone: "Mar 14, 2026". */
    date(iso: string): string {
      const date = instant(iso);
      return date ? inZone({ dateStyle: 'medium' }).format(date) : iso;
    },

    /** An instant in the reader's zone: "Mar 14, 2026, 9:41 AM". */
    dateTime(iso: string): string {
      const date = instant(iso);
      return date ? inZone({ dateStyle: 'medium', timeStyle: 'short' }).format(date) : iso;
    },

    /** An instant's clock time in the reader's zone: "9:41 AM". */
    time(iso: string): string {
      const date = instant(iso);
      return date ? inZone({ timeStyle: 'short' }).format(date) : iso;
    },

    /** "March 2026", in the reader's zone (member since). */
    monthYear(iso: string): string {
      const date = instant(iso);
      return date ? inZone({ month: 'long', year: 'numeric' }).format(date) : iso;
    },

    /**
     * A calendar date (YYYY-MM-DD) as written where it happens: "Sat, Mar 14, 2026" (long),
     * "Mar 14" (short) or "Mar 14, 2026" (medium). A full instant is shown in the reader's zone.
     */
    calendarDate(value: string, style: 'long' | 'medium' | 'short' = 'medium'): string {
      const plain = /^\d{4}-\d{2}-\d{2}$/.test(value);
      const date = plain ? calendarDate(value) : instant(value);
      if (!date || Number.isNaN(date.getTime())) return value;
      const options: Intl.DateTimeFormatOptions =
        style === 'long'
          ? { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' }
          : style === 'short'
            ? { month: 'short', day: 'numeric' }
            : { dateStyle: 'medium' };
      return plain
        ? dateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(date)
        : inZone(options).format(date);
    },

    /** A weekday named in the interface language (0 = Sunday): "Tuesday". */
    weekday(day: number): string {
      // 1 January 2023 was a Sunday.
      const date = new Date(Date.UTC(2023, 0, 1 + (((day % 7) + 7) % 7)));
      return dateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(date);
    },

    /** A place's HH:mm clock time in the reader's convention: "2:15 PM" or "14:15". */
    clock(time: string): string {
      const match = /^(\d{1,2}):(\d{2})/.exec(time);
      if (!match) return time;
      const date = new Date(Date.UTC(2000, 0, 1, Number(match[1]), Number(match[2])));
      return dateTimeFormat(locale, { timeZone: 'UTC', hour: 'numeric', minute: '2-digit' }).format(
        date,
      );
    },
  };
}

export type Formatter = ReturnType<typeof createFormatter>;
