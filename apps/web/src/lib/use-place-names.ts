import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Destination, city and country names in the reader's language (issue 13 part 9). Travel
 * answers carry English names with ISO country codes; they are translated here, when shown:
 *
 * - countries by their code, with `Intl.DisplayNames` (the browser's CLDR data);
 * - cities and destinations from the bundled table in `@vowa/shared/travel/localized-place-names/`
 *   (generated from CLDR's exemplar cities and a curated list), one chunk per language, loaded
 *   the first time the language shows a place: never in the first-load bundle, never for English.
 *
 * A name the table does not know, or a code the browser cannot name, stays as the server wrote it.
 */
export type PlaceNames = Readonly<Record<string, string>>;

const loaders: Record<string, () => Promise<{ default: PlaceNames }>> = {
  es: () => import('@vowa/shared/travel/localized-place-names/es'),
  fr: () => import('@vowa/shared/travel/localized-place-names/fr'),
  de: () => import('@vowa/shared/travel/localized-place-names/de'),
  ja: () => import('@vowa/shared/travel/localized-place-names/ja'),
};

const loaded = new Map<string, PlaceNames>();
const loading = new Map<string, Promise<PlaceNames>>();
const listeners = new Set<() => void>();
const NO_NAMES: PlaceNames = {};

/** "es-MX" → "es". */
function baseLanguage(language: string): string {
  return language.split('-')[0]?.toLowerCase() ?? language;
}

/** The place-name table of a language (empty for English and unknown languages), loaded once. */
export function loadPlaceNames(language: string): Promise<PlaceNames> {
  const base = baseLanguage(language);
  const ready = loaded.get(base);
  if (ready) return Promise.resolve(ready);
  const loader = loaders[base];
  if (!loader) return Promise.resolve(NO_NAMES);
  let pending = loading.get(base);
  if (!pending) {
    pending = loader().then(
      (module) => {
        loaded.set(base, module.default);
        listeners.forEach((listener) => listener());
        return module.default;
      },
      () => {
        // A chunk that fails to load (offline, a new deployment) leaves the English names.
        loading.delete(base);
        return NO_NAMES;
      },
    );
    loading.set(base, pending);
  }
  return pending;
}

/** A city or destination's name in `language`, from an already loaded table; else `name`. */
export function placeNameIn(language: string, name: string): string {
  return loaded.get(baseLanguage(language))?.[name] ?? name;
}

// Regions whose long CLDR names are administrative ("Hong Kong SAR China").
const SHORT_REGION_NAMES = new Set(['HK', 'MO', 'PS']);
const regionNames = new Map<string, Intl.DisplayNames | null>();

/**
 * A country's name in `language` from its ISO 3166-1 alpha-2 code; `fallback` (the server's
 * English name) for English, for a missing or unknown code, or where the browser has no names.
 */
export function countryNameIn(
  language: string,
  code: string | null | undefined,
  fallback: string,
): string {
  const base = baseLanguage(language);
  const upper = code?.trim().toUpperCase();
  if (base === 'en' || !upper || !/^[A-Z]{2}$/.test(upper)) return fallback;
  const key = `${base}|${SHORT_REGION_NAMES.has(upper) ? 'short' : 'long'}`;
  if (!regionNames.has(key)) {
    try {
      const style = key.endsWith('short') ? 'short' : 'long';
      regionNames.set(
        key,
        new Intl.DisplayNames([base], { type: 'region', style, fallback: 'none' }),
      );
    } catch {
      regionNames.set(key, null);
    }
  }
  try {
    return regionNames.get(key)?.of(upper) ?? fallback;
  } catch {
    return fallback;
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The active language's table; loads it (the English names show meanwhile). */
function usePlaceNameTable(): { language: string; names: PlaceNames } {
  const { i18n } = useTranslation();
  const language = i18n.language ?? 'en';
  const names = useSyncExternalStore(
    subscribe,
    () => loaded.get(baseLanguage(language)) ?? NO_NAMES,
    () => NO_NAMES,
  );
  useEffect(() => {
    void loadPlaceNames(language);
  }, [language]);
  return { language, names };
}

/** `placeName(englishName)`: a city or destination in the reader's language. */
export function usePlaceName(): (name: string) => string {
  const { names } = usePlaceNameTable();
  return useCallback((name: string) => names[name] ?? name, [names]);
}

/** `countryName(code, englishName)`: a country in the reader's language. */
export function useCountryName(): (code: string | null | undefined, fallback: string) => string {
  const { i18n } = useTranslation();
  const language = i18n.language ?? 'en';
  return useCallback(
    (code: string | null | undefined, fallback: string) => countryNameIn(language, code, fallback),
    [language],
  );
}
