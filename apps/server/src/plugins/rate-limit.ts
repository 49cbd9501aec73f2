import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { createFailoverStore } from './rate-limit-store';
import type { RedisLink } from './redis';

/**
 * Rate limits are per route (`config.rateLimit`); none applies globally. The counters live in
 * Redis when it is configured and up, so every instance counts together, and in this process
 * otherwise (see rate-limit-store.ts).
 */
export async function registerRateLimit(
  app: FastifyInstance,
  redis: RedisLink | undefined,
  keyPrefix?: string,
) {
  await app.register(fastifyRateLimit, {
    global: false,
    store: createFailoverStore(redis, keyPrefix),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      detail: `Too many requests. Please try again in ${context.after}.`,
      message: `Too many requests. Please try again in ${context.after}.`,
    }),
  });
}
