import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail } from '../test/test-app';

const dataDir = await mkdtemp(path.join(tmpdir(), 'vowa-restart-'));
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('persistence', () => {
  it('keeps accounts across a restart, with a generated JWT secret that survives too', async () => {
    // With no DATABASE_URL the embedded PGlite lives under DATA_DIR/db, as in production.
    const env = {
      DATA_DIR: dataDir,
      JWT_SECRET: '',
      ...(process.env.DATABASE_URL ? {} : { DATABASE_URL: '' }),
    };
    const email = uniqueEmail('restart');
    const first = await createTestApp(env);
    await first.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password: 'secret1', name: 'Persistent' },
    });
    const login = await first.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'secret1' },
    });
    const accessToken = (login.json() as { access_token: string }).access_token;
    await first.close();

    const second = await createTestApp(env);
    try {
      const me = await second.app.inject({
        method: 'GET',
        url: '/api/auth/users/me',
        headers: { authorization: `Bearer ${accessToken}` },
      });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ email, name: 'Persistent' });
    } finally {
      await second.close();
    }
  });
});
