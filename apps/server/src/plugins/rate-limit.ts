import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * Rate limits are per route (`config.rateLimit`); none applies globally. The counters live in
 * Redis when it is configured, so every instance counts together, and in this process otherwise.
 */
export async function registerRateLimit(app: FastifyInstance, redis: Redis | undefined) {
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'vowa-rate-limit:' } : {}),
    // If Redis is briefly away, keep serving rather than failing every sign-in.
    skipOnError: true,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      detail: `Too many requests. Please try again in ${context.after}.`,
      message: `Too many requests. Please try again in ${context.after}.`,
    }),
  });
}
