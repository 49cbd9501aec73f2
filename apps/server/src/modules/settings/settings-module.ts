import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import type { FinanceService } from '../finance/finance-service';
import type { SecurityService } from '../security/security-service';
import { createSettingsRepository } from './settings-repository';
import { settingsRoutes } from './settings-routes';
import {
  createCurrencyLookup,
  createSettingsService,
  type CurrencyLookup,
  type SettingsService,
} from './settings-service';
import { announceChanges, type LiveUpdates } from '../realtime/realtime-module';

/**
 * The port the finance module reads a user's display currency from. It needs nothing but the
 * database, so it is built before the finance module; the settings module (which shows the
 * finance module's auto-booking flag) is registered after it.
 */
export function createCurrencyPort(db: Database): CurrencyLookup {
  return createCurrencyLookup(createSettingsRepository(db));
}

/** Settings stored per user: /api/user_management/settings. */
export async function registerSettingsModule(
  app: FastifyInstance,
  deps: {
    db: Database;
    finance: Pick<FinanceService, 'budgetSettings' | 'saveBudgetSettings'>;
    security: Pick<SecurityService, 'signInMethods'>;
    live: LiveUpdates;
  },
): Promise<SettingsService> {
  const service = createSettingsService({
    repository: createSettingsRepository(deps.db),
    budget: deps.finance,
    signInMethods: deps.security.signInMethods,
  });
  await app.register(async (scope) => {
    announceChanges(scope, deps.live, 'settings');
    await scope.register(settingsRoutes, { prefix: '/api/user_management', service });
  });
  return service;
}
