import { describe, expect, it } from 'vitest';
import { countryNameIn, loadPlaceNames, placeNameIn } from './use-place-names';

describe('countryNameIn', () => {
  it('names countries from their code in each language', () => {
    expect(countryNameIn('es', 'GB', 'United Kingdom')).toBe('Reino Unido');
    expect(countryNameIn('fr', 'DE', 'Germany')).toBe('Allemagne');
    expect(countryNameIn('de', 'JP', 'Japan')).toBe('Japan');
    expect(countryNameIn('de', 'ES', 'Spain')).toBe('Spanien');
    expect(countryNameIn('ja', 'FR', 'France')).toBe('フランス');
    expect(countryNameIn('ja', 'US', 'United States')).toBe('アメリカ合衆国');
    expect(countryNameIn('es-MX', 'us', 'United States')).toBe('Estados Unidos');
  });

  it('uses the short name where the long one is administrative', () => {
    expect(countryNameIn('es', 'HK', 'Hong Kong')).toBe('Hong Kong');
    expect(countryNameIn('ja', 'HK', 'Hong Kong')).toBe('香港');
  });

  it("keeps the server's English name for English, a missing code or an unknown one", () => {
    expect(countryNameIn('en', 'TR', 'Türkiye')).toBe('Türkiye');
    expect(countryNameIn('es', '', 'France')).toBe('France');
    expect(countryNameIn('es', undefined, 'France')).toBe('France');
    expect(countryNameIn('es', 'XQ', 'Somewhere')).toBe('Somewhere');
    expect(countryNameIn('es', 'N/A', 'Somewhere')).toBe('Somewhere');
  });
});

describe('place names', () => {
  it('names cities in each language once the table is loaded', async () => {
    await Promise.all(['es', 'fr', 'de', 'ja'].map(loadPlaceNames));
    expect(['es', 'fr', 'de', 'ja'].map((language) => placeNameIn(language, 'London'))).toEqual([
      'Londres',
      'Londres',
      'London',
      'ロンドン',
    ]);
    expect(['es', 'fr', 'de', 'ja'].map((language) => placeNameIn(language, 'Munich'))).toEqual([
      'Múnich',
      'Munich',
      'München',
      'ミュンヘン',
    ]);
    expect(placeNameIn('es', 'Venice')).toBe('Venecia');
    expect(placeNameIn('fr', 'Venice')).toBe('Venise');
    expect(placeNameIn('de', 'Venice')).toBe('Venedig');
    expect(placeNameIn('ja', 'Tokyo')).toBe('東京');
    expect(placeNameIn('es', 'New York')).toBe('Nueva York');
    expect(placeNameIn('fr', 'Cape Town')).toBe('Le Cap');
  });

  it('keeps the English name where no localisation is known', async () => {
    await loadPlaceNames('ja');
    expect(placeNameIn('ja', 'Bozeman')).toBe('Bozeman');
    expect(placeNameIn('es', 'Somewhere New')).toBe('Somewhere New');
    expect(placeNameIn('en', 'Munich')).toBe('Munich');
    expect(await loadPlaceNames('en')).toEqual({});
  });
});
