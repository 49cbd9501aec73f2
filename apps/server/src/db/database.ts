import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { DatabaseConfig } from '../config/env';
import { prepareRepeatedQueries } from './pglite-prepared-statements';

/** Both drivers share drizzle's Postgres query builder, so repositories see one type. */
export type Database = PgDatabase<PgQueryResultHKT>;

export type DatabaseHandle = {
  db: Database;
  kind: DatabaseConfig['kind'];
  close: () => Promise<void>;
};

/** Any fixed number: every instance takes the same lock so only one migrates at a time. */
const MIGRATION_LOCK_ID = 4_242_001;

/** Opens the configured database and applies the committed migrations before anything uses it. */
export async function openDatabase(
  config: DatabaseConfig,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<DatabaseHandle> {
  const migrationsFolder = findMigrationsFolder();
  if (config.kind === 'pglite') {
    if (config.dataDir !== 'memory://') await mkdir(config.dataDir, { recursive: true });
    const client = await PGlite.create(config.dataDir);
    const db = drizzlePglite({ client });
    await migratePglite(db, { migrationsFolder });
    prepareRepeatedQueries(client);
    return { db: db as unknown as Database, kind: 'pglite', close: () => client.close() };
  }

  const pool = new pg.Pool({ connectionString: config.url, max: 10 });
  // PostgreSQL ending an idle connection (restart, failover, pg_terminate_backend) is reported
  // here; without a listener it would end the process. The pool opens a new one when needed.
  pool.on('error', (error) => log?.warn({ err: error }, 'database connection lost'));
  const lockClient = await pool.connect();
  try {
    await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrateNodePg(drizzleNodePg({ client: lockClient }), { migrationsFolder });
  } finally {
    await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    lockClient.release();
  }
  const db = drizzleNodePg({ client: pool });
  return { db: db as unknown as Database, kind: 'postgres', close: () => pool.end() };
}

/**
 * The migrations ship beside the code: `apps/server/drizzle`. Walk up from this file, which is
 * `src/db/` when run from source and `dist/` when run from the build.
 */
function findMigrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 5; depth += 1) {
    const candidate = path.join(dir, 'drizzle');
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('Could not find the database migrations (apps/server/drizzle).');
}
