import type { Catalog } from '../locales/en';

// Typed translation keys: a typo in t('...') becomes a compile error.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalog };
  }
}
