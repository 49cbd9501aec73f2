import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { createJobQueue, pruneFinishedRuns, type JobQueue } from './job-queue';

export type { JobQueue };

const DAY_MS = 86_400_000;
/** How long finished runs are kept for looking into. */
const FINISHED_RETENTION_DAYS = 7;

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

/**
 * The durable job queue every module uses for background work (see `job-queue.ts`): modules
 * call `work`, `schedule` and `enqueue` while they register; the poller starts once the app is
 * ready and stops on close, before the database closes (hooks run in reverse order, so
 * register this module after the database and before the modules whose jobs use it).
 */
export async function registerJobsModule(
  app: FastifyInstance,
  deps: {
    db: Database;
    log: FastifyBaseLogger;
    /** Every how many ms this instance looks for due jobs; 0: it runs none (enqueues only). */
    pollMs: number;
    now?: () => Date;
  },
): Promise<JobQueue> {
  const queue = createJobQueue({ db: deps.db, log: deps.log, pollMs: deps.pollMs, now: deps.now });
  queue.work('jobs.prune', async (_payload, { now }) =>
    pruneFinishedRuns(deps.db, new Date(now.getTime() - FINISHED_RETENTION_DAYS * DAY_MS)),
  );
  queue.schedule('jobs.prune', { everyMs: DAY_MS });
  app.decorate('jobs', queue);
  app.addHook('onReady', async () => queue.start());
  app.addHook('onClose', async () => queue.stop());
  return queue;
}
