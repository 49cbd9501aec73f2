import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/env';
import type { Database } from '../../db/database';
import { createTokenSealer } from '../../lib/token-sealer';
import type { AuthService } from '../auth/auth-service';
import type { CurrencyLookup } from '../settings/settings-service';
import type { ExchangeRates } from '../travel/fx/exchange-rates';
import { createFinanceRepository } from './finance-repository';
import { financeRoutes, plaidRoutes } from './finance-routes';
import { createFinanceService, type FinanceService } from './finance-service';
import { createPlaidBank } from './plaid-bank';
import { createSandboxBank } from './sandbox-bank';
import { announceChanges, type LiveUpdates } from '../realtime/realtime-module';

/** Bank link, finances and budget settings: /api/finance and /api/plaid. */
export async function registerFinanceModule(
  app: FastifyInstance,
  deps: {
    db: Database;
    auth: Pick<AuthService, 'findUserById'>;
    currency: CurrencyLookup;
    rates: ExchangeRates;
    encryptionKey: string;
    config: Pick<AppConfig, 'plaid'>;
    live: LiveUpdates;
    /** Payments' saved cards: auto-booking is switched on only with one (issue 16). */
    savedCards: { hasSavedCard(userId: string): Promise<boolean> };
  },
): Promise<FinanceService> {
  // The sandbox bank is the embedded default; Plaid replaces it when configured.
  const sandbox = deps.config.plaid ? undefined : createSandboxBank(deps.encryptionKey);
  const service = createFinanceService({
    repository: createFinanceRepository(deps.db),
    users: deps.auth,
    bank: deps.config.plaid ? createPlaidBank(deps.config.plaid) : sandbox!.provider,
    sealer: createTokenSealer(deps.encryptionKey),
    log: app.log,
    rates: deps.rates,
    currencyOf: deps.currency.currencyOf,
    savedCards: deps.savedCards,
  });
  await app.register(async (scope) => {
    // Budget, figures, bank connected or disconnected: the person's other devices show it.
    announceChanges(scope, deps.live, 'finance');
    await scope.register(financeRoutes, { prefix: '/api/finance', service });
    await scope.register(plaidRoutes, { prefix: '/api/plaid', service, sandbox });
  });
  return service;
}
