/**
 * Writes packages/shared/src/travel/localized-place-names/<language>.ts: the names of the
 * offline inventory's destinations (and the towns of their airports and of the connecting
 * hubs) in Spanish, French, German and Japanese, where they differ from the English name.
 *
 * Sources, first that knows wins:
 *  1. curated-place-names.ts (established names CLDR does not hold);
 *  2. the country's own name, for destinations named after their country (Maldives, Fiji),
 *     from Intl.DisplayNames;
 *  3. CLDR's exemplar cities (cldr-dates-full, timeZoneNames.json): the airport's time zone,
 *     or another zone of the same country, whose English exemplar city is this very name.
 * Anything else keeps its English name.
 *
 * Run from apps/server, with CLDR unpacked somewhere (it is not a dependency: the output is
 * committed and only changes with the destination list):
 *   npm pack cldr-dates-full@48.2.0 && tar xzf cldr-dates-full-48.2.0.tgz -C /tmp
 *   npx tsx scripts/place-names/generate-place-names.ts /tmp/package
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { format } from 'prettier';
import { findAirport } from '../../src/modules/travel/geo/airports';
import { curatedDestinations } from '../../src/modules/travel/offline/data/destinations';
import { connectionHubs } from '../../src/modules/travel/offline/data/hubs';
import { curatedPlaceNames, placeNameSpellings } from './curated-place-names';

const languages = ['es', 'fr', 'de', 'ja'] as const;
type Language = (typeof languages)[number];

const cldrRoot = process.argv[2];
if (!cldrRoot) throw new Error('Usage: generate-place-names.ts <path to cldr-dates-full>');

type ZoneTree = { exemplarCity?: string; [part: string]: unknown };
const zoneTrees = new Map<string, ZoneTree>();
function zoneTree(language: string): ZoneTree {
  let tree = zoneTrees.get(language);
  if (!tree) {
    const file = JSON.parse(
      readFileSync(`${cldrRoot}/main/${language}/timeZoneNames.json`, 'utf8'),
    ) as { main: Record<string, { dates: { timeZoneNames: { zone: ZoneTree } } }> };
    tree = file.main[language]!.dates.timeZoneNames.zone;
    zoneTrees.set(language, tree);
  }
  return tree;
}

/** A zone's exemplar city in a language; English falls back to the zone id's last part. */
function exemplarCity(language: string, timeZone: string): string | undefined {
  let node: unknown = zoneTree(language);
  for (const part of timeZone.split('/'))
    node = (node as Record<string, unknown> | undefined)?.[part];
  // CLDR's German names carry soft hyphens (Reyk­ja­vík) for line breaking.
  const city = (node as ZoneTree | undefined)?.exemplarCity?.replace(/\u00AD/g, '');
  if (city || language !== 'en') return city;
  return timeZone.split('/').pop()?.replace(/_/g, ' ');
}

// Which country each time zone is in, from the city data the server already bundles.
const require = createRequire(import.meta.url);
const zonesByCountry = new Map<string, Set<string>>();
for (const city of require('city-timezones/data/cityMap.json') as {
  iso2: string;
  timezone: string | null;
}[]) {
  if (!city.timezone) continue;
  if (!zonesByCountry.has(city.iso2)) zonesByCountry.set(city.iso2, new Set());
  zonesByCountry.get(city.iso2)!.add(city.timezone);
}

/** The CLDR time zone whose English exemplar city is `name`, in that country. */
function zoneNamed(name: string, countryCode: string, ownZone: string): string | undefined {
  if (exemplarCity('en', ownZone) === name) return ownZone;
  return [...(zonesByCountry.get(countryCode) ?? [])].find(
    (zone) => exemplarCity('en', zone) === name,
  );
}

const SHORT_COUNTRY_NAMES = new Set(['HK', 'MO', 'PS']);
function countryName(language: string, code: string): string | undefined {
  const style = SHORT_COUNTRY_NAMES.has(code) ? 'short' : 'long';
  return new Intl.DisplayNames([language], { type: 'region', style, fallback: 'none' }).of(code);
}

type Source = 'curated' | 'country' | 'cldr';
type Known = { name: string; source: Source };

function localize(
  name: string,
  countryCode: string,
  zone: string,
  language: Language,
): Known | null {
  const curated = curatedPlaceNames[name]?.[language];
  if (curated) return { name: curated, source: 'curated' };
  // Named after its country: the country's name (CLDR's English says "St." for "Saint").
  if (countryName('en', countryCode)?.replace(/^St\. /, 'Saint ') === name) {
    const local = countryName(language, countryCode);
    if (local) return { name: local, source: 'country' };
  }
  const matching = zoneNamed(name, countryCode, zone);
  if (matching) return { name: exemplarCity(language, matching) ?? name, source: 'cldr' };
  return null;
}

// Every name to look up: destinations, then their airports' towns and the hubs' towns.
const places = new Map<string, { countryCode: string; zone: string }>();
const destinationNames = new Set<string>();
for (const destination of curatedDestinations) {
  const airport = findAirport(destination.airport);
  if (!airport) throw new Error(`No airport ${destination.airport}`);
  places.set(destination.city, { countryCode: airport.countryCode, zone: airport.timezone });
  destinationNames.add(destination.city);
}
for (const code of [
  ...curatedDestinations.map((destination) => destination.airport),
  ...connectionHubs,
]) {
  const airport = findAirport(code);
  if (airport && !places.has(airport.city)) {
    places.set(airport.city, { countryCode: airport.countryCode, zone: airport.timezone });
  }
}

const shared = new URL(
  '../../../../packages/shared/src/travel/localized-place-names/',
  import.meta.url,
);
for (const language of languages) {
  const table: Record<string, string> = {};
  const counts = { known: 0, differs: 0, curated: 0, country: 0, cldr: 0 };
  for (const [name, { countryCode, zone }] of places) {
    const known = localize(placeNameSpellings[name] ?? name, countryCode, zone, language);
    if (!known) continue;
    if (known.name !== name) table[name] = known.name;
    if (!destinationNames.has(name)) continue;
    counts.known += 1;
    counts[known.source] += 1;
    if (known.name !== name) counts.differs += 1;
  }
  const sorted = Object.fromEntries(Object.entries(table).sort(([a], [b]) => a.localeCompare(b)));
  const label = new Intl.DisplayNames(['en'], { type: 'language' }).of(language);
  const source = [
    '// Generated by apps/server/scripts/place-names/generate-place-names.ts: do not edit by hand.',
    `/** ${label} names of the inventory's destinations and airport towns, by English name. */`,
    `const placeNames: Readonly<Record<string, string>> = ${JSON.stringify(sorted)};`,
    'export default placeNames;',
  ].join('\n');
  writeFileSync(
    new URL(`${language}.ts`, shared),
    await format(source, { parser: 'typescript', singleQuote: true, printWidth: 100 }),
  );
  console.log(
    `${language}: ${counts.known} of ${destinationNames.size} destinations named from a source ` +
      `(${counts.cldr} CLDR, ${counts.country} country names, ${counts.curated} curated), ` +
      `${counts.differs} differ from English; ${Object.keys(sorted).length} entries in all`,
  );
}
