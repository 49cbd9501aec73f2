import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import type { AuthService } from '../auth/auth-service';
import type { GroupPlanPort } from '../bookings/bookings-module';
import type { LiveUpdates } from '../realtime/realtime-module';
import type { CurrencyLookup } from '../settings/settings-service';
import type { ExchangeRates } from '../travel/fx/exchange-rates';
import type { TravelPublicService } from '../travel/travel-module';
import type { GroupService } from './group-service';
import { createGroupPlanRepository } from './group-plan-repository';
import { groupPlanRoutes } from './group-plan-routes';
import { createGroupPlanService } from './group-plan-service';

/**
 * The group plan (issue 15 §5): picks, votes and the bookings of the plan, under /api/llm.
 * Returns the port the bookings module books a plan through (`group_id`), wired in app.ts.
 */
export async function registerGroupPlan(
  app: FastifyInstance,
  deps: {
    db: Database;
    groups: Pick<GroupService, 'post'>;
    travel: Pick<TravelPublicService, 'bookings'>;
    live: LiveUpdates;
    people: Pick<AuthService, 'findUserById'>;
    currency: CurrencyLookup;
    rates: Pick<ExchangeRates, 'table'>;
    rateLimitMax: number;
    now: () => Date;
  },
): Promise<GroupPlanPort> {
  const plans = createGroupPlanService({
    repository: createGroupPlanRepository(deps.db),
    travel: deps.travel.bookings,
    post: deps.groups.post,
    live: deps.live,
    people: deps.people,
    currencyOf: deps.currency.currencyOf,
    rates: deps.rates,
    now: deps.now,
  });
  await app.register(groupPlanRoutes, {
    prefix: '/api/llm',
    plans,
    rateLimitMax: deps.rateLimitMax,
  });
  return plans.port;
}
