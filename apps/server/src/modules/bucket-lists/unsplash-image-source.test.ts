import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BucketItem, BucketList } from '@vowa/shared/bucket-lists/bucket-list-schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { as, LISTS, person, sampleItem } from '../../../test/api-helpers';
import { createTestApp } from '../../../test/test-app';
import { createUnsplashImageSource, imageSearchQueries } from './destination-images';

/**
 * A local stand-in for Unsplash's documented search API: GET /search/photos with
 * `Authorization: Client-ID <key>`, answering {results:[{id, urls:{regular}, user, links}]},
 * 401 with {errors:[…]} for a bad key, and 403 "Rate Limit Exceeded" with
 * X-Ratelimit-Remaining: 0; and the photo's download endpoint (GET /photos/:id/download), which
 * the app must call once it uses a photo. Download calls are kept apart from the searches.
 */
type Mode = 'found' | 'empty-then-found' | 'rate-limited' | 'error-then-found' | 'nothing';
let mode: Mode = 'found';
const requests: URL[] = [];
const downloads: URL[] = [];
let server: Server;
let apiUrl: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    if (req.headers.authorization !== 'Client-ID test-access-key') {
      requests.push(url);
      return send(401, { errors: ['OAuth error: The access token is invalid'] });
    }
    if (/^\/photos\/[^/]+\/download$/.test(url.pathname)) {
      downloads.push(url);
      return send(200, { url: 'https://images.unsplash.com/photo-download' });
    }
    requests.push(url);
    if (url.pathname !== '/search/photos') return send(404, { errors: ['Not found'] });
    const photo = (n: number) => ({
      total: 1,
      total_pages: 1,
      results: [
        {
          id: `p${n}`,
          urls: { regular: `https://images.unsplash.com/photo-${n}?w=1080` },
          user: {
            name: 'Ada Nordlys',
            username: 'ada_nordlys',
            links: { html: 'https://unsplash.com/@ada_nordlys' },
          },
          links: { download_location: `${apiUrl}/photos/p${n}/download?ixid=abc` },
        },
      ],
    });
    const nth = requests.length;
    switch (mode) {
      case 'found':
        return send(200, photo(nth), { 'x-ratelimit-remaining': '49' });
      case 'empty-then-found':
        return nth === 1
          ? send(200, { total: 0, total_pages: 0, results: [] })
          : send(200, photo(nth));
      case 'error-then-found':
        return nth === 1 ? send(500, { errors: ['Internal error'] }) : send(200, photo(nth));
      case 'rate-limited':
        return send(403, 'Rate Limit Exceeded', {
          'x-ratelimit-remaining': '0',
          'content-type': 'text/plain',
        });
      case 'nothing':
        return send(200, { total: 0, total_pages: 0, results: [] });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  requests.length = 0;
  downloads.length = 0;
});

const silentLog = { warn: () => {}, error: () => {}, info: () => {} } as never;
const query = {
  title: 'Aurora',
  location: 'Tromsø',
  country: 'Norway',
  category: 'nature' as const,
};

/** The credit of the fake's photos: the photographer and Unsplash, linked with our utm tags. */
const adaCredit = {
  photographer: 'Ada Nordlys',
  photographerUrl: 'https://unsplash.com/@ada_nordlys?utm_source=vowa&utm_medium=referral',
  sourceUrl: 'https://unsplash.com/?utm_source=vowa&utm_medium=referral',
};

