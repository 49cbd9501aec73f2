import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../../../test/scratch-database';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  autoBookingPerson,
  countOf,
  hotelQuotes,
  seedWatches,
  type AutoBookingPerson,
  type SeedQuote,
} from '../../../test/watch-seed';
import { BOOK_JOB, CLAIM_MS } from './watch-auto-book';

// Two instances share one database only on PostgreSQL (an in-memory PGlite is one process's).
const onPostgres = Boolean(process.env.DATABASE_URL) && process.env.DATABASE_URL !== 'memory://';
const START = new Date('2026-11-21T10:00:00Z');
const WATCHES = 1000;
const PEOPLE = 20;
const MINUTE = 60_000;
const serverRoot = path.resolve(import.meta.dirname, '../../..');

const CITIES = [
  { city: 'Lisbon', country: 'Portugal', countryCode: 'PT' },
  { city: 'Rome', country: 'Italy', countryCode: 'IT' },
  { city: 'Paris', country: 'France', countryCode: 'FR' },
  { city: 'Barcelona', country: 'Spain', countryCode: 'ES' },
  { city: 'Tokyo', country: 'Japan', countryCode: 'JP' },
];

describe.skipIf(!onPostgres)('auto-booking on instances sharing one PostgreSQL database', () => {
  let clock = START;
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  let one: TestApp;
  let quotes: SeedQuote[];

  beforeAll(async () => {
    // Both instances work every due watch and booking job they find: a database of their own.
    database = await createScratchDatabase(process.env.DATABASE_URL!);
    one = await createTestApp({ DATABASE_URL: database.url }, { now: () => clock });
    const scout = await autoBookingPerson(one, 'Quote Scout');
    quotes = await hotelQuotes(one.app, scout, CITIES, START.toISOString().slice(0, 10));
  }, 120_000);
  afterAll(async () => {
    await one?.close();
    await database?.drop();
  });

  /**
   * The second instance: its own process (test/watch-book-worker.ts) on the same database, its
   * clock at START, working monitor passes and booking jobs until it is killed.
   */
  async function startWorker() {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'vowa-watch-worker-'));
    const worker = spawn(process.execPath, ['--import', 'tsx', 'test/watch-book-worker.ts'], {
      cwd: serverRoot,
      env: {
        PATH: process.env.PATH ?? '',
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        WORKER_NOW: START.toISOString(),
      },
    });
    let output = '';
    const ready = new Promise<void>((resolve) => {
      const listen = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('ready')) resolve();
      };
      worker.stdout.on('data', listen);
      worker.stderr.on('data', listen);
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      worker.on('exit', (_code, signal) => resolve(signal)),
    );
    await Promise.race([ready, exited]);
    return {
      exited,
      output: () => output,
      async kill() {
        worker.kill('SIGKILL');
        const signal = await exited;
        await rm(dataDir, { recursive: true, force: true });
        return signal;
      },
    };
  }

  /** WATCHES Auto-Book watches over PEOPLE people, every one at its target and due now. */
  async function crowdAtTarget(label: string) {
    const people: AutoBookingPerson[] = await Promise.all(
      Array.from({ length: PEOPLE }, (_, index) => autoBookingPerson(one, `${label} ${index}`)),
    );
    const ids = await seedWatches(
      one.app,
      Array.from({ length: WATCHES }, (_, index) => ({
        who: people[index % PEOPLE]!,
        quote: quotes[index % quotes.length]!,
        label: `${label}-${index}`,
      })),
      clock,
    );
    return { people, ids };
  }

  /** What the crowd's watches came to, counted in the database. */
  async function countsOf(crowd: { people: AutoBookingPerson[]; ids: string[] }) {
    const people = sql.join(
      crowd.people.map((who) => sql`${who.id}::uuid`),
      sql`, `,
    );
    const watches = sql.join(
      crowd.ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    const [bookings, keys, confirmed, payments, captured, booked, attempts, orders] =
      await Promise.all([
        countOf(one.app, sql`select count(*) as n from bookings where user_id in (${people})`),
        countOf(
          one.app,
          sql`select count(distinct idempotency_key) as n from bookings where user_id in (${people})`,
        ),
        countOf(
          one.app,
          sql`select count(*) as n from bookings
            where user_id in (${people}) and status = 'confirmed' and automatic`,
        ),
        countOf(one.app, sql`select count(*) as n from payments where user_id in (${people})`),
        countOf(
          one.app,
          sql`select count(*) as n from payments where user_id in (${people}) and status = 'captured'`,
        ),
        countOf(
          one.app,
          sql`select count(*) as n from price_watches where id in (${watches}) and status = 'booked'`,
        ),
        countOf(
          one.app,
          sql`select count(*) as n from watch_bookings where watch_id in (${watches}) and status = 'booked'`,
        ),
        countOf(
          one.app,
          sql`select count(*) as n from travel_provider_orders o
            join bookings b on o.idempotency_key like 'booking:' || b.id || ':%'
            where b.user_id in (${people})`,
        ),
      ]);
    return { bookings, keys, confirmed, payments, captured, booked, attempts, orders };
  }

  const unsettled = (ids: string[]) =>
    countOf(
      one.app,
      sql`select count(*) as n from price_watches
        where id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}) and status in ('active', 'booking')`,
    );

  /** One instance's share of the work: monitor passes, recovery, booking jobs, several at once. */
  async function work(instance: TestApp) {
    await instance.app.watches.runMonitor();
    await instance.app.watches.autoBooker.resumeStale();
    await Promise.all(
      Array.from({ length: 4 }, () => instance.app.jobs.runDue({ names: [BOOK_JOB] })),
    );
  }

  it('1,000 watches crossing their target at once, two instances: 1,000 bookings, 1,000 charges', async () => {
    clock = START;
    const crowd = await crowdAtTarget('Crowd');
    const other = await startWorker();
    try {
      for (let round = 0; round < 60 && (await unsettled(crowd.ids)) > 0; round += 1) {
        await work(one);
      }
    } finally {
      expect(await other.kill(), other.output()).toBe('SIGKILL');
    }
    expect(await countsOf(crowd)).toEqual({
      bookings: WATCHES,
      keys: WATCHES,
      confirmed: WATCHES,
      payments: WATCHES,
      captured: WATCHES,
      booked: WATCHES,
      attempts: WATCHES,
      orders: WATCHES,
    });
  }, 300_000);

  it('one instance SIGKILLed while bookings are in flight: the survivor finishes, still exactly 1,000', async () => {
    clock = START;
    const crowd = await crowdAtTarget('Survivors');
    const doomed = await startWorker();
    try {
      // It claims the crowd and books; a hundred bookings in, it dies mid-work.
      const giveUpAt = Date.now() + 120_000;
      while ((await countsOf(crowd)).bookings < 100 && Date.now() < giveUpAt) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      expect(await doomed.kill(), doomed.output()).toBe('SIGKILL');
    }
    const left = await countsOf(crowd);
    expect(left.bookings).toBeGreaterThan(0);
    expect(left.booked).toBeLessThan(WATCHES);

    // The survivor: its clock moves past the dead worker's job leases, booking leases and claims.
    for (let round = 0; round < 60 && (await unsettled(crowd.ids)) > 0; round += 1) {
      clock = new Date(START.getTime() + CLAIM_MS + (round + 1) * 2 * MINUTE);
      await one.app.bookings.recover();
      await work(one);
    }
    expect(await countsOf(crowd)).toEqual({
      bookings: WATCHES,
      keys: WATCHES,
      confirmed: WATCHES,
      payments: WATCHES,
      captured: WATCHES,
      booked: WATCHES,
      attempts: WATCHES,
      orders: WATCHES,
    });
  }, 300_000);
});
