import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BucketList } from '@vowa/shared/bucket-lists/bucket-list-schemas';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { as, LISTS, person, sampleItem } from '../../../test/api-helpers';
import { createTestApp } from '../../../test/test-app';
import { createUnsplashImageSource, imageSearchQueries } from './destination-images';

/**
 * A local stand-in for Unsplash's documented search API: GET /search/photos with
 * `Authorization: Client-ID <key>`, answering {results:[{urls:{regular}}]}, 401 with
 * {errors:[…]} for a bad key, and 403 "Rate Limit Exceeded" with X-Ratelimit-Remaining: 0.
 */
type Mode = 'found' | 'empty-then-found' | 'rate-limited' | 'error-then-found' | 'nothing';
let mode: Mode = 'found';
const requests: URL[] = [];
let server: Server;
let apiUrl: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push(url);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    if (url.pathname !== '/search/photos') return send(404, { errors: ['Not found'] });
    if (req.headers.authorization !== 'Client-ID test-access-key') {
      return send(401, { errors: ['OAuth error: The access token is invalid'] });
    }
    const photo = (n: number) => ({
      total: 1,
      total_pages: 1,
      results: [
        { id: `p${n}`, urls: { regular: `https://images.unsplash.com/photo-${n}?w=1080` } },
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
});

const silentLog = { warn: () => {}, error: () => {}, info: () => {} } as never;
const query = {
  title: 'Aurora',
  location: 'Tromsø',
  country: 'Norway',
  category: 'nature' as const,
};

describe('Unsplash image source', () => {
  it('asks for one landscape, safe result with the Client-ID key and keeps urls.regular', async () => {
    mode = 'found';
    const source = createUnsplashImageSource({
      accessKey: 'test-access-key',
      apiUrl,
      log: silentLog,
    });
    expect(await source.find(query)).toBe('https://images.unsplash.com/photo-1?w=1080');
    const [first] = requests;
    expect(Object.fromEntries(first!.searchParams)).toEqual({
      query: 'Tromsø Norway landmarks',
      per_page: '1',
      orientation: 'landscape',
      content_filter: 'high',
    });
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
    expect(await source.find(query)).toBe('https://images.unsplash.com/photo-2?w=1080');
    requests.length = 0;
    mode = 'error-then-found';
    expect(await source.find(query)).toBe('https://images.unsplash.com/photo-2?w=1080');
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
      expect(items.map((item) => [item.image, item.imageStatus])).toEqual([
        [expect.stringMatching(/^https:\/\/images\.unsplash\.com\/photo-\d+\?w=1080$/), 'ready'],
        // No photo: the place's own artwork (Tromsø under the northern lights), not a photo.
        [
          expect.stringMatching(/^\/api\/artwork\/scenes\/none\.mountains\.cold\.aurora\./),
          'ready',
        ],
      ]);
      expect(t.logs.join('\n')).toContain('unsplash refused the search');
    } finally {
      await t.close();
    }
  });
});
