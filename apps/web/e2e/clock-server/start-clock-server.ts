import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { build } from 'esbuild';
import { E2E_PORT } from '../e2e-env';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.join(here, '..', '..', '..', 'server');

/** A port nothing listens on now (the OS picks it), so parallel runs never collide. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

export type ClockServer = { url: string; dataDir: string; process: ChildProcess };

/**
 * Its own server on a clock the test moves (e2e/clock-server): bundled beside the server's
 * build so its npm dependencies resolve, on a free port with its own PGlite data directory under
 * the test's output. Never the main server's PostgreSQL/Redis (CI's second pass sets them): the
 * clock would move for the other tests' data too.
 */
export async function startClockServer(
  extraEnv: Record<string, string> = {},
): Promise<ClockServer> {
  const pkg = JSON.parse(await readFile(path.join(serverDir, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@vowa/'));
  const outfile = path.join(
    serverDir,
    'dist',
    `e2e-clock-${E2E_PORT}-${test.info().workerIndex}`,
    'main.js',
  );
  await build({
    absWorkingDir: serverDir,
    entryPoints: [path.join(here, 'clock-server.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    external: [...external, ...external.map((name) => `${name}/*`)],
    logLevel: 'warning',
  });
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const dataDir = test.info().outputPath('clock-server-data');
  await rm(dataDir, { recursive: true, force: true });
  // Everything but the shared stores; the keys a server needs (the webServer's are not here).
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...inherited } = process.env;
  const child = spawn(process.execPath, [outfile], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...inherited,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      DATA_DIR: dataDir,
      JWT_SECRET: 'e2e-clock-jwt-secret-that-is-long-enough-for-hs256',
      ENCRYPTION_KEY: 'e2e-clock-encryption-key-that-is-long-enough-for-hkdf',
      AUTH_RATE_LIMIT_MAX: '1000',
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  let exited: string | null = null;
  child.once('exit', (code, signal) => {
    exited = `exited (${signal ?? code})`;
  });
  try {
    await expect
      .poll(
        async () => {
          if (exited) return exited;
          return (await fetch(`${url}/api/health`).catch(() => null))?.status;
        },
        { timeout: 60_000 },
      )
      .toBe(200);
  } catch (error) {
    child.kill();
    throw new Error(
      `The clock server did not start: ${exited ?? 'no answer'}\n--- its stderr ---\n${stderr}`,
      { cause: error },
    );
  }
  return { url, dataDir, process: child };
}

/** The verification link mailed by the clock server (its own outbox). */
export async function verifyThroughOutbox(api: APIRequestContext, dataDir: string, email: string) {
  const outbox = path.join(dataDir, 'outbox');
  let token: string | null = null;
  await expect
    .poll(
      async () => {
        for (const file of await readdir(outbox).catch(() => [] as string[])) {
          const raw = (await readFile(path.join(outbox, file), 'utf8')).replace(/=\r?\n/g, '');
          if (!raw.includes(email) || !raw.includes('Verify your email')) continue;
          token = /token=([A-Za-z0-9_-]+)/.exec(raw.replace(/=3D/g, '='))?.[1] ?? null;
        }
        return token;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  expect((await api.post('/api/auth/verify_email', { data: { token } })).status()).toBe(200);
}
