import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, uniqueEmail, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  // Behind a proxy, so each test can be its own client even when Redis keeps counters across runs.
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '3', TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await t.close();
});

const clientIp = () => `10.${randomInt(255)}.${randomInt(255)}.${randomInt(1, 255)}`;

describe('rate limits', () => {
  it.each([
    ['/api/auth/login', () => ({ email: uniqueEmail(), password: 'wrong-password' })],
    ['/api/auth/register', () => ({ email: uniqueEmail(), password: 'secret1', name: 'Ada' })],
    ['/api/auth/forgot_password', () => ({ email: uniqueEmail() })],
    ['/api/auth/reset_password', () => ({ token: 'made-up', new_password: 'secret1' })],
  ])('%s answers 429 with a detail after the limit', async (url, payload) => {
    const ip = clientIp();
    const send = () =>
      t.app.inject({ method: 'POST', url, payload: payload(), headers: { 'x-forwarded-for': ip } });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await send()).statusCode).not.toBe(429);
    }
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(json(limited).detail).toMatch(/^Too many requests\. Please try again in/);
    expect(json(limited).code).toBe('rate_limited');
    // Another client is not affected.
    const other = await t.app.inject({
      method: 'POST',
      url,
      payload: payload(),
      headers: { 'x-forwarded-for': clientIp() },
    });
    expect(other.statusCode).not.toBe(429);
  });

  it('does not count against routes that are not limited', async () => {
    const ip = clientIp();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const health = await t.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-forwarded-for': ip },
      });
      expect(health.statusCode).toBe(200);
    }
  });
});
