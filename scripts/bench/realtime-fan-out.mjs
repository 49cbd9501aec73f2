// Issue 11 part 3: how long one event takes to reach 1,000 open connections, on one Vowa
// instance and across two (PostgreSQL + Redis), beside bare Socket.IO servers in the same run.
// The event is a real one: a settings save through the API, announced to the person's devices.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { io as connect } from 'socket.io-client';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const ROUNDS = 20;
const KEYS = {
  JWT_SECRET: 'bench-jwt-secret-that-is-long-enough-for-hs256',
  ENCRYPTION_KEY: 'bench-encryption-key-that-is-long-enough-for-hkdf',
};

export function start(args, env = {}) {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return child;
}

export async function waitFor(check, what) {
  const started = Date.now();
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() - started > 180_000) throw new Error(`${what} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function startReference(port, redisUrl) {
  const child = start(
    [path.join(import.meta.dirname, 'socket-reference.mjs'), String(port), redisUrl ?? ''].filter(
      Boolean,
    ),
  );
  return new Promise((resolve) => child.stdout.once('data', () => resolve(child)));
}

export async function startVowa(root, port, env, children) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vowa-bench-live-'));
  const child = start([path.join(root, 'apps/server/dist/main.js')], {
    ...KEYS,
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT_MAX: '100000',
  });
  children.push(child);
  const base = `http://127.0.0.1:${port}`;
  await waitFor(async () => (await fetch(`${base}/api/health`)).ok, 'Vowa');
  return { child, base, dataDir };
}

export async function stop(child) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

/** Opens `count` connections spread over `bases`, 50 handshakes at a time. */
export async function openSockets(bases, count, token, tokenOf = () => token) {
  const sockets = [];
  for (let index = 0; index < count; index += 50) {
    const batch = Array.from({ length: Math.min(50, count - index) }, (_, offset) => {
      const socket = connect(bases[(index + offset) % bases.length], {
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
        auth: tokenOf(index + offset) ? { token: tokenOf(index + offset) } : {},
      });
      sockets.push(socket);
      return new Promise((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
    });
    await Promise.all(batch);
    if (process.env.BENCH_DEBUG) console.error(`open ${sockets.length}`);
  }
  return sockets;
}

/** How long a round waits for the last socket before counting it as missed. */
const ROUND_TIMEOUT_MS = 30_000;

/** Fires `trigger` ROUNDS times; each time, how long until each socket heard the event. */
export async function measure(sockets, trigger, event = 'changed') {
  const samples = [];
  let missed = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    const started = performance.now();
    let timer;
    const timeout = new Promise((resolve) => {
      timer = setTimeout(resolve, ROUND_TIMEOUT_MS);
    });
    const listeners = [];
    const heard = sockets.map(
      (socket) =>
        new Promise((resolve) => {
          const listener = () => {
            samples.push(performance.now() - started);
            resolve();
          };
          listeners.push([socket, listener]);
          socket.once(event, listener);
        }),
    );
    await trigger();
    await Promise.race([Promise.all(heard), timeout]);
    clearTimeout(timer);
    for (const [socket, listener] of listeners) socket.off(event, listener);
    missed = sockets.length * (round + 1) - samples.length;
    if (process.env.BENCH_DEBUG) console.error(`round ${round}`);
  }
  samples.sort((a, b) => a - b);
  const at = (q) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))];
  return { p50: at(0.5), p99: at(0.99), missed };
}

async function signedIn(base) {
  const email = `fan-out.${Date.now()}@example.com`;
  const password = 'benchmark-password';
  const body = (data) => ({
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(data),
  });
  await fetch(`${base}/api/auth/register`, body({ email, password, name: 'Bench' }));
  const login = await (await fetch(`${base}/api/auth/login`, body({ email, password }))).json();
  return login.access_token;
}

const saveSettings = (base, token) => () =>
  fetch(`${base}/api/user_management/settings`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: '{}',
  }).then((response) => response.arrayBuffer());

