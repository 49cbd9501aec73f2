import { errorResponseSchema } from '@vowa/shared/auth/auth-schemas';
import type { DisplayCurrency } from '@vowa/shared/travel/travel-constants';
import {
  airportSearchQuerySchema,
  airportsResponseSchema,
  dealsQuerySchema,
  dealsResponseSchema,
  displayCurrencyQuerySchema,
  experienceResponseSchema,
  experienceSearchQuerySchema,
  experiencesResponseSchema,
  requoteRequestSchema,
  requoteResponseSchema,
  suggestionsQuerySchema,
  suggestionsResponseSchema,
  travelPreferencesSchema,
  travelPreferencesUpdateSchema,
  travelSearchRequestSchema,
  travelSearchResponseSchema,
} from '@vowa/shared/travel/travel-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/authenticate';
import type { TravelPlanner } from './travel-planner';
import type { TravelService } from './travel-service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
  503: errorResponseSchema,
};
const security = [{ bearerAuth: [] }];
const user = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request).userId;

/**
 * Flights, hotels, experiences, re-quotes, suggestions and deals under /api/travel. Any
 * signed-in user may search; prices are market data, not anyone's property. Suggestions and
 * deals are personal (budget, threshold, home airport).
 */
export const travelRoutes: FastifyPluginAsyncZod<{
  service: TravelService;
  planner: TravelPlanner;
  rateLimitMax: number;
  /** The user's display currency (settings), for requests that do not name one. */
  currencyOf: (userId: string) => Promise<DisplayCurrency>;
}> = async (app, { service, planner, rateLimitMax, currencyOf }) => {
  app.addHook('onRequest', app.authenticate);
  const tags = ['travel'];
  // Each search may cost a call to a paid provider: counted per user (authenticated above).
  const config = {
    rateLimit: {
      max: rateLimitMax,
      timeWindow: '1 minute',
      keyGenerator: (request: { auth: { userId: string } | null; ip: string }) =>
        request.auth?.userId ?? request.ip,
    },
  };

  app.post(
    '/search',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Search flights (one way or return) or hotels',
        body: travelSearchRequestSchema,
        response: { 200: travelSearchResponseSchema, ...errors },
      },
    },
    async (request) => {
      const currency = request.body.currency ?? (await currencyOf(user(request)));
      return request.body.type === 'flights'
        ? service.searchFlights({ ...request.body, currency })
        : service.searchHotels({ ...request.body, currency });
    },
  );

  app.post(
    '/requote',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Price a recorded flight or hotel again with another class, date, time or room',
        body: requoteRequestSchema,
        response: { 200: requoteResponseSchema, ...errors },
      },
    },
    async (request) => {
      const currency = request.body.currency ?? (await currencyOf(user(request)));
      return request.body.kind === 'flight'
        ? service.requoteFlight({ ...request.body, currency })
        : service.requoteHotel({ ...request.body, currency });
    },
  );

  app.get(
    '/experiences',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Experiences in a city (restaurants, tours, activities, …)',
        querystring: experienceSearchQuerySchema,
        response: { 200: experiencesResponseSchema, ...errors },
      },
    },
    async (request) =>
      service.experiences({
        ...request.query,
        currency: request.query.currency ?? (await currencyOf(user(request))),
      }),
  );

  app.get(
    '/experiences/:id',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'One experience in full',
        params: z.object({ id: z.string().min(1).max(300) }),
        querystring: displayCurrencyQuerySchema,
        response: { 200: experienceResponseSchema, ...errors },
      },
    },
    async (request) =>
      service.experience(
        request.params.id,
        request.query.currency ?? (await currencyOf(user(request))),
      ),
  );

  app.get(
    '/suggestions',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Trips for two within the budget, from the home airport',
        querystring: suggestionsQuerySchema,
        response: { 200: suggestionsResponseSchema, ...errors },
      },
    },
    async (request) =>
      planner.suggestions(user(request), {
        ...request.query,
        currency: request.query.currency ?? (await currencyOf(user(request))),
      }),
  );

  app.get(
    '/deals',
    {
      config,
      schema: {
        tags,
        security,
        summary: "The day's best deals within the budget, by category",
        querystring: dealsQuerySchema,
        response: { 200: dealsResponseSchema, ...errors },
      },
    },
    async (request) =>
      planner.deals(user(request), {
        ...request.query,
        currency: request.query.currency ?? (await currencyOf(user(request))),
      }),
  );

  app.get(
    '/airports',
    {
      schema: {
        tags,
        security,
        summary: 'Find airports by code, city or name',
        querystring: airportSearchQuerySchema,
        response: { 200: airportsResponseSchema, ...errors },
      },
    },
    async (request) => service.airports(request.query.q),
  );

  app.get(
    '/preferences',
    {
      schema: {
        tags,
        security,
        summary: 'Where trips start from',
        response: { 200: travelPreferencesSchema, ...errors },
      },
    },
    async (request) => planner.preferences(user(request)),
  );

  app.put(
    '/preferences',
    {
      schema: {
        tags,
        security,
        summary: 'Choose the home airport',
        body: travelPreferencesUpdateSchema,
        response: { 200: travelPreferencesSchema, ...errors },
      },
    },
    async (request) => planner.savePreferences(user(request), request.body.homeAirport),
  );
};
