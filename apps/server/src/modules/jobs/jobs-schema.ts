import {
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The durable job queue of every module (`job-queue.ts`). A row is one run of a named job:
 * `queued` until its `run_at`, `running` while a worker holds its lease (`locked_until`), then
 * `done`, or `dead` once its retries are spent (with `last_error`). The unique (name, key) is
 * what makes a keyed job run once ever and a recurring job once per period, whatever the
 * number of instances: the key of a recurring run names its period. Unkeyed jobs (key null)
 * never conflict.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    key: text('key'),
    payload: jsonb('payload').notNull().default({}),
    state: text('state', { enum: ['queued', 'running', 'done', 'dead'] })
      .notNull()
      .default('queued'),
    /** Claims so far, the one under way included. */
    attempts: integer('attempts').notNull().default(0),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    /** Who holds the lease (instance and claim); a stale worker's writes are ignored. */
    lockedBy: text('locked_by'),
    /** A running job whose lease ran out (its worker died) is claimed again. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('jobs_name_key_idx').on(table.name, table.key),
    index('jobs_due_idx').on(table.state, table.runAt),
    index('jobs_finished_at_idx').on(table.finishedAt),
  ],
);
