/**
 * A second Vowa instance in its own process for watches-instances.test.ts: it builds the app on
 * the test's PostgreSQL database and works auto-bookings (monitor passes, `watches.book` jobs,
 * several at once) until it is killed. The test SIGKILLs it while bookings are in flight, as a
 * crashed server would stop: no shutdown hook runs, leases and claims are left behind.
 *
 * Run as `node --import tsx test/watch-book-worker.ts` with DATABASE_URL, DATA_DIR and
 * WORKER_NOW (the instant its clock stands at) in the environment.
 */
import { Writable } from 'node:stream';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/env';

const at = new Date(process.env.WORKER_NOW ?? Date.now());
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: process.env.DATA_DIR,
  DATABASE_URL: process.env.DATABASE_URL,
  APP_URL: 'http://localhost:8000',
  LOG_LEVEL: 'warn',
  JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
  ENCRYPTION_KEY: 'test-encryption-key-that-is-long-enough-for-hkdf',
  JOBS_POLL_MS: '0',
  SUGGESTIONS_WARM_UP: 'false',
});
const quiet = new Writable({ write: (_chunk, _encoding, done) => done() });
const app = await buildApp(config, { now: () => at, logStream: quiet });
await app.ready();
process.stdout.write('ready\n');

// Bookings in flight at once: several job loops (each runs two jobs at a time).
const LOOPS = 6;
for (;;) {
  await app.watches.runMonitor();
  await Promise.all(
    Array.from({ length: LOOPS }, () => app.jobs.runDue({ names: ['watches.book'] })),
  );
  await new Promise((resolve) => setTimeout(resolve, 20));
}