export const emitReference = (base) => () =>
  fetch(`${base}/emit`, { method: 'POST' }).then((response) => response.arrayBuffer());

function print(report, setup, vowa, reference) {
  const ms = (value) => `${value.toFixed(1)} ms`;
  report(
    `realtime fan-out, 1 event to ${SOCKETS} sockets — ${setup}`,
    'Vowa p50 / p99 (settings saved → every socket told)',
    `${ms(vowa.p50)} / ${ms(vowa.p99)}${vowa.missed ? `; ${vowa.missed} deliveries missed` : ''}`,
  );
  report(
    `realtime fan-out, 1 event to ${SOCKETS} sockets — ${setup}`,
    'bare Socket.IO p50 / p99; ratio reference/Vowa (1.00 = the physical limit)',
    `${ms(reference.p50)} / ${ms(reference.p99)}; p50 ${(reference.p50 / vowa.p50).toFixed(2)}× p99 ${(reference.p99 / vowa.p99).toFixed(2)}×`,
  );
}

async function runScenario(bases, token, trigger) {
  const sockets = await openSockets(bases, SOCKETS, token);
  try {
    await measure(sockets.slice(0, 10), trigger); // warm-up
    return await measure(sockets, trigger);
  } finally {
    for (const socket of sockets) socket.disconnect();
  }
}

/** A throwaway PostgreSQL database and the Redis on this machine, when both answer. */
export async function scaledOutServices() {
  const adminUrl = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
  });
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 1000 });
  try {
    await redis.connect();
    await redis.ping();
    await admin.connect();
  } catch {
    redis.disconnect();
    await admin.end().catch(() => undefined);
    return undefined;
  }
  redis.disconnect();
  const name = `vowa_bench_fan_out_${Date.now()}`;
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    redisUrl,
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export async function benchRealtimeFanOut({ root, port, report }) {
  const children = [];
  const dirs = [];
  try {
    const reference = await startReference(port + 1);
    children.push(reference);
    const referenceOne = await runScenario(
      [`http://127.0.0.1:${port + 1}`],
      undefined,
      emitReference(`http://127.0.0.1:${port + 1}`),
    );
    await stop(reference);

    const one = await startVowa(root, port + 2, {}, children);
    dirs.push(one.dataDir);
    const token = await signedIn(one.base);
    print(
      report,
      'one instance (PGlite)',
      await runScenario([one.base], token, saveSettings(one.base, token)),
      referenceOne,
    );
    await stop(one.child);

    const services = await scaledOutServices();
    if (!services) {
      report(
        'realtime fan-out — two instances',
        'skipped',
        'needs PostgreSQL and Redis on this machine',
      );
      return;
    }
    try {
      const referenceA = await startReference(port + 3, services.redisUrl);
      const referenceB = await startReference(port + 4, services.redisUrl);
      children.push(referenceA, referenceB);
      const referenceTwo = await runScenario(
        [`http://127.0.0.1:${port + 3}`, `http://127.0.0.1:${port + 4}`],
        undefined,
        emitReference(`http://127.0.0.1:${port + 3}`),
      );
      await Promise.all([stop(referenceA), stop(referenceB)]);
      const env = { DATABASE_URL: services.databaseUrl, REDIS_URL: services.redisUrl };
      const a = await startVowa(root, port + 5, env, children);
      const b = await startVowa(root, port + 6, env, children);
      dirs.push(a.dataDir, b.dataDir);
      const shared = await signedIn(a.base);
      print(
        report,
        'two instances (PostgreSQL + Redis; half the sockets on each, the change made on one)',
        await runScenario([a.base, b.base], shared, saveSettings(a.base, shared)),
        referenceTwo,
      );
      await Promise.all([stop(a.child), stop(b.child)]);
    } finally {
      await services.drop();
    }
  } finally {
    await Promise.all(children.map(stop));
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}
