import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, person } from '../../test/api-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';

const postgresUrl = process.env.DATABASE_URL?.startsWith('postgres')
  ? process.env.DATABASE_URL
  : '';

/**
 * This app's connections carry their own application_name: other test files share the
 * database and run at the same time, and their connections must not be ended under them.
 */
const APPLICATION_NAME = 'vowa-database-faults-test';

function withApplicationName(url: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('application_name', APPLICATION_NAME);
  return parsed.toString();
}

/**
 * Ends every connection of this app, as a restart or failover of the database would, and waits
 * until those backends have exited: without the timeout, pg_terminate_backend only sends the
 * signal, and a request sent right after would still be in flight when its backend dies.
 */
async function terminateBackends(url: string): Promise<number> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const result = await admin.query(
      `select pg_terminate_backend(pid, 5000) from pg_stat_activity
       where datname = current_database() and application_name = $1`,
      [APPLICATION_NAME],
    );
    return result.rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

// PostgreSQL only: PGlite runs in this process and has no connections to lose.
describe.runIf(postgresUrl)('when PostgreSQL ends the app’s connections', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ DATABASE_URL: withApplicationName(postgresUrl) });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps answering and recovers without a restart', async () => {
    const someone = await person(t.app, 'Resilient');
    const api = as(t.app, someone);
    // Warm the pool: several idle connections for the database to end.
    await Promise.all(Array.from({ length: 8 }, () => api.get('/api/auth/users/me')));

    const inFlight = Array.from({ length: 8 }, () => api.get('/api/auth/users/me'));
    expect(await terminateBackends(postgresUrl)).toBeGreaterThan(0);
    // Requests in flight may fail; none may take the process down.
    await Promise.allSettled(inFlight);

    for (let round = 0; round < 3; round += 1) {
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      if (health.statusCode === 200 && health.json().database.ok) break;
    }
    const me = await api.get('/api/auth/users/me');
    // On failure, the app's last log lines say which query failed and why.
    expect(me.statusCode, t.logs.slice(-5).join('\n')).toBe(200);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toMatchObject({ database: { ok: true } });
    expect(t.logs.some((line) => line.includes('database connection lost'))).toBe(true);
  });
});
