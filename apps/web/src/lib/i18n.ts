import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { languages, type Language } from '@vowa/shared/settings/settings-constants';
import { en, type Catalog } from '../locales/en';

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

// English ships in the entry chunk; the other catalogs are loaded the first time they're needed.
const catalogLoaders: Record<Exclude<Language, 'en'>, () => Promise<Catalog>> = {
  es: () => import('../locales/es').then((module) => module.es),
  fr: () => import('../locales/fr').then((module) => module.fr),
  de: () => import('../locales/de').then((module) => module.de),
  ja: () => import('../locales/ja').then((module) => module.ja),
};

const LANGUAGE_KEY = 'vowa.language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** Loads a language's catalog if needed, switches the interface to it and remembers it here. */
export async function switchLanguage(language: Language): Promise<void> {
  if (language !== 'en' && !i18n.hasResourceBundle(language, defaultNS)) {
    i18n.addResourceBundle(language, defaultNS, await catalogLoaders[language]());
  }
  if (i18n.language !== language) await i18n.changeLanguage(language);
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Storage can be unavailable (private modes); the saved setting still applies on sign-in.
  }
}

/** The language this browser last used, so a reload speaks it before the settings arrive. */
export function restoreLanguage(): void {
  let remembered: string | null = null;
  try {
    remembered = localStorage.getItem(LANGUAGE_KEY);
  } catch {
    return;
  }
  if (isLanguage(remembered) && remembered !== 'en') void switchLanguage(remembered);
}

/** Turns a shared schema's message code into text; unknown texts pass through unchanged. */
export function translateValidation(code: string | undefined): string | undefined {
  if (!code) return undefined;
  const key = `validation.${code}`;
  return i18n.exists(key) ? i18n.t(key as 'validation.emailRequired') : code;
}

export default i18n;
