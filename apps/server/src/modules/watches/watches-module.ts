import { convertMoney } from '@vowa/shared/finance/money';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/env';
import type { Database } from '../../db/database';
import type { AuthService } from '../auth/auth-service';
import type { FinanceService } from '../finance/finance-service';
import type { SavedCardPort } from '../payments/payments-module';
import type { SettingsService } from '../settings/settings-service';
import type { JobQueue } from '../jobs/jobs-module';
import { announceChanges, type LiveUpdates } from '../realtime/realtime-module';
import type { ExchangeRates } from '../travel/fx/exchange-rates';
import type { TravelPublicService } from '../travel/travel-module';
import { createAutoBooker, type AutoBookerService } from './watch-auto-book';
import { autoBookingRoutes } from './watch-auto-booking-routes';
import { createWatchMonitor, type MonitorReport } from './watch-monitor';
import type { WatchBookingsPort, WatchNotifyPort, WatchPeoplePort } from './watch-ports';
import { createWatchRepository } from './watch-repository';
import { createWatchService, MONITOR_JOB, type WatchService } from './watch-service';
import { watchesRoutes } from './watches-routes';

export type { MonitorReport } from './watch-monitor';

declare module 'fastify' {
  interface FastifyInstance {
    watches: {
      service: WatchService;
      autoBooker: AutoBookerService;
      /** One monitor pass now (what the `watches.monitor` job does; tests call it). */
      runMonitor(): Promise<MonitorReport>;
    };
  }
}

/**
 * Price watches and auto-booking (issue 16): /api/travel/watches, the `watches.monitor` job that
 * prices due watches in batches, and `watches.book` (watch-auto-book.ts) that books a watch at
 * its target exactly once. Every clock here is the travel clock.
 */
export async function registerWatchesModule(
  app: FastifyInstance,
  deps: {
    db: Database;
    travel: Pick<TravelPublicService, 'bookings' | 'watchPricing'>;
    bookings: WatchBookingsPort;
    notifications: WatchNotifyPort;
    people: WatchPeoplePort;
    /** The bucket lists a person can read (destination watches). */
    bucketLists: {
      listsOf(
        userId: string,
      ): Promise<{ items: { id: string; title: string; location: string; country: string }[] }[]>;
    };
    jobs: JobQueue;
    live?: LiveUpdates;
    rates: ExchangeRates;
    config: Pick<AppConfig, 'watchMonitorEveryMs' | 'watchCheckIntervalMs' | 'travelRateLimitMax'>;
    now: () => Date;
  },
) {
  const { jobs, now } = deps;
  const repository = createWatchRepository(deps.db);
  const service = createWatchService({
    repository,
    travel: deps.travel,
    bookings: deps.bookings,
    people: deps.people,
    bucketLists: deps.bucketLists,
    rates: deps.rates,
    jobs,
    now,
  });
  const autoBooker = createAutoBooker({
    db: deps.db,
    bookings: deps.bookings,
    notifications: deps.notifications,
    people: deps.people,
    jobs,
    live: deps.live,
    listWatches: service.autoBookWatches,
    convert: (amount, from, to) =>
      from === to ? amount : (convertMoney(deps.rates.table(), amount, from, to)?.amount ?? null),
    log: app.log,
    now,
  });
  const monitor = createWatchMonitor({
    repository,
    travel: deps.travel.bookings,
    bookings: deps.bookings,
    notifications: deps.notifications,
    autoBooker,
    rates: deps.rates,
    live: deps.live,
    checkIntervalMs: deps.config.watchCheckIntervalMs,
    log: app.log,
    now,
  });

  autoBooker.registerJobs();
  // One pass at a time per instance is enough; another instance's pass claims other watches.
  jobs.work(MONITOR_JOB, async () => monitor.runMonitor(), { retries: 1, backoffMs: 10_000 });
  if (deps.config.watchMonitorEveryMs > 0) {
    jobs.schedule(MONITOR_JOB, { everyMs: deps.config.watchMonitorEveryMs });
  }

  app.decorate('watches', { service, autoBooker, runMonitor: monitor.runMonitor });
  await app.register(async (scope) => {
    if (deps.live) announceChanges(scope, deps.live, 'watches');
    await scope.register(autoBookingRoutes, { prefix: '/api/travel/watches', booker: autoBooker });
    await scope.register(watchesRoutes, {
      prefix: '/api/travel/watches',
      service,
      rateLimitMax: deps.config.travelRateLimitMax,
    });
  });
  return { service, autoBooker, runMonitor: monitor.runMonitor };
}

/**
 * The person as watches read them, from the modules that own each part: finance's budget
 * settings, settings' switches and currency, the account, the newest saved card.
 */
export function createWatchPeoplePort(deps: {
  finance: Pick<FinanceService, 'budgetSettings'>;
  settings: Pick<SettingsService, 'settings' | 'currencyOf'>;
  auth: Pick<AuthService, 'findUserById'>;
  cards: Pick<SavedCardPort, 'newestCard'>;
}): WatchPeoplePort {
  return {
    budgetSettings: deps.finance.budgetSettings,
    async alertsOn(userId) {
      return (await deps.settings.settings(userId)).notifications.priceDropAlerts;
    },
    async account(userId) {
      const user = await deps.auth.findUserById(userId);
      return user
        ? { id: user.id, email: user.email, emailVerified: user.emailVerifiedAt !== null }
        : null;
    },
    newestCard: deps.cards.newestCard,
    currencyOf: deps.settings.currencyOf,
  };
}
