import type { Language } from '@vowa/shared/settings/settings-constants';
import { INTL_LOCALE } from '../intl-locale';
import type { Caller } from '../assistant-engine';

/** Part 2 §8's placeholder for a hotel the provider gave no name. */
const UNNAMED_HOTEL: Record<Language, string> = {
  en: 'Hotel (no name provided)',
  es: 'Hotel (sin nombre)',
  fr: 'Hôtel (nom non fourni)',
  de: 'Hotel (kein Name angegeben)',
  ja: 'ホテル（名称なし）',
};

/** How amounts and dates are written for the person: their language, their currency's digits. */
export function readerFor(caller: Caller) {
  const locale = INTL_LOCALE[caller.language];
  return {
    money(amount: number, currency: string) {
      const whole = Number.isInteger(amount);
      return new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        minimumFractionDigits: whole ? 0 : undefined,
        maximumFractionDigits: whole ? 0 : undefined,
      }).format(amount);
    },
    /** A calendar date (YYYY-MM-DD) as "14 July" / "July 14" / "7月14日". */
    date(isoDate: string) {
      return new Intl.DateTimeFormat(locale, {
        day: 'numeric',
        month: 'long',
        timeZone: 'UTC',
      }).format(new Date(`${isoDate}T00:00:00Z`));
    },
    unnamedHotel: UNNAMED_HOTEL[caller.language],
  };
}

export type Reader = ReturnType<typeof readerFor>;
