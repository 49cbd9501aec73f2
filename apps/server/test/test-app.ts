import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/env';

export type TestApp = {
  app: FastifyInstance;
  dataDir: string;
  logs: string[];
  /** Mail written to the outbox so far, oldest first, after the queue has drained. */
  outbox: () => Promise<{ to: string; subject: string; raw: string; link: string | undefined }[]>;
  close: () => Promise<void>;
};

/**
 * A real application on a real database: in-memory PGlite by default, or the PostgreSQL server
 * named by DATABASE_URL (CI runs the suite both ways). Mail goes to a real outbox directory.
 */
export async function createTestApp(
  env: Record<string, string | undefined> = {},
  options: { now?: () => Date; rateLimitKeyPrefix?: string } = {},
): Promise<TestApp> {
  const dataDir = env.DATA_DIR ?? (await mkdtemp(path.join(tmpdir(), 'vowa-test-')));
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.DATABASE_URL ?? 'memory://',
    REDIS_URL: process.env.REDIS_URL,
    APP_URL: 'http://localhost:8000',
    LOG_LEVEL: 'info',
    AUTH_RATE_LIMIT_MAX: '1000',
    SHARE_RATE_LIMIT_MAX: '1000',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    ENCRYPTION_KEY: 'test-encryption-key-that-is-long-enough-for-hkdf',
    // No background polling: tests run due jobs themselves (`app.jobs.runDue`) with their clock.
    JOBS_POLL_MS: '0',
    // Pricing the day ahead would write price history on the real clock into a shared database.
    SUGGESTIONS_WARM_UP: 'false',
    ...env,
  });
  const app = await buildApp(config, {
    logStream,
    now: options.now,
    // Test files run side by side against one Redis, every request from 127.0.0.1: shared
    // counters let one file's requests (the fuzz test's hundreds) use up another's limits.
    rateLimitKeyPrefix: options.rateLimitKeyPrefix ?? `vowa-rate-limit:test-${randomUUID()}:`,
  });
  await app.ready();

  return {
    app,
    dataDir,
    logs,
    async outbox() {
      await app.mail.drain();
      const dir = path.join(dataDir, 'outbox');
      const files = (await readdir(dir).catch(() => [] as string[])).sort();
      return Promise.all(
        files.map(async (file) => {
          const raw = await readFile(path.join(dir, file), 'utf8');
          return { ...parseMail(raw), raw };
        }),
      );
    },
    async close() {
      await app.close();
      if (!env.DATA_DIR) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

function parseMail(raw: string) {
  const header = (name: string) =>
    raw.match(new RegExp(`^${name}: (.*)$`, 'mi'))?.[1]?.trim() ?? '';
  // The text part is quoted-printable; undo soft line breaks and =XX escapes to read the link.
  const decoded = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const link = decoded.match(/https?:\/\/[^\s"<>]+token=[A-Za-z0-9_-]+/)?.[0];
  return { to: header('To'), subject: header('Subject'), link };
}

let counter = 0;
/** An email no other test (or earlier run on the same PostgreSQL database) has used. */
export function uniqueEmail(label = 'user'): string {
  counter += 1;
  return `${label}.${Date.now().toString(36)}.${process.pid}.${counter}@example.com`;
}

export function json<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  return response.json() as T;
}

export function tokenFromLink(link: string | undefined): string {
  const token = link ? new URL(link).searchParams.get('token') : null;
  if (!token) throw new Error(`no token in link ${link}`);
  return token;
}

export function refreshCookie(response: LightMyRequestResponse) {
  return response.cookies.find((cookie) => cookie.name === 'refresh_token');
}

/** Registers and signs in; returns what a browser would hold. */
export async function signUpAndIn(
  app: FastifyInstance,
  options: { email?: string; password?: string; name?: string } = {},
) {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? 'correct-horse-1';
  const name = options.name ?? 'Ada Lovelace';
  const registered = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password, name },
  });
  if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.body}`);
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const cookie = refreshCookie(login);
  return {
    email,
    password,
    accessToken: json<{ access_token: string }>(login).access_token,
    refreshToken: cookie?.value ?? '',
  };
}
