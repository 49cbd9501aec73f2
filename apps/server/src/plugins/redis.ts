import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * The one Redis connection the app shares (rate limits today), or none without REDIS_URL.
 * Timeouts are short: a Redis that is away must cost a request milliseconds, not seconds.
 */
export function openRedis(url: string | undefined, log: FastifyBaseLogger): Redis | undefined {
  if (!url) return undefined;
  const redis = new Redis(url, {
    connectTimeout: 1000,
    commandTimeout: 1000,
    maxRetriesPerRequest: 1,
  });
  redis.on('error', (error) => log.warn({ err: error }, 'redis error'));
  return redis;
}

/** Ends the connection politely (pending replies first), or at once when Redis is away. */
export async function closeRedis(redis: Redis | undefined) {
  if (!redis) return;
  await redis.quit().catch(() => redis.disconnect());
}
