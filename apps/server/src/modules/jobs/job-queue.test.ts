import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/env';
import { openDatabase, type DatabaseHandle } from '../../db/database';
import { backoffDelay, createJobQueue, type JobQueue } from './job-queue';
import { jobs } from './jobs-schema';

// Two instances of the queue: on PostgreSQL (DATABASE_URL) each has its own connection pool,
// as two servers would; on PGlite (the default) they share the one embedded connection.
const url = process.env.DATABASE_URL;
const onPostgres = Boolean(url && url.startsWith('postgres'));
const databaseConfig = onPostgres
  ? ({ kind: 'postgres', url: url! } as const)
  : ({ kind: 'pglite', dataDir: 'memory://' } as const);

const silent = {
  info() {},
  warn() {},
  error() {},
  debug() {},
} as unknown as FastifyBaseLogger;

let first: DatabaseHandle;
let second: DatabaseHandle;
let clock = new Date('2031-03-04T05:00:00Z');
const run = randomUUID().slice(0, 8);
/** Names of this run only: the PostgreSQL database outlives test runs and is shared by files. */
const named = (name: string) => `test.${run}.${name}`;
const queues: JobQueue[] = [];

function queue(db: DatabaseHandle, concurrency = 4) {
  const created = createJobQueue({
    db: db.db,
    log: silent,
    now: () => clock,
    pollMs: 0,
    concurrency,
  });
  queues.push(created);
  return created;
}

async function rowsOf(name: string) {
  return first.db.select().from(jobs).where(eq(jobs.name, name));
}

/** A promise and its resolver, to hold a handler mid-run. */
function gate() {
  let open: () => void = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

beforeAll(async () => {
  first = await openDatabase(databaseConfig);
  second = onPostgres ? await openDatabase(databaseConfig) : first;
}, 60_000);

afterAll(async () => {
  await Promise.all(queues.map((each) => each.stop()));
  await first.close();
  if (second !== first) await second.close();
});

describe('recurring jobs', () => {
  it('run exactly once per period however many instances and passes look for them', async () => {
    const name = named('recurring');
    const a = queue(first);
    const b = queue(second);
    const runs: string[] = [];
    for (const instance of [a, b]) {
      instance.schedule(name, { everyMs: 60_000 });
      instance.work(name, async (_payload, { scheduledFor }) => {
        runs.push(scheduledFor.toISOString());
      });
    }
    const periods = [
      '2031-03-04T05:00:00.000Z',
      '2031-03-04T05:01:00.000Z',
      '2031-03-04T05:02:00.000Z',
    ];
    for (const period of periods) {
      for (const offset of [1_000, 30_000, 59_000]) {
        clock = new Date(Date.parse(period) + offset);
        await Promise.all([a.runDue(), b.runDue(), a.runDue(), b.runDue()]);
      }
    }
    expect(runs.sort()).toEqual(periods);
    const rows = await rowsOf(name);
    expect(rows).toHaveLength(3);
    expect(rows.every((row) => row.state === 'done' && row.attempts === 1)).toBe(true);
  });
});

describe('keyed jobs', () => {
  it('1,000 keys enqueued from both instances run exactly once each, and never again', async () => {
    const name = named('keyed');
    const a = queue(first, 8);
    const b = queue(second, 8);
    const runs = new Map<string, number>();
    for (const instance of [a, b]) {
      instance.work<{ n: number }>(name, async (payload, { key }) => {
        expect(key).toBe(`order-${payload.n}`);
        runs.set(key!, (runs.get(key!) ?? 0) + 1);
      });
    }
    const keys = Array.from({ length: 1000 }, (_, n) => n);
    const enqueueAll = (instance: JobQueue) =>
      Promise.all(keys.map((n) => instance.enqueue(name, { n }, { key: `order-${n}` })));
    const [fromA, fromB] = await Promise.all([enqueueAll(a), enqueueAll(b)]);
    const created = [...fromA, ...fromB].filter((result) => result.created).length;
    expect(created).toBe(1000);

    const [ranOnA, ranOnB] = await Promise.all([a.runDue(), b.runDue()]);
    expect(ranOnA + ranOnB).toBe(1000);
    expect(runs.size).toBe(1000);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);

    // A key is spent for good: enqueueing it again creates nothing to run.
    expect(await a.enqueue(name, { n: 7 }, { key: 'order-7' })).toEqual({ created: false });
    expect(await b.runDue()).toBe(0);
    expect(runs.get('order-7')).toBe(1);
    const rows = await rowsOf(name);
    expect(rows).toHaveLength(1000);
    expect(rows.every((row) => row.state === 'done')).toBe(true);
  }, 120_000);
});

