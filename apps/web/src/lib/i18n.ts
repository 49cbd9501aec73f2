import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from '../locales/en';

export const defaultNS = 'translation';
export const resources = { en: { translation: en } } as const;

// Synchronous init: the catalogs are bundled, so the first render already has its texts.
void i18n.use(initReactI18next).init({
  resources,
  lng: 'en',
  fallbackLng: 'en',
  defaultNS,
  initAsync: false,
  interpolation: { escapeValue: false }, // React already escapes.
  returnNull: false,
});

/** Keeps <html lang> in step with the active language (screen readers, hyphenation). */
function applyLanguage(lng: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}
applyLanguage(i18n.language);
i18n.on('languageChanged', applyLanguage);

/** Turns a shared schema's message code into text; unknown texts pass through unchanged. */
export function translateValidation(code: string | undefined): string | undefined {
  if (!code) return undefined;
  const key = `validation.${code}`;
  return i18n.exists(key) ? i18n.t(key as 'validation.emailRequired') : code;
}

export default i18n;
