// Issue 16: price watches re-priced per minute by one instance's monitor against the offline
// provider, beside a reference measured in the same run: the bare offline fare model pricing the
// same offers (each distinct offer once a round) and summing each watch, with no database, HTTP
// or bookkeeping: the physical limit of re-pricing. The ratio is Vowa's share of it.
//
// The app is bundled from source for the run (esbuild, as `npm run build` bundles main.ts) so the
// bench can call `app.watches.runMonitor()` in-process, like the recurring job does; watches are
// seeded in bulk (N over many people and trips) straight into the database.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';

const WATCHES = Number(process.env.BENCH_WATCHES ?? 20_000);
const PEOPLE = 200;
const ROUNDS = 3;
const DAY_MS = 86_400_000;

const CITIES = [
  ['Paris', 'France', 'FR', 'CDG'],
  ['Rome', 'Italy', 'IT', 'FCO'],
  ['Tokyo', 'Japan', 'JP', 'NRT'],
  ['Lisbon', 'Portugal', 'PT', 'LIS'],
  ['Bangkok', 'Thailand', 'TH', 'BKK'],
  ['Barcelona', 'Spain', 'ES', 'BCN'],
  ['Sydney', 'Australia', 'AU', 'SYD'],
  ['Cancun', 'Mexico', 'MX', 'CUN'],
  ['Reykjavik', 'Iceland', 'IS', 'KEF'],
  ['Cape Town', 'South Africa', 'ZA', 'CPT'],
];

/** Bundles the parts of the server the bench drives (external npm packages stay external). */
async function bundle(root, outDir) {
  const { build } = await import('esbuild');
  const { readFile } = await import('node:fs/promises');
  const serverRoot = path.join(root, 'apps/server');
  const pkg = JSON.parse(await readFile(path.join(serverRoot, 'package.json'), 'utf8'));
  const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@vowa/'));
  const outfile = path.join(outDir, 'watch-monitor-bench.mjs');
  await build({
    absWorkingDir: serverRoot,
    stdin: {
      contents: [
        "export { buildApp } from './src/app';",
        "export { loadConfig } from './src/config/env';",
        "export { createOfflineProvider } from './src/modules/travel/offline/offline-provider';",
        "export { priceWatches } from './src/modules/watches/watch-schema';",
        "export { travelQuotes } from './src/modules/travel/travel-schema';",
      ].join('\n'),
      resolveDir: serverRoot,
      loader: 'ts',
    },
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    external: [...external, ...external.map((name) => `${name}/*`)],
    logLevel: 'warning',
  });
  return import(pathToFileURL(outfile).href);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const perMinute = (count, ms) => (count / ms) * 60_000;
const format = (value) => Math.round(value).toLocaleString('en-US');

/** Recorded quotes: stays in ten cities and flights to them from New York, three dates each. */
async function seedQuotes(app, headers, today) {
  const day = (offset) => new Date(today.getTime() + offset * DAY_MS).toISOString().slice(0, 10);
  const search = async (body) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/travel/search',
      headers,
      payload: body,
    });
    if (response.statusCode !== 200) throw new Error(`search: ${response.body}`);
    return response.json();
  };
  const trips = [];
  for (const [index, [city, country, countryCode, airport]] of CITIES.entries()) {
    for (const offset of [30, 45, 60]) {
      const start = day(offset + index);
      const end = day(offset + index + 5);
      const hotels = (
        await search({ type: 'hotels', city, checkIn: start, checkOut: end, adults: 2 })
      ).hotels;
      const out = (
        await search({
          type: 'flights',
          origin: 'JFK',
          destination: airport,
          departureDate: start,
          adults: 2,
        })
      ).flights;
      const back = (
        await search({
          type: 'flights',
          origin: airport,
          destination: 'JFK',
          departureDate: end,
          adults: 2,
        })
      ).flights;
      for (const [n, hotel] of hotels.entries()) {
        trips.push({
          title: { destination: city, country, countryCode },
          start,
          end,
          hotel: hotel.quote.quoteId,
          out: out[n % out.length]?.quote.quoteId,
          back: back[n % back.length]?.quote.quoteId,
        });
      }
    }
  }
  return trips;
}

/** N watches over PEOPLE people: alternately a whole trip (two flights and a stay) and a stay. */
async function seedWatches(app, modules, headers, now) {
  const { sql, inArray } = await import('drizzle-orm');
  const { priceWatches, travelQuotes } = modules;
  const run = Date.now().toString(36);
  const people = (
    await app.db.execute(sql`
      insert into users (email, password_hash, name, display_name)
      select 'watch-bench-' || ${run} || '-' || g || '@example.com', 'not-a-hash', 'Bench', 'Bench'
      from generate_series(1, ${PEOPLE}) g
      returning id
    `)
  ).rows.map((row) => row.id);
  const trips = await seedQuotes(app, headers, now);
  const quoteIds = trips.flatMap((trip) => [trip.hotel, trip.out, trip.back]).filter(Boolean);
  const quotes = new Map(
    (
      await app.db
        .select({
          id: travelQuotes.id,
          subject: travelQuotes.subjectKey,
          amount: travelQuotes.amount,
          currency: travelQuotes.currency,
        })
        .from(travelQuotes)
        .where(inArray(travelQuotes.id, quoteIds))
    ).map((row) => [row.id, row]),
  );
  const rows = [];
  for (let index = 0; index < WATCHES; index += 1) {
    const trip = trips[index % trips.length];
    const whole = index % 2 === 0 && trip.out && trip.back;
    const items = (
      whole
        ? [
            ['flight', trip.out],
            ['hotel', trip.hotel],
            ['flight', trip.back],
          ]
        : [['hotel', trip.hotel]]
    ).map(([kind, quoteId]) => ({ kind, quoteId, subject: quotes.get(quoteId).subject }));
    const price = items.reduce(
      (sum, item) => sum + quotes.get(item.quoteId).amount * (item.kind === 'flight' ? 2 : 1),
      0,
    );
    rows.push({
      userId: people[index % PEOPLE],
      kind: whole ? 'trip' : 'hotel',
      mode: 'alert',
      status: 'active',
      subjectKey: `bench:${index}`,
      title: trip.title,
      plan: { items, startDate: trip.start, endDate: trip.end, source: whole ? 'trip' : 'hotel' },
      travelers: 2,
      thresholdPercent: 80,
      maxBudget: 50_000,
      budgetCurrency: quotes.get(trip.hotel).currency,
      currency: quotes.get(trip.hotel).currency,
      // The market is today's price: nothing is at its target, so a pass only re-prices.
      marketPrice: Math.round(price * 100) / 100,
      nextCheckAt: now,
      createdAt: now,
      updatedAt: now,
    });
  }
  for (let start = 0; start < rows.length; start += 1000) {
    await app.db.insert(priceWatches).values(rows.slice(start, start + 1000));
  }
  return { rows, quotes };
}