describe('a worker that dies mid-run', () => {
  it('loses its lease, the job is run again elsewhere, and its late answer is ignored', async () => {
    const name = named('lease');
    const a = queue(first);
    const b = queue(second);
    const held = gate();
    const started = gate();
    const attempts: { on: string; attempt: number }[] = [];
    a.work(
      name,
      async (_payload, { attempt }) => {
        attempts.push({ on: 'a', attempt });
        started.open();
        // This worker "dies": it never answers until the test lets it.
        await held.promise;
        throw new Error('too late to matter');
      },
      { leaseMs: 60_000 },
    );
    b.work(
      name,
      async (_payload, { attempt }) => {
        attempts.push({ on: 'b', attempt });
      },
      { leaseMs: 60_000 },
    );
    await a.enqueue(name, {}, { key: 'only' });
    const stuck = a.runDue();
    await started.promise;

    // Within the lease the job is someone's: nothing to claim.
    clock = new Date(clock.getTime() + 59_000);
    expect(await b.runDue()).toBe(0);
    clock = new Date(clock.getTime() + 2_000);
    expect(await b.runDue()).toBe(1);
    expect(attempts).toEqual([
      { on: 'a', attempt: 1 },
      { on: 'b', attempt: 2 },
    ]);

    held.open();
    await stuck;
    const [row] = await rowsOf(name);
    expect(row).toMatchObject({ state: 'done', attempts: 2, lastError: null });
  });

  it('is dead-lettered when the run it died in was the last one allowed', async () => {
    const name = named('lease-last');
    const a = queue(first);
    const held = gate();
    const started = gate();
    let runs = 0;
    a.work(
      name,
      async () => {
        runs += 1;
        started.open();
        await held.promise;
      },
      { retries: 0, leaseMs: 10_000 },
    );
    await a.enqueue(name);
    const stuck = a.runDue();
    await started.promise;
    clock = new Date(clock.getTime() + 11_000);
    const b = queue(second);
    b.work(
      name,
      async () => {
        runs += 1;
      },
      { retries: 0, leaseMs: 10_000 },
    );
    expect(await b.runDue()).toBe(1);
    expect(runs).toBe(1);
    held.open();
    await stuck;
    const [row] = await rowsOf(name);
    expect(row).toMatchObject({ state: 'dead', attempts: 1 });
    expect(row!.lastError).toMatch(/lease ran out/);
  });
});

