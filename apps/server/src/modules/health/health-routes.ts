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
  uptime_seconds: z.number(),
});

type Options = {
  db: Database;
  databaseKind: 'pglite' | 'postgres';
  mailKind: 'smtp' | 'outbox';
  version: string;
};

/** `GET /api/` and `GET /api/health`: is the service up, and can it reach its database? */
export const healthRoutes: FastifyPluginAsyncZod<Options> = async (app, options) => {
  const handler = async () => {
    const ok = await options.db
      .execute(sql`select 1`)
      .then(() => true)
      .catch(() => false);
    return {
      status: ok ? ('ok' as const) : ('degraded' as const),
      service: 'vowa' as const,
      version: options.version,
      database: { kind: options.databaseKind, ok },
      mail: options.mailKind,
      uptime_seconds: Math.round(process.uptime()),
    };
  };
  const schema = { tags: ['health'], response: { 200: healthSchema } };
  app.get('/', { schema: { ...schema, summary: 'Health' } }, handler);
  app.get('/health', { schema: { ...schema, summary: 'Health' } }, handler);
};