/** One monitor round: every watch due now, passes until none is left. */
async function monitorRound(app, now) {
  const { sql } = await import('drizzle-orm');
  await app.db.execute(
    sql`update price_watches set next_check_at = ${now.toISOString()}::timestamptz where status = 'active'`,
  );
  const started = performance.now();
  let checked = 0;
  for (;;) {
    const report = await app.watches.runMonitor();
    checked += report.checked;
    if (report.checked === 0) break;
  }
  return { checked, ms: performance.now() - started };
}

/**
 * The reference: the same watches priced by the bare fare model in memory, every distinct offer
 * asked once per round (the least any re-pricing must do), then each watch's sum as bookings
 * charges it (flights per traveller, a stay whole).
 */
async function referenceRound(modules, rows, recorded, now) {
  const provider = modules.createOfflineProvider({ now: () => now });
  const started = performance.now();
  const answers = new Map(
    await Promise.all(
      recorded.map(async (quote) => [
        quote.id,
        await provider.currentOffer(quote.kind, quote.offer),
      ]),
    ),
  );
  let priced = 0;
  for (const watch of rows) {
    let sum = 0;
    for (const item of watch.plan.items) {
      const offer = answers.get(item.quoteId);
      sum += (offer?.price ?? 0) * (item.kind === 'hotel' ? 1 : watch.travelers);
    }
    if (sum > 0) priced += 1;
  }
  return { checked: priced, ms: performance.now() - started };
}

export async function benchWatchMonitor({ root, report }) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vowa-bench-watches-'));
  const outDir = mkdtempSync(path.join(root, 'apps/server/.bench-'));
  let app;
  try {
    const modules = await bundle(root, outDir);
    const config = modules.loadConfig({
      JWT_SECRET: 'bench-jwt-secret-that-is-long-enough-for-hs256',
      ENCRYPTION_KEY: 'bench-encryption-key-that-is-long-enough-for-hkdf',
      ...process.env,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_MAX: '100000',
      TRAVEL_RATE_LIMIT_MAX: '100000',
      SUGGESTIONS_WARM_UP: 'false',
      JOBS_POLL_MS: '0',
      WATCH_MONITOR_EVERY_MS: '0',
    });
    const quiet = new Writable({ write: (_chunk, _encoding, done) => done() });
    // One fixed instant: the rounds price the same day, as a minute of the monitor does.
    const now = new Date();
    app = await modules.buildApp(config, { now: () => now, logStream: quiet });
    await app.ready();
    const email = `watch-bench-${Date.now()}@example.com`;
    const password = 'benchmark-password';
    await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password, name: 'Bench' },
    });
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
    });
    const headers = { authorization: `Bearer ${login.json().access_token}` };

    const seeded = performance.now();
    const { rows } = await seedWatches(app, modules, headers, now);
    const { inArray } = await import('drizzle-orm');
    const ids = [...new Set(rows.flatMap((row) => row.plan.items.map((item) => item.quoteId)))];
    const recorded = await app.db
      .select()
      .from(modules.travelQuotes)
      .where(inArray(modules.travelQuotes.id, ids));
    report(
      'watch monitor',
      'seeded',
      `${format(rows.length)} watches of ${PEOPLE} people over ${format(ids.length)} recorded offers in ${((performance.now() - seeded) / 1000).toFixed(1)} s (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`,
    );

    // Alternate reference and Vowa rounds so drift in the machine's load hits both alike.
    const vowa = [];
    const reference = [];
    await referenceRound(modules, rows, recorded, now); // warm-up
    for (let round = 0; round < ROUNDS; round += 1) {
      const bare = await referenceRound(modules, rows, recorded, now);
      reference.push(perMinute(bare.checked, bare.ms));
      const pass = await monitorRound(app, now);
      if (pass.checked < rows.length) {
        throw new Error(`round ${round}: only ${pass.checked} of ${rows.length} watches checked`);
      }
      vowa.push(perMinute(pass.checked, pass.ms));
    }
    const ours = median(vowa);
    const bare = median(reference);
    report(
      'watch monitor',
      're-priced per minute, one instance (goal >= 100,000)',
      `${format(ours)} (${ours >= 100_000 ? 'meets' : 'misses'} the goal; median of ${ROUNDS} rounds)`,
    );
    report(
      'watch monitor',
      'reference: bare fare model, no database',
      `${format(bare)} per minute`,
    );
    report('watch monitor', 'ratio (Vowa / reference)', `${((ours / bare) * 100).toFixed(1)} %`);
  } finally {
    await app?.close();
    rmSync(outDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}
