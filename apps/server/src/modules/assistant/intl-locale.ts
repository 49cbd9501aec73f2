import type { Language } from '@vowa/shared/settings/settings-constants';

/** The locale each interface language writes numbers, money and dates in. */
export const INTL_LOCALE: Record<Language, string> = {
  en: 'en-US',
  es: 'es-ES',
  fr: 'fr-FR',
  de: 'de-DE',
  ja: 'ja-JP',
};
