import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  service: z.literal('vowa'),
  version: z.string(),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), ok: z.boolean() }),
  mail: z.enum(['smtp', 'outbox']),
  /** Redis (shared rate limits): not configured, up, or away (limits counted per instance). */
  redis: z.enum(['not_configured', 'ok', 'unavailable']),
  uptime_seconds: z.number(),
});

type Options = {
  db: Database;
  databaseKind: 'pglite' | 'postgres';
  mailKind: 'smtp' | 'outbox';
  version: string;
  /** Whether the shared Redis answers; undefined when none is configured. */
  redisUp: (() => boolean) | undefined;
};

/** `GET /api/` and `GET /api/health`: is the service up, and can it reach its database and Redis? */
export const healthRoutes: FastifyPluginAsyncZod<Options> = async (app, options) => {
  const handler = async () => {
    const ok = await options.db
      .execute(sql`select 1`)
      .then(() => true)
      .catch(() => false);
    const redis = !options.redisUp
      ? ('not_configured' as const)
      : options.redisUp()
        ? ('ok' as const)
        : ('unavailable' as const);
    return {
      status: ok && redis !== 'unavailable' ? ('ok' as const) : ('degraded' as const),
      service: 'vowa' as const,
      version: options.version,
      database: { kind: options.databaseKind, ok },
      mail: options.mailKind,
      redis,
      uptime_seconds: Math.round(process.uptime()),
    };
  };
  const schema = { tags: ['health'], response: { 200: healthSchema } };
  app.get('/', { schema: { ...schema, summary: 'Health' } }, handler);
  app.get('/health', { schema: { ...schema, summary: 'Health' } }, handler);
};
