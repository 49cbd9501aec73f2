import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail } from '../test/test-app';

const dataDir = await mkdtemp(path.join(tmpdir(), 'vowa-restart-'));
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('persistence', () => {
  it('keeps accounts and lists across a restart, resumes image searches, with a generated JWT secret that survives too', async () => {
    // With no DATABASE_URL the embedded PGlite lives under DATA_DIR/db, as in production.
    // A shared PostgreSQL database needs the keys configured (see config/env.ts); the embedded
    // one generates them into DATA_DIR/secrets.
    const env: Record<string, string> = process.env.DATABASE_URL
      ? { DATA_DIR: dataDir }
      : { DATA_DIR: dataDir, JWT_SECRET: '', ENCRYPTION_KEY: '', DATABASE_URL: '' };
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
    const headers = { authorization: `Bearer ${accessToken}` };
    const list = await first.app.inject({
      method: 'POST',
      url: '/api/travel/bucket_lists',
      headers,
      payload: { name: 'Kept' },
    });
    const listId = (list.json() as { id: string }).id;
    const item = await first.app.inject({
      method: 'POST',
      url: `/api/travel/bucket_lists/${listId}/items`,
      headers,
      payload: { title: 'Fjords', location: 'Bergen', country: 'Norway', category: 'nature' },
    });
    await first.app.images.drain();
    // As if the server stopped while this item still waited for its image, longer ago than a
    // running instance holds its searches (IMAGE_SEARCH_LEASE_MS), so the next start takes it.
    await first.app.db.execute(
      sql`update bucket_items set image_status = 'fetching', image = '/artwork/bucket/nature.svg', updated_at = now() - interval '3 minutes' where id = ${(item.json() as { id: string }).id}`,
    );
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
      await second.app.images.drain();
      const lists = await second.app.inject({
        method: 'GET',
        url: '/api/travel/bucket_lists',
        headers: { authorization: `Bearer ${accessToken}` },
      });
      const [kept] = (
        lists.json() as {
          lists: { name: string; items: { image: string; imageStatus: string }[] }[];
        }
      ).lists;
      expect(kept?.name).toBe('Kept');
      expect(kept?.items[0]).toMatchObject({
        imageStatus: 'ready',
        image: expect.stringMatching(/^\/api\/artwork\/scenes\/gabled-houses\.mountains\./),
      });
    } finally {
      await second.close();
    }
  });
});
