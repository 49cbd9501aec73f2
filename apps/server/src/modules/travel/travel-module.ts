import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/env';
import type { DestinationPhotos } from '../artwork/artwork-service';
import type { Database } from '../../db/database';
import type { AuthService } from '../auth/auth-service';
import type { FinanceService } from '../finance/finance-service';
import type { CurrencyLookup } from '../settings/settings-service';
import { createAmadeusProvider } from './amadeus/amadeus-provider';
import type { ExchangeRates } from './fx/exchange-rates';
import { airlineName, findAirport } from './geo/airports';
import { aircraftTypes } from './offline/data/aircraft';
import { createOfflineProvider } from './offline/offline-provider';
import { createSuggestionEngine, type SuggestionEngine } from './suggestion-engine';
import { createTravelPlanner, type TravelPlanner } from './travel-planner';
import type { TravelProvider } from './travel-provider';
import { createTravelRepository, type TravelRepository } from './travel-repository';
import { travelRoutes } from './travel-routes';
import { createTravelService, type TravelService } from './travel-service';

declare module 'fastify' {
  interface FastifyInstance {
    travel: { provider: TravelProvider; engine: SuggestionEngine; rates: ExchangeRates };
  }
}

/**
 * What other modules may ask of travel: a user's home airport, deals and suggestions, and the
 * searches the assistant runs for people (recorded as quotes like any other search).
 */
export type TravelPublicService = Pick<
  TravelRepository,
  'homeAirport' | 'saveHomeAirport' | 'clearHomeAirport'
> &
  Pick<TravelPlanner, 'deals' | 'suggestions' | 'preferences'> &
  Pick<TravelService, 'searchFlights' | 'searchHotels' | 'experiences' | 'priceHistory'>;

/** Flights, hotels, experiences, suggestions and deals: /api/travel. */
export async function registerTravelModule(
  app: FastifyInstance,
  deps: {
    db: Database;
    auth: Pick<AuthService, 'findUserById'>;
    finance: Pick<FinanceService, 'budgetSettings'>;
    currency: CurrencyLookup;
    rates: ExchangeRates;
    /** The destinations' pictures on trip cards. */
    images: Pick<DestinationPhotos, 'imageFor'>;
    config: Pick<AppConfig, 'amadeus' | 'travelRateLimitMax'>;
    /** The clock prices are quoted by (tests move it to see prices drift). */
    now: () => Date;
  },
): Promise<TravelPublicService> {
  const { rates, now } = deps;
  const provider = createTravelProvider(app, deps.config, now);
  const repository = createTravelRepository(deps.db);
  const service = createTravelService({ repository, provider, rates, now });
  const engine = createSuggestionEngine({
    provider,
    repository,
    travel: service,
    rates,
    log: app.log,
    images: deps.images,
    now,
  });
  const planner = createTravelPlanner({
    repository,
    engine,
    rates,
    providerCurrency: provider.currency,
    budgetSettings: deps.finance.budgetSettings,
    profileLocation: async (userId) => (await deps.auth.findUserById(userId))?.location ?? '',
    now,
  });
  app.decorate('travel', { provider, engine, rates });
  await app.register(travelRoutes, {
    prefix: '/api/travel',
    service,
    planner,
    rateLimitMax: deps.config.travelRateLimitMax,
    currencyOf: deps.currency.currencyOf,
  });
  return {
    homeAirport: repository.homeAirport,
    saveHomeAirport: repository.saveHomeAirport,
    clearHomeAirport: repository.clearHomeAirport,
    deals: planner.deals,
    suggestions: planner.suggestions,
    preferences: planner.preferences,
    searchFlights: service.searchFlights,
    searchHotels: service.searchHotels,
    experiences: service.experiences,
    priceHistory: service.priceHistory,
  };
}

/** The offline inventory is the embedded default; Amadeus replaces it when configured. */
function createTravelProvider(
  app: FastifyInstance,
  config: Pick<AppConfig, 'amadeus'>,
  now: () => Date,
): TravelProvider {
  if (!config.amadeus) return createOfflineProvider({ now });
  return createAmadeusProvider({
    ...config.amadeus,
    log: app.log,
    now,
    lookupAirport: findAirport,
    airlineName,
    aircraftName: (code) => aircraftTypes.find((type) => type.code === code)?.name ?? null,
  });
}
