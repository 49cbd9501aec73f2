import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let webDist: string;
const script = `export const greeting = ${JSON.stringify('hello '.repeat(500))};\n`;
const ASSET = '/assets/app-1a2b3c.js';

beforeAll(async () => {
  // A stand-in build with the brotli and gzip copies the web build writes beside each asset.
  webDist = await mkdtemp(path.join(tmpdir(), 'vowa-web-'));
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  const file = path.join(webDist, ASSET);
  await writeFile(file, script);
  await writeFile(`${file}.br`, brotliCompressSync(script));
  await writeFile(`${file}.gz`, gzipSync(script));
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

describe('built assets', () => {
  it('are sent as the brotli copy to a browser that accepts it', async () => {
    const response = await get(ASSET, 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['vary']).toMatch(/accept-encoding/i);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('are sent as the gzip copy when brotli is not accepted', async () => {
    const response = await get(ASSET, 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['vary']).toMatch(/accept-encoding/i);
    expect(gunzipSync(response.rawPayload).toString()).toBe(script);
  });

  it('are sent as they are when no encoding is accepted', async () => {
    const response = await get(ASSET);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(script);
  });
});

describe('JSON answers', () => {
  it('are compressed above the threshold', async () => {
    const plain = await get('/api/docs/json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(10_000);

    const br = await get('/api/docs/json', 'gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await get('/api/docs/json', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('are sent as they are below it', async () => {
    const response = await get('/api/health', 'gzip, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toMatchObject({ status: expect.any(String) });
  });
});
