import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../lib/random-token';
import {
  createTestApp,
  json,
  refreshCookie,
  signUpAndIn,
  tokenFromLink,
  type TestApp,
} from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Tokens = { access_token: string; refresh_token?: string };

const refreshWithCookie = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/refresh_token',
    headers: { cookie: `refresh_token=${token}` },
  });
const refreshWithBody = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/refresh_token',
    payload: { refresh_token: token },
  });
const me = (accessToken: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/auth/users/me',
    headers: { authorization: `Bearer ${accessToken}` },
  });

/** Moves a spent token's spending back in time, as if the repeat came that much later. */
async function spentAgo(token: string, seconds: number) {
  await t.app.db.execute(
    sql`update refresh_tokens set used_at = used_at - make_interval(secs => ${seconds}) where token_hash = ${hashToken(token)}`,
  );
}

describe('refreshing one token twice at once (two tabs, a retried request)', () => {
  it('gives every parallel cookie refresh the same new token, and the sign-in lives on', async () => {
    const session = await signUpAndIn(t.app);
    const responses = await Promise.all(
      [1, 2, 3].map(() => refreshWithCookie(session.refreshToken)),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    const cookies = responses.map((response) => refreshCookie(response)?.value);
    expect(cookies[0]).toMatch(/^[\w-]{43}$/);
    expect(new Set(cookies).size).toBe(1);
    for (const response of responses) {
      expect((await me(json<Tokens>(response).access_token)).statusCode).toBe(200);
    }
    // The shared next token rotates as usual.
    const next = await refreshWithCookie(cookies[0]!);
    expect(next.statusCode).toBe(200);
    expect((await me(session.accessToken)).statusCode).toBe(200);
  });

  it('gives parallel body refreshes the same new token too', async () => {
    const session = await signUpAndIn(t.app);
    const [first, second] = await Promise.all([
      refreshWithBody(session.refreshToken),
      refreshWithBody(session.refreshToken),
    ]);
    expect([first!.statusCode, second!.statusCode]).toEqual([200, 200]);
    const token = json<Tokens>(first!).refresh_token;
    expect(json<Tokens>(second!).refresh_token).toBe(token);
    expect((await refreshWithBody(token!)).statusCode).toBe(200);
  });

  it('answers a repeat a few seconds later with the first outcome', async () => {
    const session = await signUpAndIn(t.app);
    const first = json<Tokens>(await refreshWithBody(session.refreshToken));
    await spentAgo(session.refreshToken, 5);
    const repeat = await refreshWithBody(session.refreshToken);
    expect(repeat.statusCode).toBe(200);
    expect(json<Tokens>(repeat).refresh_token).toBe(first.refresh_token);
    expect((await me(first.access_token)).statusCode).toBe(200);
  });

  it('still revokes the whole sign-in when the spent token comes back after the window', async () => {
    const session = await signUpAndIn(t.app);
    const first = json<Tokens>(await refreshWithBody(session.refreshToken));
    await spentAgo(session.refreshToken, 11);
    expect((await refreshWithBody(session.refreshToken)).statusCode).toBe(401);
    expect((await refreshWithBody(first.refresh_token!)).statusCode).toBe(401);
    expect((await me(first.access_token)).statusCode).toBe(401);
  });

  it('gives nothing within the window once the sign-in has ended', async () => {
    const session = await signUpAndIn(t.app);
    const first = json<Tokens>(await refreshWithBody(session.refreshToken));
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refresh_token: first.refresh_token },
    });
    expect((await refreshWithBody(session.refreshToken)).statusCode).toBe(401);
  });
});

describe('access tokens with a valid signature', () => {
  it('refuse a session or user id that is not a uuid with 401', async () => {
    const { accessToken } = await signUpAndIn(t.app);
    const claims = JSON.parse(
      Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString(),
    ) as Record<string, unknown>;
    const key = new TextEncoder().encode('test-secret-that-is-long-enough-for-hs256-signing');
    for (const forged of [
      { ...claims, sid: 'not-a-uuid' },
      { ...claims, sid: "1' or '1'='1" },
      { ...claims, sub: 'not-a-uuid' },
      { ...claims, sid: 42 },
    ]) {
      const token = await new SignJWT(forged).setProtectedHeader({ alg: 'HS256' }).sign(key);
      const response = await me(token);
      expect(response.statusCode, JSON.stringify(forged)).toBe(401);
      expect(json(response)).toMatchObject({ detail: expect.any(String) });
    }
  });
});

describe('password reset links', () => {
  it('a newer link retires the older ones', async () => {
    const { email } = await signUpAndIn(t.app);
    const forgot = () =>
      t.app.inject({ method: 'POST', url: '/api/auth/forgot_password', payload: { email } });
    const resetLinks = async () =>
      (await t.outbox())
        .filter((mail) => mail.to === email && mail.subject === 'Reset your Vowa password')
        .map((mail) => tokenFromLink(mail.link));
    await forgot();
    await forgot();
    const [older, newer] = await resetLinks();
    const isValid = async (token: string) =>
      json<{ valid: boolean }>(
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/validate_reset_token',
          payload: { token },
        }),
      ).valid;
    expect(await isValid(older!)).toBe(false);
    expect(await isValid(newer!)).toBe(true);
    const withOlder = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset_password',
      payload: { token: older, new_password: 'brand-new-password' },
    });
    expect(withOlder.statusCode).toBe(400);
    const withNewer = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset_password',
      payload: { token: newer, new_password: 'brand-new-password' },
    });
    expect(withNewer.statusCode).toBe(200);
  });
});
