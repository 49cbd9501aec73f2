import { describe, expect, it } from 'vitest';
import { numbersIn, PriceLedger } from './price-ledger';
import { createTextGuard } from './text-guard';

function ledgerOf(...values: unknown[]) {
  const ledger = new PriceLedger();
  for (const value of values) ledger.record(value);
  return ledger;
}

describe('numbersIn', () => {
  it('reads numbers the way each language writes them', () => {
    expect(numbersIn('$1,234.50 for 2', 'en').map((n) => n.value)).toEqual([1234.5, 2]);
    expect(numbersIn('1.234,50 € für 2', 'de').map((n) => n.value)).toEqual([1234.5, 2]);
    expect(numbersIn('1\u202f234,50 € pour 2', 'fr').map((n) => n.value)).toEqual([1234.5, 2]);
    expect(numbersIn('￥123,456で2名', 'ja').map((n) => n.value)).toEqual([123456, 2]);
  });
});

describe('the text guard', () => {
  it('lets through numbers a tool returned, whole or rounded, and those the person said', () => {
    const ledger = ledgerOf({ price: 452.37, date: '2026-07-14' });
    ledger.recordText('for 3 people', 'en');
    const guard = createTextGuard(ledger, 'en');
    const shown = [
      guard.push('From $45'),
      guard.push('2.37 on July 1'),
      guard.push('4, about $452, for 3.'),
      guard.end(),
    ].join('');
    expect(shown).toBe('From $452.37 on July 14, about $452, for 3.');
    expect(guard.violated).toBe(false);
  });

  it('holds a number back until it is complete, and stops at an invented one', () => {
    const guard = createTextGuard(ledgerOf({ price: 300 }), 'en');
    expect(guard.push('It costs $30')).toBe('It costs $');
    expect(guard.push('0 or $99')).toBe('300 or $');
    expect(guard.push('9 with taxes.')).toBe('');
    expect(guard.end()).toBe('');
    expect(guard.violated).toBe(true);
  });

  it('refuses a derivation from a number no tool returned', () => {
    const ledger = ledgerOf({ price: 100 });
    expect(ledger.derive([100, 100], (a, b) => a + b)).toBe(200);
    expect(() => ledger.derive([100, 7], (a, b) => a - b)).toThrow(/unrecorded/);
  });
});
