import type { Language } from '@vowa/shared/settings/settings-constants';
import { INTL_LOCALE } from './intl-locale';

/**
 * Every number the assistant's tools returned in one turn (prices, budgets, dates, times,
 * counts), plus the numbers the person wrote. A reply may only say numbers from here: a price
 * no tool quoted is a price the assistant made up. `allows` is checked on every reply, from the
 * offline assistant and from a model alike; numbers the assistant derives itself (what is left of
 * a budget) are added with `derive`, from ledger numbers only.
 */
export class PriceLedger {
  private readonly numbers = new Set<number>();

  /** Records every number in a tool result, including digits inside its texts. */
  record(value: unknown): void {
    if (typeof value === 'number') {
      if (Number.isFinite(value)) this.add(value);
    } else if (typeof value === 'string') {
      for (const match of value.matchAll(/\d+(?:\.\d+)?/g)) this.add(Number(match[0]));
    } else if (Array.isArray(value)) {
      for (const item of value) this.record(item);
    } else if (value !== null && typeof value === 'object') {
      for (const item of Object.values(value)) this.record(item);
    }
  }

  /** How many results a tool returned: a number the reply may say ("I found 5 flights"). */
  countOf(items: readonly unknown[]): number {
    this.add(items.length);
    return items.length;
  }

  /** Records what the person said, so "for 3 people" may be repeated back. */
  recordText(text: string, language: Language): void {
    for (const found of numbersIn(text, language)) this.add(found.value);
  }

  /** A number computed from recorded ones (a sum, a difference); refused if any is not recorded. */
  derive(inputs: number[], compute: (...values: number[]) => number): number {
    for (const input of inputs) {
      if (!this.has(input)) throw new Error(`derived from an unrecorded number: ${input}`);
    }
    const result = compute(...inputs);
    this.add(result);
    return result;
  }

  has(value: number): boolean {
    if (this.numbers.has(value)) return true;
    // Shown amounts are rounded to whole units or cents when formatted.
    for (const known of this.numbers) {
      if (Math.abs(known - value) < 0.006) return true;
      if (Number.isInteger(value) && (Math.round(known) === value || Math.floor(known) === value)) {
        return true;
      }
    }
    return false;
  }

  /** The numbers in `text` that no tool returned and the person did not say. */
  unknownNumbersIn(text: string, language: Language): string[] {
    return numbersIn(text, language)
      .filter((found) => !this.has(found.value))
      .map((found) => found.text);
  }

  private add(value: number) {
    this.numbers.add(value);
    this.numbers.add(Math.round(value * 100) / 100);
  }
}

/** The group and decimal separators numbers are written with in `language`. */
function separatorsOf(language: Language) {
  const parts = new Intl.NumberFormat(INTL_LOCALE[language]).formatToParts(12345.6);
  return {
    group: parts.find((part) => part.type === 'group')?.value ?? ',',
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
  };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The numbers written in `text`, read the way `language` writes them ("1,234.50" in English,
 * "1.234,50" in German, "1 234,50" in French). Digits that belong to a word (a flight number
 * such as "BA117") count too: they are numbers the reader sees.
 */
export function numbersIn(text: string, language: Language) {
  const { group, decimal } = separatorsOf(language);
  // French groups with a narrow no-break space; people and models also write a plain space.
  const groups = group.trim() === '' ? `[${escape(group)}\\u00a0\\u202f ]` : escape(group);
  const pattern = new RegExp(
    `\\d{1,3}(?:${groups}\\d{3})+(?:${escape(decimal)}\\d+)?|\\d+(?:${escape(decimal)}\\d+)?`,
    'g',
  );
  return [...text.matchAll(pattern)].map((match) => {
    const written = match[0];
    const plain = written.replace(new RegExp(groups, 'g'), '').replace(decimal, '.');
    return { text: written, value: Number(plain) };
  });
}
