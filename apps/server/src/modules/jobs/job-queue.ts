import { randomUUID } from 'node:crypto';
import { and, eq, isNull, like, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { jobs } from './jobs-schema';

/** What a handler learns about the run it was given. */
export type JobContext = {
  id: string;
  name: string;
  key: string | null;
  /** 1 on the first run, 2 on the first retry, … */
  attempt: number;
  /** When the run was due: a recurring job's period start, or the enqueued `runAt`. */
  scheduledFor: Date;
  /** The queue's clock when the run was claimed. */
  now: Date;
  /** Aborted when the queue stops: finish the current unit of work and return. */
  signal: AbortSignal;
};

export type JobHandler<Payload> = (payload: Payload, context: JobContext) => Promise<unknown>;

export type WorkOptions = {
  /** Runs after the first that fail before the job is dead-lettered. Default 3. */
  retries?: number;
  /** The first retry's delay; each next one doubles, up to `maxBackoffMs`. Default 10 s. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /**
   * How long a claim lasts without news from its worker. The worker renews it while the
   * handler runs; when the worker dies, the job is claimed again once it runs out. Default 5 min.
   */
  leaseMs?: number;
};

export type JobQueue = {
  /**
   * Queues a run of `name`. With a `key`, only the first enqueue of that (name, key) ever
   * creates a run (later ones return `created: false`), from any instance.
   */
  enqueue: (
    name: string,
    payload?: unknown,
    options?: { key?: string; runAt?: Date },
  ) => Promise<{ created: boolean }>;
  /**
   * Runs `name` once per period of `everyMs` (periods start at multiples of `everyMs` since
   * the epoch, so hourly runs start on the hour, UTC), on one instance only.
   */
  schedule: (name: string, period: { everyMs: number; payload?: unknown }) => void;
  /** Registers the handler of `name`; only named jobs with a handler here are claimed here. */
  work: <Payload = unknown>(
    name: string,
    handler: JobHandler<Payload>,
    options?: WorkOptions,
  ) => void;
  /**
   * Schedules due recurring runs and works every due job (of `names`, default all handled
   * here) until none is left; what the poller does, and what tests and tools call.
   */
  runDue: (options?: { names?: string[] }) => Promise<number>;
  /** Polls every `pollMs` (0: never; this instance then only enqueues). */
  start: () => void;
  /** Stops claiming, asks running handlers to stop, and waits for them. */
  stop: () => Promise<void>;
};

type Worker = Required<WorkOptions> & { handler: JobHandler<unknown> };
type ClaimedJob = {
  id: string;
  name: string;
  key: string | null;
  payload: unknown;
  attempts: number;
  runAt: Date;
  lastError: string | null;
  token: string;
};

const DEFAULT_WORK: Required<WorkOptions> = {
  retries: 3,
  backoffMs: 10_000,
  maxBackoffMs: 3_600_000,
  leaseMs: 300_000,
};
const ERROR_TEXT_LIMIT = 4000;

/** A failure as kept on a dead or retried job: its kind and message, no stack. */
function errorText(error: unknown): string {
  const text =
    error instanceof Error ? `${error.name}: ${error.message}` : `Error: ${String(error)}`;
  return text.slice(0, ERROR_TEXT_LIMIT);
}

/** Exponential backoff: base, 2×base, 4×base, … capped. */
export function backoffDelay(attempt: number, options: Required<WorkOptions>): number {
  return Math.min(options.maxBackoffMs, options.backoffMs * 2 ** Math.max(0, attempt - 1));
}

/**
 * The durable job queue on the application database (PGlite or PostgreSQL). Runs are claimed
 * with `FOR UPDATE SKIP LOCKED` under a lease, so any number of instances share the work and a
 * run is held by one worker at a time. Handlers should be idempotent: a run whose worker dies
 * is run again (that is the point), while a keyed run is created once ever.
 * See docs/decisions/0010-durable-jobs.md.
 */
export function createJobQueue(deps: {
  db: Database;
  log: FastifyBaseLogger;
  now?: () => Date;
  pollMs: number;
  /** Runs under way at once on this instance. */
  concurrency?: number;
}): JobQueue {
  const now = deps.now ?? (() => new Date());
  const concurrency = Math.max(1, deps.concurrency ?? 2);
  const instance = randomUUID();
  const workers = new Map<string, Worker>();
  const schedules = new Map<string, { everyMs: number; payload: unknown; last?: number }>();
  const running = new Set<Promise<void>>();
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let polling: Promise<unknown> | undefined;

  async function enqueue(
    name: string,
    payload: unknown = {},
    options: { key?: string; runAt?: Date } = {},
  ) {
    const at = now();
    const rows = await deps.db
      .insert(jobs)
      .values({
        name,
        key: options.key ?? null,
        payload: payload ?? {},
        runAt: options.runAt ?? at,
        createdAt: at,
      })
      .onConflictDoNothing({ target: [jobs.name, jobs.key] })
      .returning({ id: jobs.id });
    return { created: rows.length > 0 };
  }

  /** The current period's run of each recurring job, once per period per instance. */
  async function scheduleDue(names: string[]) {
    const at = now().getTime();
    for (const name of names) {
      const schedule = schedules.get(name);
      if (!schedule) continue;
      const start = Math.floor(at / schedule.everyMs) * schedule.everyMs;
      if (schedule.last === start) continue;
      const runAt = new Date(start);
      await enqueue(name, schedule.payload, {
        key: `every ${schedule.everyMs}ms from ${runAt.toISOString()}`,
        runAt,
      });
      schedule.last = start;
    }
  }

  /**
   * Takes up to `limit` due runs: queued ones whose time has come, and running ones whose
   * lease ran out. Rows another instance is claiming are skipped, not waited for.
   */
  async function claim(names: string[], limit: number): Promise<ClaimedJob[]> {
    const at = now();
    const token = `${instance}:${randomUUID()}`;
    const leases = names.map((name) => workers.get(name)!.leaseMs);
    // One lease per claim: the longest of the names asked for (the worker renews it anyway).
    const until = new Date(at.getTime() + Math.max(...leases));
    const nameList = sql.join(
      names.map((name) => sql`${name}`),
      sql`, `,
    );
    const result = (await deps.db.execute(sql`
      WITH due AS (
        SELECT id FROM jobs
        WHERE name IN (${nameList})
          AND ((state = 'queued' AND run_at <= ${at.toISOString()}::timestamptz)
            OR (state = 'running' AND locked_until < ${at.toISOString()}::timestamptz))
        ORDER BY run_at, created_at
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED
      )
      UPDATE jobs
      SET state = 'running', attempts = jobs.attempts + 1, locked_by = ${token},
          locked_until = ${until.toISOString()}::timestamptz
      FROM due WHERE jobs.id = due.id
      RETURNING jobs.id, jobs.name, jobs.key, jobs.payload, jobs.attempts, jobs.run_at,
        jobs.last_error
    `)) as unknown as { rows: Record<string, unknown>[] };
    return result.rows.map((row) => ({
      id: String(row.id),
      name: String(row.name),
      key: row.key === null ? null : String(row.key),
      payload: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
      attempts: Number(row.attempts),
      runAt: new Date(row.run_at as string | Date),
      lastError: row.last_error === null ? null : String(row.last_error),
      token,
    }));
  }

  /** Writes a run's outcome, only while this claim still holds it (a stale worker's is void). */
  async function settle(job: ClaimedJob, values: Partial<typeof jobs.$inferInsert>) {
    await deps.db
      .update(jobs)
      .set({ lockedBy: null, lockedUntil: null, ...values })
      .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, job.token)));
  }

  async function execute(job: ClaimedJob) {
    const worker = workers.get(job.name)!;
    // The previous holder died on the last attempt it had: nothing left to try.
    if (job.attempts > worker.retries + 1) {
      await settle(job, {
        state: 'dead',
        attempts: job.attempts - 1,
        lastError: job.lastError ?? 'The worker stopped before finishing (its lease ran out).',
        finishedAt: now(),
      });
      deps.log.error({ job: job.name, id: job.id }, 'background job dead-lettered');
      return;
    }
    const renew = setInterval(
      () => {
        deps.db
          .update(jobs)
          .set({ lockedUntil: new Date(now().getTime() + worker.leaseMs) })
          .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, job.token)))
          .catch((error: unknown) => deps.log.warn({ err: error }, 'job lease not renewed'));
      },
      Math.max(1000, worker.leaseMs / 3),
    );
    renew.unref();
    try {
      await worker.handler(job.payload, {
        id: job.id,
        name: job.name,
        key: job.key,
        attempt: job.attempts,
        scheduledFor: job.runAt,
        now: now(),
        signal: stopping.signal,
      });
      clearInterval(renew);
      if (stopping.signal.aborted) {
        // Stopped part-way: handed back for the next instance (this claim does not count).
        await settle(job, { state: 'queued', attempts: job.attempts - 1, runAt: now() });
      } else {
        await settle(job, { state: 'done', finishedAt: now() });
      }
    } catch (error) {
      clearInterval(renew);
      const lastError = errorText(error);
      if (job.attempts > worker.retries) {
        await settle(job, { state: 'dead', lastError, finishedAt: now() });
        deps.log.error({ err: error, job: job.name, id: job.id }, 'background job dead-lettered');
      } else {
        const runAt = new Date(now().getTime() + backoffDelay(job.attempts, worker));
        await settle(job, { state: 'queued', lastError, runAt });
        deps.log.warn({ err: error, job: job.name, id: job.id }, 'background job failed');
      }
    }
  }

  function launch(job: ClaimedJob) {
    const run = execute(job)
      .catch((error: unknown) => deps.log.error({ err: error, job: job.name }, 'job not settled'))
      .finally(() => running.delete(run));
    running.add(run);
    return run;
  }

  async function runDue(options: { names?: string[] } = {}) {
    const names = (options.names ?? [...workers.keys()]).filter((name) => workers.has(name));
    if (names.length === 0 || stopping.signal.aborted) return 0;
    await scheduleDue(names);
    const mine = new Set<Promise<void>>();
    let ran = 0;
    let exhausted = false;
    while (!stopping.signal.aborted) {
      const free = concurrency - mine.size;
      if (!exhausted && free > 0) {
        const claimed = await claim(names, free);
        exhausted = claimed.length < free;
        for (const job of claimed) {
          ran += 1;
          const run = launch(job).finally(() => mine.delete(run));
          mine.add(run);
        }
      }
      if (mine.size === 0) break;
      await Promise.race(mine);
      // A finished run frees a slot, and may have queued more work (or a retry due now).
      exhausted = false;
    }
    await Promise.allSettled([...mine]);
    return ran;
  }

  function poll() {
    timer = setTimeout(() => {
      polling = runDue()
        .catch((error: unknown) => deps.log.error({ err: error }, 'job poll failed'))
        .finally(() => {
          polling = undefined;
          if (!stopping.signal.aborted) poll();
        });
    }, deps.pollMs);
    // The poller never keeps the process alive; shutdown stops it explicitly.
    timer.unref();
  }

  return {
    enqueue,
    schedule(name, period) {
      if (!(period.everyMs >= 1000)) throw new Error(`${name}: a period of at least 1 s`);
      schedules.set(name, { everyMs: period.everyMs, payload: period.payload ?? {} });
    },
    work(name, handler, options = {}) {
      workers.set(name, { ...DEFAULT_WORK, ...options, handler: handler as JobHandler<unknown> });
    },
    runDue,
    start() {
      if (deps.pollMs > 0 && !timer && !stopping.signal.aborted) poll();
    },
    async stop() {
      stopping.abort();
      if (timer) clearTimeout(timer);
      await polling;
      await Promise.allSettled([...running]);
    },
  };
}

/**
 * Drops finished runs older than `before`: recurring and unkeyed ones. Keyed runs stay, since
 * their row is what makes a key run once ever; dead runs stay for someone to look at.
 */
export async function pruneFinishedRuns(db: Database, before: Date) {
  await db
    .delete(jobs)
    .where(
      and(
        eq(jobs.state, 'done'),
        lt(jobs.finishedAt, before),
        or(isNull(jobs.key), like(jobs.key, 'every %')),
      ),
    );
}
