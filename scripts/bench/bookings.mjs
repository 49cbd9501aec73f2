// Issue 14 part 9: booking creation through the offline provider and sandbox payments (p50 /
// p95, beside the same server's health route and the re-quote that precedes every booking), and
// 50 parallel requests with one idempotency key: the bookings and charges they made, counted in
// the database afterwards (must be 1 and 1).
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const SAMPLES = 60;
const WARM_UP = 10;
const PARALLEL = 50;

function percentiles(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return `p50 ${at(0.5).toFixed(1)} ms / p95 ${at(0.95).toFixed(1)} ms (n=${sorted.length})`;
}

async function untilHealthy(base) {
  const started = Date.now();
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() - started > 180_000) throw new Error(`${base} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The verification link mailed to `email`, read from the outbox as a person would click it. */
async function verificationToken(dataDir, email) {
  const outbox = path.join(dataDir, 'outbox');
  for (let tries = 0; tries < 100; tries += 1) {
    // The mail is written in the background: the outbox may not be there yet.
    const files = (() => {
      try {
        return readdirSync(outbox);
      } catch {
        return [];
      }
    })();
    for (const file of files) {
      const raw = readFileSync(path.join(outbox, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
      if (!raw.includes(`To: ${email}`)) continue;
      const token = raw.match(/token=([A-Za-z0-9_-]+)/)?.[1];
      if (token) return token;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no verification mail for ${email}`);
}

/** A verified person with a sandbox card that succeeds. */
async function bookingPerson(base, dataDir, label) {
  const email = `bookings.${label}.${Date.now()}@example.com`;
  const password = 'benchmark-password';
  const json = { 'content-type': 'application/json' };
  const post = (url, body, headers = json) =>
    fetch(`${base}${url}`, { method: 'POST', headers, body: JSON.stringify(body) });
  await post('/api/auth/register', { email, password, name: 'Bench Booker' });
  await post('/api/auth/verify_email', { token: await verificationToken(dataDir, email) });
  const login = await (await post('/api/auth/login', { email, password })).json();
  const headers = { ...json, authorization: `Bearer ${login.access_token}` };
  const card = await (
    await post(
      '/api/payments/sandbox/cards',
      {
        number: '4242424242424242',
        expMonth: 12,
        expYear: 2099,
        cvc: '123',
        name: 'Bench',
        save: true,
      },
      headers,
    )
  ).json();
  if (!card.paymentMethodId) throw new Error(`no card: ${JSON.stringify(card)}`);
  return { email, headers, paymentMethodId: card.paymentMethodId, post };
}

const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const ROUTES = [
  ['JFK', 'CDG', 'Paris'],
  ['LHR', 'FCO', 'Rome'],
  ['SFO', 'NRT', 'Tokyo'],
  ['MAD', 'LIS', 'Lisbon'],
];

/** A flight and a stay, searched and re-quoted as the booking dialog does. */
async function reviewedTrip(who, index) {
  const [origin, destination, city] = ROUTES[index % ROUTES.length];
  const offset = 20 + (index % 60);
  const flights = await (
    await who.post(
      '/api/travel/search',
      { type: 'flights', origin, destination, departureDate: day(offset), adults: 1 },
      who.headers,
    )
  ).json();
  const hotels = await (
    await who.post(
      '/api/travel/search',
      { type: 'hotels', city, checkIn: day(offset + 1), checkOut: day(offset + 4), adults: 1 },
      who.headers,
    )
  ).json();
  const items = [
    { kind: 'flight', quoteId: flights.flights[0].quote.quoteId },
    { kind: 'hotel', quoteId: hotels.hotels[0].quote.quoteId },
  ];
  const started = performance.now();
  const quote = await (
    await who.post('/api/travel/bookings/quote', { items, travelers: 1 }, who.headers)
  ).json();
  const quoteMs = performance.now() - started;
  return {
    quoteMs,
    body: {
      items: quote.items.map(({ kind, quoteId }) => ({ kind, quoteId })),
      travelers: [{ givenName: 'Bench', familyName: 'Booker' }],
      contact: { email: who.email },
      acceptedTotal: quote.total,
      paymentMethodId: who.paymentMethodId,
      source: 'trip',
      tripTitle: { destination: city, country: '', countryCode: '' },
    },
  };
}

