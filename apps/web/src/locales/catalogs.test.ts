import { describe, expect, it } from 'vitest';
import { de } from './de';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import { ja } from './ja';

/** Every text of a catalog by its dotted key. */
function flatten(catalog: object, prefix = ''): Map<string, string> {
  const texts = new Map<string, string>();
  for (const [key, value] of Object.entries(catalog)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') texts.set(path, value);
    else for (const [inner, text] of flatten(value as object, path)) texts.set(inner, text);
  }
  return texts;
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((match) => match[1]).sort();

const english = flatten(en);

describe.each([
  ['es', es],
  ['fr', fr],
  ['de', de],
  ['ja', ja],
])('the %s catalog', (_language, catalog) => {
  const texts = flatten(catalog);

  it('has exactly the English keys', () => {
    expect([...texts.keys()]).toEqual([...english.keys()]);
  });

  it('keeps every placeholder of each text, and no text is empty', () => {
    for (const [key, text] of texts) {
      expect(text.trim(), key).not.toBe('');
      expect(placeholders(text), key).toEqual(placeholders(english.get(key) ?? ''));
    }
  });

  it('is translated, not copied', () => {
    // Names, codes and examples stay the same in every language; sentences do not.
    const sentences = [...english].filter(([, text]) => text.split(' ').length >= 4);
    const copied = sentences.filter(([key, text]) => texts.get(key) === text);
    expect(copied.length / sentences.length).toBeLessThan(0.05);
  });
});
