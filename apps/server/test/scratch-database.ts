import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A fresh PostgreSQL database on the server DATABASE_URL names, for a test whose background
 * workers run every due job and watch they find: on the suite's shared database they would also
 * take other files' work (CI runs the files side by side). The app migrates it when it starts.
 */
export async function createScratchDatabase(serverUrl: string) {
  const name = `vowa_scratch_${randomBytes(6).toString('hex')}`;
  const admin = new URL(serverUrl);
  admin.pathname = '/postgres';
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