const book = (base, who, key, body) =>
  fetch(`${base}/api/travel/bookings`, {
    method: 'POST',
    headers: { ...who.headers, 'idempotency-key': key },
    body: JSON.stringify(body),
  });

/** Rows the parallel requests left, counted in the server's own database after it stopped. */
async function countRows(root, dataDir, userEmail) {
  const queries = {
    bookings: `select count(*)::int as n from bookings b join users u on u.id = b.user_id where u.email = $1`,
    charges: `select count(*)::int as n from payments p join users u on u.id = p.user_id where u.email = $1 and p.status = 'captured'`,
  };
  const counts = {};
  if (process.env.DATABASE_URL) {
    const { default: pg } = await import(path.join(root, 'node_modules/pg/lib/index.js'));
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    for (const [name, text] of Object.entries(queries)) {
      counts[name] = (await client.query(text, [userEmail])).rows[0].n;
    }
    await client.end();
  } else {
    const { PGlite } = await import(
      path.join(root, 'node_modules/@electric-sql/pglite/dist/index.js')
    );
    const db = await PGlite.create(path.join(dataDir, 'db'));
    for (const [name, text] of Object.entries(queries)) {
      counts[name] = (await db.query(text, [userEmail])).rows[0].n;
    }
    await db.close();
  }
  return counts;
}

export async function benchBookings({ root, port, report }) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vowa-bench-bookings-'));
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    env: {
      JWT_SECRET: 'bench-jwt-secret-that-is-long-enough-for-hs256',
      ENCRYPTION_KEY: 'bench-encryption-key-that-is-long-enough-for-hkdf',
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_MAX: '100000',
      TRAVEL_RATE_LIMIT_MAX: '100000',
      SUGGESTIONS_WARM_UP: 'false',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let parallelEmail;
  try {
    await untilHealthy(base);
    const who = await bookingPerson(base, dataDir, 'serial');
    const health = [];
    const quotes = [];
    const bookings = [];
    for (let index = 0; index < SAMPLES + WARM_UP; index += 1) {
      const trip = await reviewedTrip(who, index);
      const healthStart = performance.now();
      await (await fetch(`${base}/api/health`)).arrayBuffer();
      const healthMs = performance.now() - healthStart;
      const started = performance.now();
      const response = await book(base, who, `bench-${Date.now()}-${index}`, trip.body);
      const elapsed = performance.now() - started;
      if (response.status !== 201) {
        throw new Error(`booking ${index}: ${response.status} ${await response.text()}`);
      }
      if (index >= WARM_UP) {
        bookings.push(elapsed);
        quotes.push(trip.quoteMs);
        health.push(healthMs);
      }
    }
    report(
      'POST /api/travel/bookings',
      'create (offline provider, sandbox card)',
      percentiles(bookings),
    );
    report(
      'POST /api/travel/bookings/quote',
      're-quote of a flight and a stay',
      percentiles(quotes),
    );
    report('GET /api/health (same server)', 'reference round trip', percentiles(health));

    const racer = await bookingPerson(base, dataDir, 'parallel');
    parallelEmail = racer.email;
    const trip = await reviewedTrip(racer, 0);
    const key = `bench-parallel-${Date.now()}`;
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () => book(base, racer, key, trip.body)),
    );
    const elapsed = performance.now() - started;
    const statuses = {};
    const ids = new Set();
    for (const answer of answers) {
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      ids.add((await answer.json()).booking?.id);
    }
    report(
      `${PARALLEL} parallel POSTs, one Idempotency-Key`,
      'answers',
      `${Object.entries(statuses)
        .map(([status, count]) => `${count}× ${status}`)
        .join(', ')}; ${ids.size} booking id(s); all answered in ${elapsed.toFixed(0)} ms`,
    );
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  try {
    if (parallelEmail) {
      const counts = await countRows(root, dataDir, parallelEmail);
      report(
        `${PARALLEL} parallel POSTs, one Idempotency-Key`,
        'bookings / charges in the database (must be 1 / 1)',
        `${counts.bookings} / ${counts.charges}`,
      );
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
