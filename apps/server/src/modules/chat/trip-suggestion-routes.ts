import { errorResponseSchema } from '@vowa/shared/auth/auth-schemas';
import {
  tripSuggestionsRequestSchema,
  tripSuggestionsResponseSchema,
} from '@vowa/shared/travel/trip-quote-schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AssistantService, Caller } from '../assistant/assistant-service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
  503: errorResponseSchema,
};

/** The assistant's answer is given up on after this long (the model has its own, shorter limit). */
const SUGGESTIONS_TIMEOUT_MS = 60_000;

/**
 * POST /api/llm/trip_suggestions (issue 14 §4): the customise dialog's AI Assistant tab. Signed-in
 * people only: the ideas are priced by the provider (several searches, counted like a chat
 * message), and the dialog they customise is on a signed-in screen.
 */
export const tripSuggestionRoutes: FastifyPluginAsyncZod<{
  assistant: Pick<AssistantService, 'tripSuggestions'>;
  callerOf: (request: FastifyRequest) => Promise<Caller>;
  rateLimitMax: number;
}> = async (app, { assistant, callerOf, rateLimitMax }) => {
  app.post(
    '/trip_suggestions',
    {
      onRequest: app.authenticate,
      config: {
        rateLimit: {
          max: rateLimitMax,
          timeWindow: '1 minute',
          keyGenerator: (request: FastifyRequest) => request.auth?.userId ?? request.ip,
        },
      },
      schema: {
        tags: ['assistant'],
        security: [{ bearerAuth: [] }],
        summary:
          'Two to four ideas for a trip being customised, priced now, with the assistant’s answer',
        body: tripSuggestionsRequestSchema,
        response: { 200: tripSuggestionsResponseSchema, ...errors },
      },
    },
    async (request) =>
      assistant.tripSuggestions(
        await callerOf(request),
        request.body,
        AbortSignal.timeout(SUGGESTIONS_TIMEOUT_MS),
      ),
  );
};
