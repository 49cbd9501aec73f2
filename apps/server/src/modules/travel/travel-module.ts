import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/env';
import type { DestinationPhotos } from '../artwork/artwork-service';
import type { Database } from '../../db/database';
import type { AuthService } from '../auth/auth-service';
import type { FinanceService } from '../finance/finance-service';
import type { CurrencyLookup } from '../settings/settings-service';
import { createDuffelProvider } from './duffel/duffel-provider';
import type { ExchangeRates } from './fx/exchange-rates';
import { findAirport } from './geo/airports';
import { createOfflineProvider } from './offline/offline-provider';
import { createSuggestionEngine, type SuggestionEngine } from './suggestion-engine';
import { createTravelPlanner, DEFAULT_HOME_AIRPORT, type TravelPlanner } from './travel-planner';
import type { TravelProvider } from './travel-provider';
import { createTravelBookingService, type TravelBookingService } from './travel-booking-service';
import {
  createProviderOrderRepository,
  createTravelRepository,
  type TravelRepository,
} from './travel-repository';
import { travelRoutes } from './travel-routes';
import { createTravelService, type TravelService } from './travel-service';
import { tripQuoteRoutes } from './trip-quote-routes';
import { createPriceHistoryRepository } from './price-history-repository';
import { priceHistoryRoutes } from './price-history-routes';
import { createPriceHistoryService } from './price-history-service';
import { createWatchPricing, type WatchPricing } from './watch-pricing';
import { createTripQuoteService, type TripQuoteService } from './trip-quote-service';

export type { WatchPricing } from './watch-pricing';

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
  Pick<TravelService, 'searchFlights' | 'searchHotels' | 'experiences' | 'priceHistory'> &
  Pick<TripQuoteService, 'tripIdeas'> & {
    /** Recorded quotes, re-quotes, book and cancel: what the bookings module needs. */
    bookings: TravelBookingService;
    /** Market prices of recorded quotes and destination trips: what price watches need. */
    watchPricing: WatchPricing;
  };

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
    config: Pick<AppConfig, 'duffel' | 'travelRateLimitMax'>;
    /** The clock prices are quoted by (tests move it to see prices drift). */
    now: () => Date;
    /** Price the day's trips ahead of the first visitor (instances that run background work). */
    warmUp?: boolean;
  },
): Promise<TravelPublicService> {
  const { rates, now } = deps;
  const provider = createTravelProvider(app, deps.db, deps.config, now);
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
  if (deps.warmUp) warmSuggestionsDaily(app, engine, repository, now);
  await app.register(travelRoutes, {
    prefix: '/api/travel',
    service,
    planner,
    rateLimitMax: deps.config.travelRateLimitMax,
    currencyOf: deps.currency.currencyOf,
  });
  const trips = createTripQuoteService({ provider, repository, travel: service, rates, now });
  await app.register(tripQuoteRoutes, {
    prefix: '/api/travel',
    service: trips,
    rateLimitMax: deps.config.travelRateLimitMax,
    currencyOf: deps.currency.currencyOf,
  });
  await app.register(priceHistoryRoutes, {
    prefix: '/api/travel',
    service: createPriceHistoryService({
      quotes: repository,
      history: createPriceHistoryRepository(deps.db),
      providerName: provider.name,
      thresholdOf: async (userId) =>
        (await deps.finance.budgetSettings(userId)).priceAlertThreshold,
      now,
    }),
    rateLimitMax: deps.config.travelRateLimitMax,
  });
  return {
    tripIdeas: trips.tripIdeas,
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
    watchPricing: createWatchPricing({
      db: deps.db,
      providerName: provider.name,
      repository,
      service,
      planner,
      now,
    }),
    bookings: createTravelBookingService({
      repository,
      provider,
      record: service.record,
      // Orders are kept per provider; Duffel books experiences through the offline one.
      orderByKey: async (key) => {
        for (const name of new Set(['offline', provider.name] as const)) {
          const order = await createProviderOrderRepository(deps.db, name).findByKey(key);
          if (order) return order;
        }
        return null;
      },
      now,
    }),
  };
}

const WARM_ORIGINS = 10;

/**
 * Prices the day's suggestions for the default origin and the most chosen home airports when
 * the server is ready and again as each UTC day starts, so the first visitor of the day does not
 * wait for hundreds of destinations to be priced. The priced day lives in each instance's
 * memory, so every instance warms its own; the pricing yields between destinations, so requests
 * keep being answered meanwhile.
 */
function warmSuggestionsDaily(
  app: FastifyInstance,
  engine: SuggestionEngine,
  repository: TravelRepository,
  now: () => Date,
) {
  let timer: NodeJS.Timeout | undefined;
  let warming: Promise<void> | undefined;
  let closed = false;
  const warm = async () => {
    const codes = [DEFAULT_HOME_AIRPORT, ...(await repository.popularHomeAirports(WARM_ORIGINS))];
    const origins = [...new Set(codes)].flatMap((code) => findAirport(code) ?? []);
    await engine.warm(origins);
  };
  const next = () => {
    if (closed) return;
    const day = 86_400_000;
    const wait = (Math.floor(now().getTime() / day) + 1) * day - now().getTime() + 5_000;
    timer = setTimeout(run, wait);
    // Never what keeps the process alive.
    timer.unref();
  };
  const run = () => {
    warming = warm()
      .catch((error: unknown) => app.log.warn({ err: error }, 'suggestions warm-up failed'))
      .finally(next);
  };
  app.addHook('onReady', async () => {
    // Started, not awaited: the server listens at once.
    setImmediate(run);
  });
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(timer);
    await warming;
  });
}

/**
 * The offline inventory is the embedded default; Duffel replaces it for flights and hotels when
 * DUFFEL_ACCESS_TOKEN is set. Experiences always come from the offline inventory (Duffel sells
 * none; see decision 0015), so Duffel's provider books and cancels them through it.
 */
function createTravelProvider(
  app: FastifyInstance,
  db: Database,
  config: Pick<AppConfig, 'duffel'>,
  now: () => Date,
): TravelProvider {
  const offline = createOfflineProvider({
    now,
    orders: createProviderOrderRepository(db, 'offline'),
  });
  if (!config.duffel) return offline;
  return createDuffelProvider({
    ...config.duffel,
    log: app.log,
    now,
    orders: createProviderOrderRepository(db, 'duffel'),
    experiences: offline,
  });
}
