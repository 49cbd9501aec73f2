import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { healthRoutes } from './health-routes';

/** `GET /api/` and `GET /api/health`: is the service up, and can it reach what it needs? */
export async function registerHealthModule(
  app: FastifyInstance,
  deps: {
    db: Database;
    databaseKind: 'pglite' | 'postgres';
    mailKind: 'smtp' | 'outbox';
    version: string;
    redisUp: (() => boolean) | undefined;
  },
): Promise<void> {
  await app.register(healthRoutes, { prefix: '/api', ...deps });
}
