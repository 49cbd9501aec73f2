import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../test/test-app';
import { buildApp } from '../app';
import { loadConfig } from '../config/env';
import { users } from '../modules/auth/auth-schema';
import { serializeError } from './serialize-error';

const ARGON2_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2g';

let app: FastifyInstance;
let dataDir: string;
const logs: string[] = [];

/**
 * A real app on the suite's database with two routes whose queries fail in the database, as the
 * NUL character and a malformed uuid did: the error handler logs them.
 */
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'vowa-log-test-'));
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
    APP_URL: 'http://localhost:8000',
    LOG_LEVEL: 'info',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    ENCRYPTION_KEY: 'test-encryption-key-that-is-long-enough-for-hkdf',
  });
  app = await buildApp(config, { logStream });
  app.post('/failing-insert', async () => {
    const email = uniqueEmail('leak');
    await app.db
      .insert(users)
      .values({ email, passwordHash: ARGON2_HASH, name: 'Ada\u0000', displayName: 'Ada' });
  });
  app.get('/failing-cast', async () => app.db.execute(sql`select ${'not-a-uuid-value'}::uuid`));
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
});

function failureLogs() {
  return logs.filter((line) => line.includes('request failed'));
}

describe('error logs', () => {
  it('never contain the parameters of a failed query', async () => {
    const response = await app.inject({ method: 'POST', url: '/failing-insert' });
    expect(response.statusCode).toBe(500);
    const [line] = failureLogs();
    expect(line).toBeDefined();
    expect(line).not.toContain('argon2');
    expect(line).not.toContain('leak.');
    expect(line).not.toContain('params');
    // What helps to debug stays: the statement with placeholders and where it failed.
    const { err } = JSON.parse(line!) as { err: { message: string; query: string } };
    expect(err.query).toMatch(/insert into "users"/);
    expect(err.message).toMatch(/^Failed query: insert into "users"/);
  });

  it('redact a parameter the database quotes back in its message', async () => {
    logs.length = 0;
    const response = await app.inject({ method: 'GET', url: '/failing-cast' });
    expect(response.statusCode).toBe(500);
    const [line] = failureLogs();
    expect(line).toBeDefined();
    expect(line).not.toContain('not-a-uuid-value');
    expect(line).toContain('22P02');
  });
});

describe('serializeError', () => {
  it('keeps an ordinary error readable', () => {
    const error = Object.assign(new Error('disk full'), { code: 'ENOSPC' });
    expect(serializeError(error)).toMatchObject({
      type: 'Error',
      message: 'disk full',
      code: 'ENOSPC',
      stack: expect.stringContaining('at '),
    });
  });
});
