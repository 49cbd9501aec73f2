import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../test/test-app';

let t: TestApp;
let webDist: string;

beforeAll(async () => {
  // A stand-in build of the web app, so the fallback and caching rules can be checked here.
  webDist = await mkdtemp(path.join(tmpdir(), 'vowa-web-'));
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(webDist, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
  await writeFile(path.join(webDist, 'favicon.svg'), '<svg/>');
  t = await createTestApp({ WEB_DIST_DIR: webDist });
});
afterAll(async () => {
  await t.close();
  await rm(webDist, { recursive: true, force: true });
});

describe('health', () => {
  it.each(['/api/', '/api/health'])('GET %s answers health as JSON', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    expect(json(response)).toMatchObject({
      status: 'ok',
      service: 'vowa',
      database: { ok: true },
      mail: 'outbox',
    });
  });
});

describe('routing', () => {
  it('answers unknown /api paths with a JSON 404', async () => {
    for (const url of ['/api/nope', '/api/auth/nope', '/api/travel/search?x=1']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(json(response)).toEqual({ detail: 'Not found', code: 'not_found' });
    }
    const post = await t.app.inject({ method: 'POST', url: '/api/nope', payload: {} });
    expect(post.statusCode).toBe(404);
  });

  it('serves the web app at / and falls back to index.html for client routes', async () => {
    for (const url of ['/', '/profile', '/travel/bucket-list', '/reset-password?token=abc']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('caches hashed assets for a year and 404s missing files', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await t.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(missing.statusCode).toBe(404);
  });
});

describe('security', () => {
  it('sends security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it("allows CORS for the app's own origin only", async () => {
    const preflight = (origin: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url: '/api/auth/login',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
    const own = await preflight('http://localhost:8000');
    expect(own.headers['access-control-allow-origin']).toBe('http://localhost:8000');
    expect(own.headers['access-control-allow-credentials']).toBe('true');
    const foreign = await preflight('https://evil.example');
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers a wrong content type and an oversized body with 4xx JSON', async () => {
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(json(wrongType).detail).toEqual(expect.any(String));
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(json(huge)).toEqual({ detail: 'The request is too large', code: 'payload_too_large' });
  });
});

describe('OpenAPI', () => {
  it('publishes the spec generated from the shared schemas at /api/docs/json', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const spec = json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>(
      response,
    );
    expect(spec.openapi).toMatch(/^3\./);
    for (const route of [
      '/api/auth/register',
      '/api/auth/login',
      '/api/auth/refresh_token',
      '/api/auth/logout',
      '/api/auth/forgot_password',
      '/api/auth/validate_reset_token',
      '/api/auth/reset_password',
    ]) {
      expect(spec.paths[route], route).toHaveProperty('post');
    }
    expect(spec.paths['/api/auth/users/me']).toHaveProperty('get');
    expect(spec.paths['/api/auth/delete_account']).toHaveProperty('delete');
    const login = spec.paths['/api/auth/login']?.post as {
      requestBody: { content: { 'application/json': { schema: { properties: object } } } };
    };
    expect(login.requestBody.content['application/json'].schema.properties).toHaveProperty('email');
  });

  it('serves the interactive docs at /api/docs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('swagger');
  });
});
