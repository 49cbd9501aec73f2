import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { BUNDLED_RATES } from './bundled-rates';

/** Units of each currency per 1 EUR, with the day they are for and where they came from. */
export type RateTable = {
  asOf: string;
  source: string;
  rates: Readonly<Record<string, number>>;
};

export type Conversion = {
  amount: number;
  rate: number;
  asOf: string;
  source: string;
};

export type ExchangeRates = {
  /** The table to convert with now; refreshes a stale live table in the background. */
  table(): RateTable;
  /** Fetches the live table now (when configured); keeps the last good one on failure. */
  refresh(): Promise<void>;
};

/** Converts with a table; null when either currency is not in it. Amounts keep cents. */
export function convertAmount(
  table: RateTable,
  amount: number,
  from: string,
  to: string,
): Conversion | null {
  const fromRate = table.rates[from];
  const toRate = table.rates[to];
  if (fromRate === undefined || toRate === undefined) return null;
  const rate = toRate / fromRate;
  return {
    amount: Math.round(amount * rate * 100) / 100,
    rate: Math.round(rate * 1e6) / 1e6,
    asOf: table.asOf,
    source: table.source,
  };
}

export const bundledRateTable: RateTable = BUNDLED_RATES;

/** Frankfurter's answer (ECB reference rates): GET /latest?base=EUR. */
const liveAnswerSchema = z.object({
  base: z.literal('EUR'),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  rates: z.record(z.string().regex(/^[A-Z]{3}$/), z.number().positive()),
});

const REFRESH_AFTER_MS = 6 * 60 * 60 * 1000;

/**
 * Live reference rates from a Frankfurter-compatible service (ECB data, published each working
 * day). Until the first answer, and whenever it fails, the bundled table is used, so a price is
 * never withheld for want of a rate; every amount says which table converted it.
 */
export function createExchangeRates(options: {
  liveUrl?: string;
  log: FastifyBaseLogger;
  fetchImpl?: typeof fetch;
  now?: () => number;
}): ExchangeRates {
  const fetchImpl = options.fetchImpl ?? fetch;
  const now = options.now ?? Date.now;
  let current: RateTable = bundledRateTable;
  let fetchedAt = 0;
  let inflight: Promise<void> | undefined;

  async function refresh(): Promise<void> {
    if (!options.liveUrl) return;
    inflight ??= (async () => {
      try {
        const url = new URL(
          'latest',
          options.liveUrl!.endsWith('/') ? options.liveUrl : `${options.liveUrl}/`,
        );
        url.searchParams.set('base', 'EUR');
        const response = await fetchImpl(url, {
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(5000),
        });
        if (!response.ok) throw new Error(`status ${response.status}`);
        const body = liveAnswerSchema.parse(await response.json());
        current = {
          asOf: body.date,
          source: 'ECB',
          rates: { ...body.rates, EUR: 1 },
        };
      } catch (error) {
        options.log.warn(
          { err: error instanceof Error ? error.message : String(error) },
          'live exchange rates unavailable; keeping the last table',
        );
      } finally {
        fetchedAt = now();
        inflight = undefined;
      }
    })();
    return inflight;
  }

  return {
    table() {
      if (options.liveUrl && !inflight && now() - fetchedAt > REFRESH_AFTER_MS) void refresh();
      return current;
    },
    refresh,
  };
}
