import type { FastifyInstance } from 'fastify';
import type { JobQueue } from '../jobs/jobs-module';
import { createNotificationRepository } from './notification-repository';
import { createNotificationService, type NotificationService } from './notification-service';

export type { NotificationContent } from './notification-mail';
export type { Recipient } from './notification-service';

export type Notifications = {
  /** Sends a notification if the user's switches allow it (see NotificationService.send). */
  send: NotificationService['send'];
  /**
   * Runs the scheduled notification jobs once, now, through the job queue (what each period
   * does): tests call it with their clock.
   */
  tick: () => Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    notifications: Notifications;
  }
}

/**
 * The notification emails, and their scheduled jobs on the job queue: deal alerts and the
 * weekly digest and the pruning of old deliveries every `intervalMs` (0: never scheduled). A run
 * at a period is claimed once across instances; the jobs themselves claim each delivery once.
 */
export async function registerNotificationsModule(
  app: FastifyInstance,
  deps: Omit<
    Parameters<typeof createNotificationService>[0],
    'repository' | 'log' | 'appUrl' | 'now'
  > & {
    jobs: JobQueue;
    intervalMs: number;
    now?: () => Date;
  },
): Promise<Notifications> {
  const now = deps.now ?? (() => new Date());
  const service = createNotificationService({
    ...deps,
    now,
    repository: createNotificationRepository(app.db),
    appUrl: app.config.appUrl,
    log: app.log,
  });
  const names = service.jobs.map((job) => job.name);
  for (const job of service.jobs) {
    // A run given a moment (`tick`) judges by it; a scheduled run by when it was claimed.
    deps.jobs.work<{ at?: string }>(
      job.name,
      (payload, context) =>
        job.run(payload.at ? new Date(payload.at) : context.now, context.signal),
      { retries: 2, backoffMs: 60_000 },
    );
  }
  if (deps.intervalMs > 0) {
    for (const name of names) deps.jobs.schedule(name, { everyMs: deps.intervalMs });
  }

  const notifications: Notifications = {
    send: service.send,
    async tick() {
      const at = now().toISOString();
      for (const name of names) await deps.jobs.enqueue(name, { at });
      await deps.jobs.runDue({ names });
    },
  };
  app.decorate('notifications', notifications);
  return notifications;
}
