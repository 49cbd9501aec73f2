// A server for the one browser test that needs prices to move: the real app, on a clock the
// test can move forward (POST /api/e2e/clock), in its own process and data directory, so no
// other test shares its clock. Bundled and started by bookings.spec.ts; never part of a release.
import { buildApp } from '../../../server/src/app';
import { loadConfig } from '../../../server/src/config/env';

let offsetMs = 0;
const config = loadConfig();
const app = await buildApp(config, { now: () => new Date(Date.now() + offsetMs) });
app.post('/api/e2e/clock', async (request) => {
  const { advanceHours } = request.body as { advanceHours: number };
  offsetMs += advanceHours * 3_600_000;
  return { offsetMs };
});
await app.listen({ host: config.host, port: config.port });