describe('Unsplash image source', () => {
  it('asks for one landscape, safe result with the Client-ID key and keeps urls.regular', async () => {
    mode = 'found';
    const source = createUnsplashImageSource({
      accessKey: 'test-access-key',
      apiUrl,
      log: silentLog,
    });
    expect(await source.find(query)).toEqual({
      url: 'https://images.unsplash.com/photo-1?w=1080',
      credit: adaCredit,
    });
    const [first] = requests;
    expect(Object.fromEntries(first!.searchParams)).toEqual({
      query: 'Tromsø Norway landmarks',
      per_page: '1',
      orientation: 'landscape',
      content_filter: 'high',
    });
  });

  it('keeps the photographer credit and reports the photo as used, once', async () => {
    mode = 'found';
    const source = createUnsplashImageSource({
      accessKey: 'test-access-key',
      apiUrl,
      log: silentLog,
    });
    const found = await source.find(query);
    expect(found?.credit).toEqual(adaCredit);
    expect(downloads.map((url) => `${url.pathname}${url.search}`)).toEqual([
      '/photos/p1/download?ixid=abc',
    ]);
    // No photo, no credit and no download report.
    mode = 'nothing';
    downloads.length = 0;
    expect(await source.find(query)).toBeNull();
    expect(downloads).toEqual([]);
  });

  it('tries the series of queries in turn (landmarks, category, travel, general)', () => {
    expect(imageSearchQueries(query)).toEqual([
      'Tromsø Norway landmarks',
      'Tromsø nature',
      'Tromsø Norway travel',
      'Aurora Tromsø',
      'Norway nature',
    ]);
  });

  it('moves to the next query after an empty answer or a server error', async () => {
    const source = createUnsplashImageSource({
      accessKey: 'test-access-key',
      apiUrl,
      log: silentLog,
    });
    mode = 'empty-then-found';
    expect((await source.find(query))?.url).toBe('https://images.unsplash.com/photo-2?w=1080');
    requests.length = 0;
    mode = 'error-then-found';
    expect((await source.find(query))?.url).toBe('https://images.unsplash.com/photo-2?w=1080');
    expect(requests[1]?.searchParams.get('query')).toBe('Tromsø nature');
  });

  it('stops at once on a rate limit or a bad key, and returns nothing', async () => {
    mode = 'rate-limited';
    const limited = createUnsplashImageSource({
      accessKey: 'test-access-key',
      apiUrl,
      log: silentLog,
    });
    expect(await limited.find(query)).toBeNull();
    expect(requests).toHaveLength(1);
    requests.length = 0;
    mode = 'found';
    const badKey = createUnsplashImageSource({ accessKey: 'wrong', apiUrl, log: silentLog });
    expect(await badKey.find(query)).toBeNull();
    expect(requests).toHaveLength(1);
  });

  it('returns nothing when every query comes back empty, and survives an unreachable host', async () => {
    mode = 'nothing';
    const source = createUnsplashImageSource({
      accessKey: 'test-access-key',
      apiUrl,
      log: silentLog,
    });
    expect(await source.find(query)).toBeNull();
    expect(requests).toHaveLength(5);
    const offline = createUnsplashImageSource({
      accessKey: 'test-access-key',
      apiUrl: 'http://127.0.0.1:1',
      log: silentLog,
    });
    expect(await offline.find(query)).toBeNull();
  });

  it('through the app: an item gets the Unsplash image, or keeps its category default', async () => {
    const t = await createTestApp({
      UNSPLASH_ACCESS_KEY: 'test-access-key',
      UNSPLASH_API_URL: apiUrl,
    });
    try {
      const owner = await person(t.app);
      const list = (await as(t.app, owner).post(LISTS, { name: 'Photos' })).json() as BucketList;
      mode = 'found';
      await as(t.app, owner).post(`${LISTS}/${list.id}/items`, sampleItem);
      await t.app.images.drain();
      mode = 'rate-limited';
      await as(t.app, owner).post(`${LISTS}/${list.id}/items`, { ...sampleItem, category: 'food' });
      await t.app.images.drain();
      const items = ((await as(t.app, owner).get(`${LISTS}/${list.id}`)).json() as BucketList)
        .items;
      expect(items.map((item) => [item.image, item.imageStatus, item.imageCredit])).toEqual([
        [
          expect.stringMatching(/^https:\/\/images\.unsplash\.com\/photo-\d+\?w=1080$/),
          'ready',
          adaCredit,
        ],
        // No photo: the place's own artwork (Tromsø under the northern lights), without a credit.
        [
          expect.stringMatching(/^\/api\/artwork\/scenes\/none\.mountains\.cold\.aurora\./),
          'ready',
          null,
        ],
      ]);
      // The photo used was reported to Unsplash's download endpoint.
      expect(downloads).toHaveLength(1);
      expect(t.logs.join('\n')).toContain('unsplash refused the search');
    } finally {
      await t.close();
    }
  });

  it('at start, resumes the searches left unfinished, not those another instance may still hold', async () => {
    // A second start on the same data: the embedded PGlite under DATA_DIR, or the shared
    // PostgreSQL database (which needs its keys configured, see config/env.ts).
    const dataDir = await mkdtemp(path.join(tmpdir(), 'vowa-images-'));
    const persistent: Record<string, string> = process.env.DATABASE_URL
      ? { DATA_DIR: dataDir }
      : { DATA_DIR: dataDir, JWT_SECRET: '', ENCRYPTION_KEY: '', DATABASE_URL: '' };
    const first = await createTestApp(persistent);
    const owner = await person(first.app);
    const list = (await as(first.app, owner).post(LISTS, { name: 'Resumed' })).json() as BucketList;
    const api = as(first.app, owner);
    const add = async () =>
      ((await api.post(`${LISTS}/${list.id}/items`, sampleItem)).json() as BucketItem).id;
    const [abandoned, inFlight] = [await add(), await add()];
    await first.app.images.drain();
    // As a stopped instance leaves them: one search set off three minutes ago, one just now.
    const leave = (id: string, ago: string) =>
      first.app.db.execute(
        sql`update bucket_items set image_status = 'fetching', updated_at = now() - ${ago}::interval where id = ${id}`,
      );
    await leave(abandoned, '3 minutes');
    await leave(inFlight, '0 seconds');
    await first.close();

    mode = 'found';
    const next = await createTestApp({
      ...persistent,
      UNSPLASH_ACCESS_KEY: 'test-access-key',
      UNSPLASH_API_URL: apiUrl,
    });
    try {
      await next.app.images.drain();
      const items = ((await as(next.app, owner).get(`${LISTS}/${list.id}`)).json() as BucketList)
        .items;
      const status = (id: string) => items.find((item) => item.id === id)?.imageStatus;
      expect(status(abandoned)).toBe('ready');
      expect(status(inFlight)).toBe('fetching');
      expect(requests.length).toBeGreaterThan(0);
    } finally {
      await next.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('through the app: the credit stays with its photo and goes when the image changes', async () => {
    const t = await createTestApp({
      UNSPLASH_ACCESS_KEY: 'test-access-key',
      UNSPLASH_API_URL: apiUrl,
    });
    try {
      const owner = await person(t.app);
      const api = as(t.app, owner);
      const list = (await api.post(LISTS, { name: 'Photos' })).json() as BucketList;
      const items = `${LISTS}/${list.id}/items`;
      const read = async () =>
        ((await api.get(`${LISTS}/${list.id}`)).json() as BucketList).items.map((item) => ({
          image: item.image,
          imageCredit: item.imageCredit,
          imageStatus: item.imageStatus,
        }));
      const edit = async (id: string, body: object) => {
        const response = await api.patch(`${items}/${id}`, body);
        expect(response.statusCode).toBe(200);
        return response.json() as BucketItem;
      };

      // An image URL the person gives carries no credit, even from Unsplash.
      const own = (
        await api.post(items, { ...sampleItem, image: 'https://images.unsplash.com/mine.jpg' })
      ).json() as BucketItem;
      expect(own.imageCredit).toBeNull();

      mode = 'found';
      const found = (await api.post(items, sampleItem)).json() as BucketItem;
      expect(found).toMatchObject({ imageStatus: 'fetching', imageCredit: null });
      await t.app.images.drain();
      const [, withPhoto] = await read();
      expect(withPhoto).toEqual({
        image: expect.stringMatching(/^https:\/\/images\.unsplash\.com\/photo-/),
        imageCredit: adaCredit,
        imageStatus: 'ready',
      });

      // The edit form sends the photo's URL back with other changes: photo and credit stay.
      const notes = await edit(found.id, { notes: 'Thermal socks', image: withPhoto!.image });
      expect(notes).toMatchObject({ image: withPhoto!.image, imageCredit: adaCredit });
      expect(await read()).toEqual([expect.anything(), withPhoto]);

      // The person's own URL replaces the photo: the credit goes with it.
      const replaced = await edit(found.id, { image: 'https://example.com/tromso.jpg' });
      expect(replaced).toMatchObject({
        image: 'https://example.com/tromso.jpg',
        imageCredit: null,
        imageStatus: 'ready',
      });
      expect((await read())[1]?.imageCredit).toBeNull();

      // A found photo of another place is looked for again; artwork (no photo) has no credit.
      const other = (await api.post(items, sampleItem)).json() as BucketItem;
      await t.app.images.drain();
      expect((await read())[2]?.imageCredit).toEqual(adaCredit);
      mode = 'rate-limited';
      const moved = await edit(other.id, {
        location: 'Rovaniemi',
        country: 'Finland',
        image: (await read())[2]!.image,
      });
      expect(moved).toMatchObject({ imageStatus: 'fetching', imageCredit: null });
      await t.app.images.drain();
      expect((await read())[2]).toEqual({
        image: expect.stringMatching(/^\/api\/artwork\/scenes\//),
        imageCredit: null,
        imageStatus: 'ready',
      });
    } finally {
      await t.close();
    }
  });
});
