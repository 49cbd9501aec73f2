import { describe, expect, it, vi } from 'vitest';
import { BUNDLED_RATES } from './bundled-rates';
import { bundledRateTable, convertAmount, createExchangeRates } from './exchange-rates';

const log = { warn: vi.fn() } as unknown as Parameters<typeof createExchangeRates>[0]['log'];

describe('convertAmount', () => {
  it('converts through the euro and keeps cents', () => {
    expect(convertAmount(bundledRateTable, 100, 'EUR', 'USD')).toEqual({
      amount: 117.2,
      rate: 1.172,
      asOf: BUNDLED_RATES.asOf,
      source: 'bundled',
    });
    const gbpToJpy = convertAmount(bundledRateTable, 10, 'GBP', 'JPY');
    expect(gbpToJpy?.amount).toBeCloseTo((10 * 169.2) / 0.856, 1);
  });

  it('says so when it does not know a currency', () => {
    expect(convertAmount(bundledRateTable, 10, 'EUR', 'XXX')).toBeNull();
  });
});

describe('live rates', () => {
  it('keeps the bundled table when the live source fails, and adopts a good answer', async () => {
    let ok = false;
    const fetchImpl = vi.fn(async () =>
      ok
        ? new Response(JSON.stringify({ base: 'EUR', date: '2026-11-20', rates: { USD: 1.3 } }))
        : new Response('down', { status: 502 }),
    );
    const rates = createExchangeRates({ liveUrl: 'http://rates.test/v1', log, fetchImpl });
    await rates.refresh();
    expect(rates.table().source).toBe('bundled');
    ok = true;
    await rates.refresh();
    expect(rates.table()).toMatchObject({ source: 'ECB', asOf: '2026-11-20' });
    expect(convertAmount(rates.table(), 10, 'EUR', 'USD')?.amount).toBe(13);
  });

  it('refuses a body that is not a rate table', async () => {
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify({ base: 'USD', rates: 'x' })));
    const rates = createExchangeRates({ liveUrl: 'http://rates.test/v1', log, fetchImpl });
    await rates.refresh();
    expect(rates.table().source).toBe('bundled');
  });
});
