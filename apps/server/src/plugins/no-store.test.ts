import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, person, type Person } from '../../test/api-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let ada: Person;

beforeAll(async () => {
  t = await createTestApp();
  ada = await person(t.app, 'Ada Lovelace');
});
afterAll(async () => {
  await t.close();
});

describe('Cache-Control on API responses', () => {
  it('is no-store on answers that carry personal data', async () => {
    for (const url of [
      '/api/auth/users/me',
      '/api/user_management/get_myprofile',
      '/api/finance/financials',
      '/api/travel/bucket_lists/',
      `/api/users/${ada.id}/profile`,
    ]) {
      const response = await as(t.app, ada).get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('is no-store on sign-in and refresh, which hand out tokens', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: ada.email, password: ada.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh_token',
      payload: { refresh_token: ada.refreshToken },
    });
    expect(refreshed.headers['cache-control']).toBe('no-store');
  });

  it('is no-store on errors and unknown API paths too', async () => {
    const unauthenticated = await t.app.inject({ method: 'GET', url: '/api/auth/users/me' });
    expect(unauthenticated.statusCode).toBe(401);
    expect(unauthenticated.headers['cache-control']).toBe('no-store');
    const unknown = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['cache-control']).toBe('no-store');
  });

  it('leaves the public API docs cacheable', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['cache-control']).not.toBe('no-store');
  });
});
