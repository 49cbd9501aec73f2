import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { artworkLandmarks, artworkSceneUrl } from '@vowa/shared/artwork/artwork-scene';
import type { SuggestionsResponse } from '@vowa/shared/travel/travel-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, person } from '../../../test/api-helpers';
import { createTestApp, type TestApp } from '../../../test/test-app';

const NOW = new Date('2026-11-21T10:00:00Z');

/**
 * A local stand-in for Unsplash's documented API: GET /search/photos (Client-ID key) answering
 * a photo with its user and `links.download_location`, and GET /photos/:id/download, which the
 * guidelines require to be called when a photo is used.
 */
const requests: URL[] = [];
let unsplash: Server;
let apiUrl: string;

beforeAll(async () => {
  unsplash = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push(url);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== 'Client-ID trip-key') return send(401, { errors: ['bad'] });
    if (url.pathname === '/search/photos') {
      const id = `ph-${requests.length}`;
      return send(200, {
        total: 1,
        total_pages: 1,
        results: [
          {
            id,
            alt_description: 'a street at dusk',
            urls: { regular: `https://images.unsplash.com/photo-${id}?w=1080` },
            user: {
              name: 'Ana Lens',
              username: 'analens',
              links: { html: 'https://unsplash.com/@analens' },
            },
            links: { download_location: `${apiUrl}/photos/${id}/download?ixid=abc` },
          },
        ],
      });
    }
    if (/^\/photos\/[^/]+\/download$/.test(url.pathname)) {
      return send(200, { url: 'https://images.unsplash.com/x' });
    }
    return send(404, { errors: ['Not found'] });
  });
  await new Promise<void>((resolve) => unsplash.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(unsplash.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => unsplash.close(() => resolve()));
});

describe('GET /api/artwork/scenes/:scene', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { now: () => NOW });
  });
  afterAll(async () => {
    await t.close();
  });

  it('draws every landmark as a cacheable SVG, and 404s a name that is not a scene', async () => {
    for (const landmark of artworkLandmarks) {
      const url = artworkSceneUrl({
        landmark,
        landscape: 'coast',
        climate: 'temperate',
        sky: 'clear',
        palette: 'northern',
        variant: 1,
      });
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, landmark).toBe(200);
      expect(response.headers['content-type']).toContain('image/svg+xml');
      expect(response.headers['cache-control']).toContain('immutable');
      expect(response.body).toMatch(/^<svg [^>]*viewBox="0 0 640 360"/);
      expect(response.body).not.toMatch(/NaN|undefined/);
    }
    for (const name of ['pagoda.coast.x.clear.northern.1.svg', 'castle.svg', '..%2Fsecret']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/artwork/scenes/${name}` });
      expect(response.statusCode).toBe(404);
    }
  });

  it('gives trip suggestions their destination artwork, without a credit', async () => {
    const api = as(t.app, await person(t.app, 'Ari Artwork'));
    const body = (await api.get('/api/travel/suggestions')).json() as SuggestionsResponse;
    expect(body.suggestions.length).toBeGreaterThan(0);
    for (const trip of body.suggestions) {
      expect(trip.image).toMatch(/^\/api\/artwork\/scenes\/[a-z-]+(\.[a-z-]+){4}\.[012]\.svg$/);
      expect(trip.imageCredit ?? null).toBeNull();
      // The route map's ends: the airports' coordinates.
      expect(trip.flightDetails.outbound.departure.coordinates).toMatchObject({
        latitude: expect.closeTo(40.64, 1),
        longitude: expect.closeTo(-73.78, 1),
      });
    }
  });
});

describe('trip photos with UNSPLASH_ACCESS_KEY', () => {
  it('shows the artwork first, then the Unsplash photo with its credit, and reports its use', async () => {
    const t = await createTestApp(
      { UNSPLASH_ACCESS_KEY: 'trip-key', UNSPLASH_API_URL: apiUrl },
      { now: () => NOW },
    );
    try {
      const api = as(t.app, await person(t.app, 'Pia Photo'));
      const first = (await api.get('/api/travel/suggestions')).json() as SuggestionsResponse;
      expect(first.suggestions[0]?.image).toMatch(/^\/api\/artwork\/scenes\//);
      await t.app.destinationPhotos.drain();

      const later = (await api.get('/api/travel/suggestions')).json() as SuggestionsResponse;
      for (const trip of later.suggestions) {
        expect(trip.image).toMatch(/^https:\/\/images\.unsplash\.com\/photo-ph-\d+\?w=1080$/);
        expect(trip.imageCredit).toEqual({
          photographer: 'Ana Lens',
          photographerUrl: 'https://unsplash.com/@analens?utm_source=vowa&utm_medium=referral',
          sourceUrl: 'https://unsplash.com/?utm_source=vowa&utm_medium=referral',
        });
      }
      const searches = requests.filter((url) => url.pathname === '/search/photos');
      const downloads = requests.filter((url) => url.pathname.endsWith('/download'));
      expect(searches[0]?.searchParams.get('query')).toMatch(/ landmarks$/);
      // One download report per photo used, carrying Unsplash's own tracking parameter.
      expect(downloads).toHaveLength(searches.length);
      expect(downloads[0]?.searchParams.get('ixid')).toBe('abc');
    } finally {
      await t.close();
    }
  });
});