describe('failures', () => {
  it('are retried with exponential backoff, then dead-lettered with the last error', async () => {
    const name = named('failing');
    const a = queue(first);
    const seen: number[] = [];
    a.work(
      name,
      async (_payload, { attempt }) => {
        seen.push(attempt);
        throw new Error(`card declined (try ${attempt})`);
      },
      { retries: 2, backoffMs: 1_000 },
    );
    await a.enqueue(name, { amount: 12 }, { key: 'payment-1' });
    const row = async () => (await rowsOf(name))[0]!;

    expect(await a.runDue()).toBe(1);
    expect(await row()).toMatchObject({
      state: 'queued',
      attempts: 1,
      lastError: 'Error: card declined (try 1)',
      runAt: new Date(clock.getTime() + 1_000),
    });
    // Not before its backoff is over.
    expect(await a.runDue()).toBe(0);
    clock = new Date(clock.getTime() + 1_000);
    expect(await a.runDue()).toBe(1);
    expect((await row()).runAt).toEqual(new Date(clock.getTime() + 2_000));
    clock = new Date(clock.getTime() + 1_999);
    expect(await a.runDue()).toBe(0);
    clock = new Date(clock.getTime() + 1);
    expect(await a.runDue()).toBe(1);

    expect(await row()).toMatchObject({
      state: 'dead',
      attempts: 3,
      lastError: 'Error: card declined (try 3)',
    });
    clock = new Date(clock.getTime() + 3_600_000);
    expect(await a.runDue()).toBe(0);
    expect(seen).toEqual([1, 2, 3]);
  });

  it('a retry that succeeds finishes the job', async () => {
    const name = named('flaky');
    const a = queue(first);
    a.work(
      name,
      async (_payload, { attempt }) => {
        if (attempt === 1) throw new Error('provider timed out');
      },
      { backoffMs: 500 },
    );
    await a.enqueue(name);
    await a.runDue();
    clock = new Date(clock.getTime() + 500);
    await a.runDue();
    const [row] = await rowsOf(name);
    expect(row).toMatchObject({
      state: 'done',
      attempts: 2,
      lastError: 'Error: provider timed out',
    });
  });

  it('backoff doubles from the base up to the cap', () => {
    const options = { retries: 9, backoffMs: 1_000, maxBackoffMs: 5_000, leaseMs: 1 };
    expect([1, 2, 3, 4].map((attempt) => backoffDelay(attempt, options))).toEqual([
      1_000, 2_000, 4_000, 5_000,
    ]);
  });
});

describe('stopping', () => {
  it('stops claiming, waits for the running job, and hands it back unfinished', async () => {
    const name = named('stopping');
    const a = queue(first);
    const started = gate();
    let finishedUnit = false;
    a.work(name, async (_payload, { signal }) => {
      started.open();
      await new Promise((resolve) => signal.addEventListener('abort', resolve));
      finishedUnit = true;
    });
    await a.enqueue(name, {}, { key: 'long' });
    await a.enqueue(name, {}, { key: 'next' });
    const running = a.runDue();
    await started.promise;
    await a.stop();
    expect(finishedUnit).toBe(true);
    await running;
    expect(await a.runDue()).toBe(0);

    const rows = await rowsOf(name);
    expect(rows.map((row) => [row.key, row.state, row.attempts]).sort()).toEqual([
      ['long', 'queued', 0],
      ['next', 'queued', 0],
    ]);
    // Another instance takes both over.
    const b = queue(second);
    const done: string[] = [];
    b.work(name, async (_payload, { key }) => {
      done.push(key!);
    });
    expect(await b.runDue()).toBe(2);
    expect(done.sort()).toEqual(['long', 'next']);
    await first.db.delete(jobs).where(and(eq(jobs.name, name)));
  });
});

describe('JOBS_INTERVAL_MS and JOBS_POLL_MS', () => {
  it('default to five minutes and a second, take 0 for off, and refuse a busy loop', () => {
    expect(loadConfig({})).toMatchObject({ jobsIntervalMs: 300_000, jobsPollMs: 1000 });
    expect(loadConfig({ JOBS_INTERVAL_MS: '0', JOBS_POLL_MS: '0' })).toMatchObject({
      jobsIntervalMs: 0,
      jobsPollMs: 0,
    });
    expect(loadConfig({ JOBS_INTERVAL_MS: '60000' }).jobsIntervalMs).toBe(60_000);
    expect(() => loadConfig({ JOBS_INTERVAL_MS: '50' })).toThrow(ConfigError);
    expect(() => loadConfig({ JOBS_POLL_MS: '5' })).toThrow(ConfigError);
    expect(() => loadConfig({ JOBS_INTERVAL_MS: 'often' })).toThrow(ConfigError);
  });
});
