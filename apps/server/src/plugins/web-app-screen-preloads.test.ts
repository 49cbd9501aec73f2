import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let webDist: string;
const INDEX =
  '<!doctype html>\n<html>\n  <head>\n    <title>Vowa</title>\n  </head>\n  <body></body>\n</html>\n';
const BUCKET_CHUNKS = ['/assets/bucket-list-page-a1.js', '/assets/zod-b2.js'];
const BUCKET_READS = ['/auth/users/me', '/travel/deals?category=all&x="y"'];

beforeAll(async () => {
  // A stand-in build with the list the web build writes (apps/web/build-plugins/screen-preloads.ts).
  webDist = await mkdtemp(path.join(tmpdir(), 'vowa-web-'));
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(path.join(webDist, 'index.html'), INDEX);
  await writeFile(
    path.join(webDist, 'screen-preloads.json'),
    JSON.stringify({
      '/travel/bucket-list': { preloads: BUCKET_CHUNKS, reads: BUCKET_READS },
      '/trips': { preloads: ['/assets/trips-c3.js'], reads: [] },
    }),
  );
  t = await createTestApp({ WEB_DIST_DIR: webDist });
});
afterAll(async () => {
  await t.close();
  await rm(webDist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });

const earlyReadsTag = (html: string) =>
  /<script async src="\/early-reads\.js" data-reads="([^"]*)"><\/script>/.exec(html);

const preloads = (html: string) =>
  [
    ...html.matchAll(/<link rel="modulepreload" crossorigin fetchpriority="low" href="([^"]+)">/g),
  ].map((m) => m[1]);

describe('index.html for a screen the build lists', () => {
  it("names the screen's chunks as module preloads in the head, and nothing else changes", async () => {
    const response = await get('/travel/bucket-list');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(preloads(response.body)).toEqual(BUCKET_CHUNKS);
    expect(response.body.indexOf('modulepreload')).toBeLessThan(response.body.indexOf('</head>'));
    expect(
      response.body.replace(/ {4}<(?:link rel="modulepreload"|script async)[^\n]*\n/g, ''),
    ).toBe(INDEX);
  });

  it('names its first API reads on the early-reads script, first in the head', async () => {
    const html = (await get('/travel/bucket-list')).body;
    const tag = earlyReadsTag(html);
    expect(tag?.[1]).toBe('/auth/users/me /travel/deals?category=all&amp;x=&quot;y&quot;');
    expect(html.indexOf('early-reads')).toBeLessThan(html.indexOf('<title>'));
    // A screen that reads nothing early gets no script.
    expect(earlyReadsTag((await get('/trips')).body)).toBeNull();
  });

  it('is the same page with a trailing slash or a query, and each screen gets its own chunks', async () => {
    expect(preloads((await get('/travel/bucket-list/?list=1')).body)).toEqual(BUCKET_CHUNKS);
    expect(preloads((await get('/trips')).body)).toEqual(['/assets/trips-c3.js']);
  });

  it('is sent brotli or gzip compressed as the browser accepts, and varies on it', async () => {
    const plain = (await get('/trips')).body;
    const br = await get('/trips', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    const gzip = await get('/trips', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain);
    const none = await get('/trips', 'identity');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body).toBe(plain);
  });
});

describe('index.html for any other page', () => {
  it('is the built file as it is, with no preloads', async () => {
    const response = await get('/somewhere/else');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX);
    expect((await get('/')).body).toBe(INDEX);
  });

  it('is not sent for unknown API paths or files', async () => {
    expect((await get('/api/travel/bucket-list')).statusCode).toBe(404);
    expect((await get('/travel/bucket-list.js')).statusCode).toBe(404);
  });
});
