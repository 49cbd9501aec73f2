import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { as, person } from '../../../test/api-helpers';
import { createTestApp, type TestApp } from '../../../test/test-app';

const dataDir = await mkdtemp(path.join(tmpdir(), 'vowa-warm-up-'));
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

// A second start on the same data: the embedded PGlite under DATA_DIR, or the shared PostgreSQL
// database (which needs its keys configured, see config/env.ts).
const persistent: Record<string, string> = process.env.DATABASE_URL
  ? { DATA_DIR: dataDir }
  : { DATA_DIR: dataDir, JWT_SECRET: '', ENCRYPTION_KEY: '', DATABASE_URL: '' };

/** The origins of the warm-up's report in the app's log, once it has one. */
function warmedOrigins(t: TestApp): string[] | undefined {
  for (const line of t.logs) {
    const entry = JSON.parse(line) as { msg?: string; origins?: string[] };
    if (entry.msg === 'suggestions priced ahead') return entry.origins;
  }
  return undefined;
}

/** Pricing every origin's day of trips is CPU-bound: on a busy 2-core machine it takes a while. */
const WARM_UP_WAIT_MS = 120_000;

async function waitForWarmUp(t: TestApp, timeoutMs = WARM_UP_WAIT_MS): Promise<string[]> {
  const started = Date.now();
  for (;;) {
    const origins = warmedOrigins(t);
    if (origins) return origins;
    if (Date.now() - started > timeoutMs) throw new Error('no warm-up reported');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("the day's suggestions are priced ahead of the first visitor", () => {
  // Two starts on persistent data and a warm-up: the test allows as long as the warm-up may take.
  it(
    'prices the default origin and the chosen home airports once the server is ready',
    async () => {
      const first = await createTestApp(persistent);
      for (const name of ['Lisboeta', 'Alfacinha']) {
        const someone = as(first.app, await person(first.app, name));
        expect(
          (await someone.put('/api/travel/preferences', { homeAirport: 'LIS' })).statusCode,
        ).toBe(200);
      }
      await first.close();

      // A server with the warm-up on (the default outside tests), on the same data, before anyone
      // asks for trips. Its clock is years back, so the prices it records stay out of the 30-day
      // windows of the other tests sharing a PostgreSQL database.
      const second = await createTestApp(
        { ...persistent, SUGGESTIONS_WARM_UP: 'true' },
        { now: () => new Date('2021-03-01T10:00:00Z') },
      );
      try {
        const origins = await waitForWarmUp(second);
        expect(origins).toContain('JFK');
        expect(origins).toContain('LIS');
        // The first visitor from Lisbon gets the day's trips from memory.
        const visitor = as(second.app, await person(second.app, 'Tripeiro'));
        await visitor.put('/api/travel/preferences', { homeAirport: 'LIS' });
        const response = await visitor.get('/api/travel/suggestions');
        expect(response.statusCode).toBe(200);
        expect(response.json().origin.code).toBe('LIS');
      } finally {
        await second.close();
      }
    },
    WARM_UP_WAIT_MS + 30_000,
  );

  it('can be turned off (SUGGESTIONS_WARM_UP=false)', async () => {
    const t = await createTestApp({ SUGGESTIONS_WARM_UP: 'false' });
    try {
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(warmedOrigins(t)).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
