// Issue 10 part 10, "speed of every request": Vowa's request pipeline against bare Fastify
// reference servers started in the same run, so each ratio holds on a noisy machine. Each
// pairing runs rounds of reference, Vowa, Vowa, reference (ABBA) so drift in the machine's load
// cancels, and reports the median round. `BENCH_ONLY=pipeline npm run bench` runs only this.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { once } from 'node:events';
import autocannon from 'autocannon';

const CONNECTIONS = 20;
const SECONDS = 2;
const ROUNDS = 4;
const TARGET = 0.5;

const running = new Set();
// A bench that dies (Ctrl-C, an error) takes its servers with it.
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

function startProcess(args, env) {
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

async function stopProcess(child) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

async function waitForOk(url, child) {
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited`);
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not up yet
    }
    // PGlite can take a minute or more to start on a loaded machine.
    if (Date.now() - started > 300_000) throw new Error(`${url}: the server did not start`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function startReference(kind, port, target) {
  const script = path.join(import.meta.dirname, 'reference-server.mjs');
  const child = startProcess([script, kind, String(port), ...(target ? [target] : [])], {
    ...process.env,
  });
  await waitForOk(`http://127.0.0.1:${port}/`, child);
  return { url: `http://127.0.0.1:${port}/`, headers: {}, stop: () => stopProcess(child) };
}

/** Vowa as shipped (production defaults, log level included), its logs thrown away. */
async function startVowa(root, port, databaseUrl) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vowa-bench-pipeline-'));
  const env = {
    // A shared PostgreSQL database needs its keys configured (apps/server/src/config/env.ts).
    JWT_SECRET: 'bench-jwt-secret-that-is-long-enough-for-hs256',
    ENCRYPTION_KEY: 'bench-encryption-key-that-is-long-enough-for-hkdf',
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    AUTH_RATE_LIMIT_MAX: '100000',
    TRAVEL_RATE_LIMIT_MAX: '100000',
  };
  delete env.DATABASE_URL;
  delete env.LOG_LEVEL;
  delete env.NODE_ENV;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const child = startProcess([path.join(root, 'apps/server/dist/main.js')], env);
  const base = `http://127.0.0.1:${port}`;
  await waitForOk(`${base}/api/health`, child);
  return {
    base,
    async stop() {
      await stopProcess(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A signed-in user with one list of 20 items, as a returning traveller has. */
async function signedInUser(base) {
  const post = async (url, body, headers = {}) => {
    const response = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const email = `bench.pipeline.${Date.now()}@example.com`;
  const password = 'benchmark-password';
  await post('/api/auth/register', { email, password, name: 'Bench' });
  const { access_token: accessToken } = await post('/api/auth/login', { email, password });
  const auth = { authorization: `Bearer ${accessToken}` };
  const list = await post('/api/travel/bucket_lists', { name: 'Bench list' }, auth);
  for (let index = 0; index < 20; index += 1) {
    await post(
      `/api/travel/bucket_lists/${list.id}/items`,
      {
        title: `Place ${index}`,
        location: 'Lisbon',
        country: 'Portugal',
        image: 'https://example.com/a.jpg',
      },
      auth,
    );
  }
  // The trips too, as that traveller saw them: the server prices the day ahead when it starts
  // (SUGGESTIONS_WARM_UP), and this waits for that one-off work to end before anything is timed.
  const suggestions = await fetch(`${base}/api/travel/suggestions`, { headers: auth });
  if (!suggestions.ok) throw new Error(`/api/travel/suggestions: ${suggestions.status}`);
  await suggestions.arrayBuffer();
  return auth;
}

function throughput({ url, headers }, seconds = SECONDS) {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections: CONNECTIONS, duration: seconds }, (error, result) => {
      if (error) return reject(error);
      resolve({
        rps: result.requests.average,
        p99: result.latency.p99,
        errors: result.errors + result.timeouts,
        non2xx: result.non2xx,
      });
    });
  });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * ROUNDS rounds of reference, Vowa, Vowa, reference, each run SECONDS long: each round gives a
 * ratio measured within a few seconds, and the median of the rounds' ratios is reported, so a
 * burst of load from elsewhere on the machine moves one round, not the result.
 */
async function compare(vowa, reference) {
  // Warm both up first (JIT, caches, pools, prepared statements).
  await throughput(reference, 1);
  await throughput(vowa, 1);
  const rounds = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const runs = [];
    for (const target of [reference, vowa, vowa, reference]) runs.push(await throughput(target));
    const referenceRps = (runs[0].rps + runs[3].rps) / 2;
    const vowaRps = (runs[1].rps + runs[2].rps) / 2;
    rounds.push({ runs, referenceRps, vowaRps, ratio: vowaRps / referenceRps });
  }
  const all = rounds.flatMap((round) => round.runs);
  const vowaRuns = rounds.flatMap((round) => [round.runs[1], round.runs[2]]);
  const referenceRuns = rounds.flatMap((round) => [round.runs[0], round.runs[3]]);
  return {
    vowaRps: median(rounds.map((round) => round.vowaRps)),
    vowaP99: median(vowaRuns.map((run) => run.p99)),
    referenceRps: median(rounds.map((round) => round.referenceRps)),
    referenceP99: median(referenceRuns.map((run) => run.p99)),
    errors: all.reduce((sum, run) => sum + run.errors, 0),
    ratio: median(rounds.map((round) => round.ratio)),
    ratios: rounds.map((round) => round.ratio),
  };
}

const rate = (rps) => `${Math.round(rps).toLocaleString('en-US')} req/s`;

/**
 * Adds one row per route and database: Vowa's throughput, the reference's, and the ratio with
 * its target. PostgreSQL rows appear when DATABASE_URL is set.
 */
export async function benchRequestPipeline({ root, port, report }) {
  const ports = {
    json: port + 1,
    pg: port + 2,
    pglite: port + 3,
    vowa: port + 4,
    pgRows: port + 5,
    pgliteRows: port + 6,
  };
  const pgliteDir = mkdtempSync(path.join(tmpdir(), 'vowa-bench-reference-'));
  const pgliteRowsDir = mkdtempSync(path.join(tmpdir(), 'vowa-bench-reference-rows-'));
  const references = { json: await startReference('json', ports.json) };
  try {
    references.pglite = await startReference('pglite', ports.pglite, pgliteDir);
    references.pgliteRows = await startReference('pglite-rows', ports.pgliteRows, pgliteRowsDir);
    const databaseUrl = process.env.DATABASE_URL;
    if (databaseUrl) {
      references.pg = await startReference('pg', ports.pg, databaseUrl);
      references.pgRows = await startReference('pg-rows', ports.pgRows, databaseUrl);
    }

    const databases = [
      [
        'PGlite',
        undefined,
        references.pglite,
        'bare one-query PGlite route',
        references.pgliteRows,
        'bare PGlite route sending the same 20 items',
      ],
    ];
    if (databaseUrl) {
      databases.push([
        'PostgreSQL',
        databaseUrl,
        references.pg,
        'bare one-query pg route',
        references.pgRows,
        'bare pg route sending the same 20 items',
      ]);
    }
    for (const [name, url, oneQuery, oneQueryName, sameRows, sameRowsName] of databases) {
      const vowa = await startVowa(root, ports.vowa, url);
      try {
        const auth = await signedInUser(vowa.base);
        const routes = [
          [
            'GET /api/auth/users/me (signed in)',
            '/api/auth/users/me',
            auth,
            oneQuery,
            oneQueryName,
          ],
          [
            'GET /api/travel/bucket_lists (signed in, 20 items)',
            '/api/travel/bucket_lists',
            auth,
            oneQuery,
            oneQueryName,
          ],
          // 8 KiB of rows cost even a bare route most of its speed: the same read beside a bare
          // route sending the same rows shows what Vowa's pipeline adds to the payload's own cost.
          [
            'GET /api/travel/bucket_lists (signed in, 20 items)',
            '/api/travel/bucket_lists',
            auth,
            sameRows,
            sameRowsName,
          ],
          ['GET /api/health (pings the database)', '/api/health', {}, oneQuery, oneQueryName],
          [
            'GET /api/unknown (404, no database)',
            '/api/unknown',
            {},
            references.json,
            'bare JSON route',
          ],
        ];
        for (const [title, routePath, headers, reference, referenceName] of routes) {
          const result = await compare({ url: `${vowa.base}${routePath}`, headers }, reference);
          const verdict = result.ratio >= TARGET ? 'met' : 'NOT MET';
          report(
            `request pipeline on ${name}`,
            `${title} vs ${referenceName}`,
            `${rate(result.vowaRps)} (p99 ${result.vowaP99} ms) vs ${rate(result.referenceRps)} (p99 ${result.referenceP99} ms) = ${result.ratio.toFixed(2)}× (median of rounds ${result.ratios.map((ratio) => ratio.toFixed(2)).join(' ')}) — goal ≥ ${TARGET}×: ${verdict}${result.errors ? ` (${result.errors} errors)` : ''}`,
          );
        }
      } finally {
        await vowa.stop();
      }
    }
  } finally {
    for (const reference of Object.values(references)) await reference.stop();
    rmSync(pgliteDir, { recursive: true, force: true });
    rmSync(pgliteRowsDir, { recursive: true, force: true });
  }
}

// `node scripts/bench/request-pipeline.mjs` runs this section alone (after `npm run build`).
if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  await benchRequestPipeline({
    root: path.resolve(import.meta.dirname, '../..'),
    port: Number(process.env.BENCH_PORT ?? 8020),
    // Each figure as soon as it is measured: the whole section takes minutes.
    report: (area, figure, value) => console.log(`${area} — ${figure}  ${value}`),
  });
}
