import type { BudgetSettings } from '@vowa/shared/finance/finance-schemas';
import { convertMoney, shownIn, type Money } from '@vowa/shared/finance/money';
import {
  DEFAULT_DISPLAY_CURRENCY,
  HOT_DEAL_SAVINGS,
  HOT_DEAL_SAVINGS_CURRENCY,
  SUGGESTION_TRAVELERS,
  type DealCategory,
  type DisplayCurrency,
} from '@vowa/shared/travel/travel-constants';
import type {
  Airport,
  DealsResponse,
  SuggestionsResponse,
} from '@vowa/shared/travel/travel-schemas';
import { converterFor } from './travel-quotes';
import type { ExchangeRates } from './fx/exchange-rates';
import { findAirport, mainAirportNear } from './geo/airports';
import { findPlace } from './offline/destination-places';
import type { SuggestionEngine } from './suggestion-engine';
import type { TravelRepository } from './travel-repository';
import { requireAirport } from './travel-service';

/** Until the user chooses a home airport or puts a location on the profile, trips leave from here. */
export const DEFAULT_HOME_AIRPORT = 'JFK';

type Query = { origin?: string; currency?: DisplayCurrency };

/**
 * The airport people fly from near a profile location: "city, state, country" is looked up as
 * the city in that country (then the city alone), and its main airport taken.
 */
export function nearestAirportTo(location: string): Airport | null {
  const parts = location
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const city = parts[0];
  if (!city) return null;
  const country = parts.length > 1 ? parts.at(-1) : undefined;
  const place = (country ? findPlace(`${city}, ${country}`) : null) ?? findPlace(city);
  if (!place) return null;
  // Places carry their main airport already (looked up once, then remembered).
  return (place.airportCode ? findAirport(place.airportCode) : null) ?? mainAirportNear(place);
}

/** The personal side of suggestions and deals: whose budget, which airport, which currency. */
export function createTravelPlanner(deps: {
  repository: TravelRepository;
  engine: SuggestionEngine;
  rates: ExchangeRates;
  providerCurrency: string;
  budgetSettings: (userId: string) => Promise<BudgetSettings>;
  /** The location on the user's profile ("Paris, Île-de-France, France"), if any. */
  profileLocation: (userId: string) => Promise<string>;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  async function homeAirport(userId: string) {
    const chosen = await deps.repository.homeAirport(userId);
    const airport = chosen ? findAirport(chosen) : null;
    if (airport) return { airport, source: 'chosen' as const };
    const nearest = nearestAirportTo(await deps.profileLocation(userId));
    if (nearest) return { airport: nearest, source: 'nearest' as const };
    return { airport: findAirport(DEFAULT_HOME_AIRPORT) as Airport, source: 'default' as const };
  }

  async function audienceOf(userId: string, query: Query) {
    const origin = query.origin
      ? requireAirport(query.origin)
      : (await homeAirport(userId)).airport;
    const settings = await deps.budgetSettings(userId);
    const currency = query.currency ?? DEFAULT_DISPLAY_CURRENCY;
    const table = deps.rates.table();
    const { currency: shown, exchangeRate } = converterFor(table, deps.providerCurrency, currency);
    // The budget keeps the currency it was entered in; trips are compared with it in theirs,
    // and it is shown in the answer's currency, so every currency sees the same trips.
    const budget: Money = settings.entered ?? {
      amount: settings.maxTripBudget,
      currency: settings.currency,
    };
    const hotDealSavings =
      convertMoney(table, HOT_DEAL_SAVINGS, HOT_DEAL_SAVINGS_CURRENCY, shown)?.amount ??
      HOT_DEAL_SAVINGS;
    return {
      audience: {
        origin,
        currency,
        budget,
        priceAlertThreshold: settings.priceAlertThreshold,
      },
      header: {
        origin,
        currency: shown,
        travelers: SUGGESTION_TRAVELERS,
        maxTripBudget: shownIn(table, budget, shown).amount,
        budget,
        hotDealSavings,
        priceAlertThreshold: settings.priceAlertThreshold,
        autoBookingEnabled: settings.autoBookingEnabled,
        generatedAt: now().toISOString(),
        exchangeRate,
      },
    };
  }

  return {
    async suggestions(userId: string, query: Query): Promise<SuggestionsResponse> {
      const { audience, header } = await audienceOf(userId, query);
      const result = await deps.engine.suggestions(audience);
      return {
        ...header,
        destinationsConsidered: result.considered,
        suggestions: result.suggestions,
      };
    },

    async deals(userId: string, query: Query & { category: DealCategory }): Promise<DealsResponse> {
      const { audience, header } = await audienceOf(userId, query);
      const result = await deps.engine.deals({ ...audience, category: query.category });
      return {
        ...header,
        destinationsConsidered: result.considered,
        category: query.category,
        deals: result.deals,
      };
    },

    async preferences(userId: string) {
      const { airport, source } = await homeAirport(userId);
      return { homeAirport: airport, homeAirportSource: source };
    },

    async savePreferences(userId: string, code: string) {
      const airport = requireAirport(code);
      await deps.repository.saveHomeAirport(userId, airport.code);
      return { homeAirport: airport, homeAirportSource: 'chosen' as const };
    },
  };
}

export type TravelPlanner = ReturnType<typeof createTravelPlanner>;
