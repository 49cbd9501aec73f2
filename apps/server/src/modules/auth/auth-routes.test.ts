import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { hashToken } from '../../lib/random-token';
import {
  createTestApp,
  json,
  refreshCookie,
  signUpAndIn,
  tokenFromLink,
  uniqueEmail,
  type TestApp,
} from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });
const me = (accessToken: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/auth/users/me',
    headers: { authorization: `Bearer ${accessToken}` },
  });
const countUsers = async (email: string) => {
  // Both drivers (PGlite, node-postgres) answer with { rows }.
  const result = (await t.app.db.execute(
    sql`select count(*)::int as count from users where email = ${email.toLowerCase()}`,
  )) as unknown as { rows: { count: number }[] };
  return Number(result.rows[0]?.count);
};
const mailsTo = async (email: string) => (await t.outbox()).filter((mail) => mail.to === email);

describe('POST /api/auth/register', () => {
  it('creates the account, answers {success, message} and mails a verification link', async () => {
    const email = uniqueEmail();
    const response = await post('/api/auth/register', {
      email,
      password: 'secret1',
      name: 'Grace Hopper',
    });
    expect(response.statusCode).toBe(201);
    expect(json(response)).toEqual({
      success: true,
      message: 'Registration successful! Please check your email to verify your account.',
    });
    const [mail] = await mailsTo(email);
    expect(mail?.subject).toBe('Verify your email for Vowa');
    expect(mail?.link).toMatch(/^http:\/\/localhost:8000\/verify-email\?token=[\w-]{43}$/);
  });

  it('accepts display_name instead of name', async () => {
    const email = uniqueEmail();
    const response = await post('/api/auth/register', {
      email,
      password: 'secret1',
      display_name: 'Alan',
    });
    expect(response.statusCode).toBe(201);
    const login = await post('/api/auth/login', { email, password: 'secret1' });
    const user = json(await me(json<{ access_token: string }>(login).access_token));
    expect(user).toMatchObject({ email, name: 'Alan', display_name: 'Alan' });
  });

  it.each([
    [{ password: 'secret1', name: 'A' }, 'email', 'Email is required'],
    [{ email: '', password: 'secret1', name: 'A' }, 'email', 'Email is required'],
    [
      { email: 'not-an-email', password: 'secret1', name: 'A' },
      'email',
      'Please enter a valid email',
    ],
    [{ email: 'a b@c.de', password: 'secret1', name: 'A' }, 'email', 'Please enter a valid email'],
    [{ email: 'x@y.zz', name: 'A' }, 'password', 'Password is required'],
    [{ email: 'x@y.zz', password: '', name: 'A' }, 'password', 'Password is required'],
    [
      { email: 'x@y.zz', password: '12345', name: 'A' },
      'password',
      'Password must be at least 6 characters',
    ],
    [
      { email: 'x@y.zz', password: 'a'.repeat(129), name: 'A' },
      'password',
      'Password must be at most 128 characters',
    ],
    [{ email: 'x@y.zz', password: 'secret1' }, 'name', 'Name is required'],
    [{ email: 'x@y.zz', password: 'secret1', name: '   ' }, 'name', 'Name is required'],
    [
      { email: 'x@y.zz', password: 'secret1', name: 'n'.repeat(101) },
      'name',
      'Name must be at most 100 characters',
    ],
  ])('refuses %j with 422 "%s: %s" and stores nothing', async (payload, field, message) => {
    const response = await post('/api/auth/register', payload);
    expect(response.statusCode).toBe(422);
    const body = json<{ detail: string; errors: { field: string; message: string }[] }>(response);
    expect(body.errors).toContainEqual(expect.objectContaining({ field, message }));
    expect(body.detail).toBe(body.errors[0]?.message);
    const email = (payload as { email?: string }).email;
    if (email) expect(await countUsers(email)).toBe(0);
  });

  it.each([null, [], 'text', 42, { email: ['a@b.co'], password: {}, name: 1 }])(
    'answers 4xx, never 500, for a malformed body %j',
    async (payload) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(json(response).detail).toEqual(expect.any(String));
    },
  );

  it('answers a registered email exactly like a new one, and mails the owner instead', async () => {
    const email = uniqueEmail();
    const first = await post('/api/auth/register', { email, password: 'secret1', name: 'One' });
    const second = await post('/api/auth/register', {
      email: email.toUpperCase(),
      password: 'other-password',
      name: 'Two',
    });
    expect(second.statusCode).toBe(first.statusCode);
    expect(second.body).toBe(first.body);
    const subjects = (await mailsTo(email)).map((mail) => mail.subject);
    expect(subjects).toEqual(['Verify your email for Vowa', 'You already have a Vowa account']);
    // The original password still works; the second one created nothing.
    expect((await post('/api/auth/login', { email, password: 'secret1' })).statusCode).toBe(200);
    expect((await post('/api/auth/login', { email, password: 'other-password' })).statusCode).toBe(
      401,
    );
    expect(await countUsers(email)).toBe(1);
  });
});

describe('POST /api/auth/login', () => {
  it('returns a 15-minute bearer JWT and sets an HttpOnly, SameSite=Strict refresh cookie', async () => {
    const email = uniqueEmail();
    await post('/api/auth/register', { email, password: 'secret1', name: 'Ada' });
    const response = await post('/api/auth/login', {
      email: ` ${email.toUpperCase()} `,
      password: 'secret1',
    });
    expect(response.statusCode).toBe(200);
    const body = json<{ access_token: string; token_type: string; expires_in: number }>(response);
    expect(body.token_type).toBe('bearer');
    expect(body.expires_in).toBe(900);
    expect(body).not.toHaveProperty('refresh_token');
    const [, payload] = body.access_token.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as {
      exp: number;
      iat: number;
    };
    expect(claims.exp - claims.iat).toBeLessThanOrEqual(15 * 60);
    const cookie = refreshCookie(response);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    expect(cookie?.value).toMatch(/^[\w-]{43}$/);
  });

  it('gives the same 401 for a wrong password and for an unknown email', async () => {
    const { email } = await signUpAndIn(t.app);
    const wrongPassword = await post('/api/auth/login', { email, password: 'wrong-password' });
    const unknownEmail = await post('/api/auth/login', {
      email: uniqueEmail('nobody'),
      password: 'wrong-password',
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(json(wrongPassword)).toEqual({
      detail: 'Incorrect email or password',
      code: 'invalid_credentials',
    });
    expect(unknownEmail.body).toBe(wrongPassword.body);
    expect(refreshCookie(wrongPassword)).toBeUndefined();
  });

  it('validates the body with the spec messages', async () => {
    const response = await post('/api/auth/login', { email: 'nope', password: '123' });
    expect(response.statusCode).toBe(422);
    expect(json(response).errors).toEqual([
      { field: 'email', message: 'Please enter a valid email', code: 'emailInvalid' },
      {
        field: 'password',
        message: 'Password must be at least 6 characters',
        code: 'passwordTooShort',
      },
    ]);
  });
});

describe('access tokens', () => {
  it('GET /api/auth/users/me returns the signed-in user', async () => {
    const { email, accessToken } = await signUpAndIn(t.app, { name: 'Katherine Johnson' });
    const response = await me(accessToken);
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({
      id: expect.any(String),
      email,
      name: 'Katherine Johnson',
      display_name: 'Katherine Johnson',
      avatar: null,
      email_verified: false,
    });
  });

  it('refuses a missing, malformed, forged, expired or alg=none token', async () => {
    const { accessToken } = await signUpAndIn(t.app);
    const [header, payload] = accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const forgedKey = new TextEncoder().encode('some-other-secret-that-is-also-long-enough');
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(forgedKey);
    const realKey = new TextEncoder().encode('test-secret-that-is-long-enough-for-hs256-signing');
    const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(realKey);
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: '00000000-0000-0000-0000-000000000000' })).toString('base64url')}.${accessToken.split('.')[2]}`;

    const noHeader = await t.app.inject({ method: 'GET', url: '/api/auth/users/me' });
    expect(noHeader.statusCode).toBe(401);
    expect(json(noHeader)).toEqual({ detail: 'Not authenticated', code: 'not_authenticated' });
    for (const token of ['garbage', forged, expired, none, tampered]) {
      const response = await me(token);
      expect(response.statusCode, token).toBe(401);
      expect(json(response).detail).toEqual(expect.any(String));
    }
    const basic = await t.app.inject({
      method: 'GET',
      url: '/api/auth/users/me',
      headers: { authorization: `Basic ${accessToken}` },
    });
    expect(basic.statusCode).toBe(401);
  });
});

describe('POST /api/auth/refresh_token', () => {
  it('rotates the cookie and issues a new access token', async () => {
    const session = await signUpAndIn(t.app);
    const response = await post('/api/auth/refresh_token', undefined, {
      cookie: `refresh_token=${session.refreshToken}`,
    });
    expect(response.statusCode).toBe(200);
    const body = json<{ access_token: string }>(response);
    expect(body).not.toHaveProperty('refresh_token');
    const rotated = refreshCookie(response);
    expect(rotated?.value).toBeTruthy();
    expect(rotated?.value).not.toBe(session.refreshToken);
    expect((await me(body.access_token)).statusCode).toBe(200);
  });

  it('takes the token in the body and returns the rotated one there', async () => {
    const session = await signUpAndIn(t.app);
    const response = await post('/api/auth/refresh_token', { refresh_token: session.refreshToken });
    expect(response.statusCode).toBe(200);
    const body = json<{ refresh_token: string }>(response);
    expect(body.refresh_token).toMatch(/^[\w-]{43}$/);
    expect(refreshCookie(response)).toBeUndefined();
    const again = await post('/api/auth/refresh_token', { refresh_token: body.refresh_token });
    expect(again.statusCode).toBe(200);
  });

  it('revokes the whole sign-in when a spent token is presented again after the grace window', async () => {
    const session = await signUpAndIn(t.app);
    const first = await post('/api/auth/refresh_token', { refresh_token: session.refreshToken });
    const { refresh_token: next, access_token: nextAccess } = json<{
      refresh_token: string;
      access_token: string;
    }>(first);
    // As if the copy turned up a minute later (see refresh-grace.test.ts for the window itself).
    await t.app.db.execute(
      sql`update refresh_tokens set used_at = used_at - interval '1 minute' where token_hash = ${hashToken(session.refreshToken)}`,
    );

    const reuse = await post('/api/auth/refresh_token', { refresh_token: session.refreshToken });
    expect(reuse.statusCode).toBe(401);
    // The thief's copy is dead, and so is the legitimate newer token and its access token.
    expect((await post('/api/auth/refresh_token', { refresh_token: next })).statusCode).toBe(401);
    expect((await me(nextAccess)).statusCode).toBe(401);
    expect((await me(session.accessToken)).statusCode).toBe(401);
  });

  it('refuses a missing or unknown token, and clears a bad cookie', async () => {
    expect((await post('/api/auth/refresh_token')).statusCode).toBe(401);
    expect((await post('/api/auth/refresh_token', { refresh_token: 'made-up' })).statusCode).toBe(
      401,
    );
    const response = await post('/api/auth/refresh_token', undefined, {
      cookie: 'refresh_token=made-up',
    });
    expect(response.statusCode).toBe(401);
    expect(refreshCookie(response)?.value).toBe('');
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the sign-in and clears the cookie', async () => {
    const session = await signUpAndIn(t.app);
    const response = await post('/api/auth/logout', undefined, {
      cookie: `refresh_token=${session.refreshToken}`,
    });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({ success: true });
    expect(refreshCookie(response)?.value).toBe('');
    expect(
      (await post('/api/auth/refresh_token', { refresh_token: session.refreshToken })).statusCode,
    ).toBe(401);
    expect((await me(session.accessToken)).statusCode).toBe(401);
  });

  it('succeeds quietly with no token at all', async () => {
    expect((await post('/api/auth/logout')).statusCode).toBe(200);
  });
});

describe('password reset', () => {
  it('answers the same whether or not the account exists, and mails only a real one', async () => {
    const { email } = await signUpAndIn(t.app);
    const unknown = uniqueEmail('ghost');
    const known = await post('/api/auth/forgot_password', { email });
    const ghost = await post('/api/auth/forgot_password', { email: unknown });
    expect(known.statusCode).toBe(200);
    expect(ghost.body).toBe(known.body);
    expect(await mailsTo(unknown)).toHaveLength(0);
    const reset = (await mailsTo(email)).find(
      (mail) => mail.subject === 'Reset your Vowa password',
    );
    expect(reset?.link).toMatch(/^http:\/\/localhost:8000\/reset-password\?token=[\w-]{43}$/);
  });

  it('answers before it looks the address up, so the work on the request is the same for all', async () => {
    const { email } = await signUpAndIn(t.app);
    const unknown = uniqueEmail('ghost');
    // While the users table is locked, a request that looks the address up cannot answer.
    const answers = await t.app.db.transaction(async (tx) => {
      await tx.execute(sql`lock table users in access exclusive mode`);
      const blocked = new Promise<'blocked'>((resolve) => setTimeout(resolve, 5000, 'blocked'));
      return Promise.all(
        [email, unknown].map((address) =>
          Promise.race([post('/api/auth/forgot_password', { email: address }), blocked]),
        ),
      );
    });
    for (const answer of answers) {
      expect(answer).not.toBe('blocked');
      expect(answer !== 'blocked' && answer.statusCode).toBe(200);
    }
    // The lookup and the mail follow once the table is free again: only the real account gets one.
    expect((await mailsTo(email)).map((mail) => mail.subject)).toContain(
      'Reset your Vowa password',
    );
    expect(await mailsTo(unknown)).toHaveLength(0);
  });

  it('validates, resets once, ends every sign-in, and swaps the passwords', async () => {
    const session = await signUpAndIn(t.app, { password: 'old-password' });
    const other = await post('/api/auth/login', { email: session.email, password: 'old-password' });
    await post('/api/auth/forgot_password', { email: session.email });
    const link = (await mailsTo(session.email)).find(
      (m) => m.subject === 'Reset your Vowa password',
    )?.link;
    const token = tokenFromLink(link);

    expect(json(await post('/api/auth/validate_reset_token', { token }))).toEqual({ valid: true });
    expect(json(await post('/api/auth/validate_reset_token', { token: 'made-up' }))).toEqual({
      valid: false,
    });

    const reset = await post('/api/auth/reset_password', { token, new_password: 'new-password' });
    expect(reset.statusCode).toBe(200);
    expect(json(reset)).toEqual({ success: true, message: 'Password reset successfully!' });

    expect(json(await post('/api/auth/validate_reset_token', { token }))).toEqual({ valid: false });
    const again = await post('/api/auth/reset_password', { token, new_password: 'third-password' });
    expect(again.statusCode).toBe(400);
    expect(json(again).detail).toBe(
      'This password reset link is invalid or has expired. Please request a new password reset.',
    );

    expect(
      (await post('/api/auth/login', { email: session.email, password: 'old-password' }))
        .statusCode,
    ).toBe(401);
    expect(
      (await post('/api/auth/login', { email: session.email, password: 'new-password' }))
        .statusCode,
    ).toBe(200);
    expect((await me(session.accessToken)).statusCode).toBe(401);
    expect((await me(json<{ access_token: string }>(other).access_token)).statusCode).toBe(401);
    expect(
      (await post('/api/auth/refresh_token', { refresh_token: session.refreshToken })).statusCode,
    ).toBe(401);
    expect((await mailsTo(session.email)).map((m) => m.subject)).toContain(
      'Your Vowa password was changed',
    );
  });

  it('refuses an expired link', async () => {
    const { email } = await signUpAndIn(t.app);
    await post('/api/auth/forgot_password', { email });
    const token = tokenFromLink(
      (await mailsTo(email)).find((m) => m.subject === 'Reset your Vowa password')?.link,
    );
    // Age every token of this user past its hour.
    await t.app.db.execute(
      sql`update email_tokens set expires_at = now() - interval '1 minute' where user_id = (select id from users where email = ${email})`,
    );
    expect(json(await post('/api/auth/validate_reset_token', { token }))).toEqual({ valid: false });
    const response = await post('/api/auth/reset_password', {
      token,
      new_password: 'new-password',
    });
    expect(response.statusCode).toBe(400);
  });

  it('validates the new password and the token', async () => {
    const short = await post('/api/auth/reset_password', { token: 'x', new_password: '123' });
    expect(short.statusCode).toBe(422);
    expect(json(short).detail).toBe('Password must be at least 6 characters');
    const missing = await post('/api/auth/reset_password', { token: 'x' });
    expect(json(missing).detail).toBe('New password is required');
    const noToken = await post('/api/auth/validate_reset_token', { token: '' });
    expect(noToken.statusCode).toBe(422);
  });
});

describe('email verification', () => {
  it('verifies the address with the mailed link, once', async () => {
    const session = await signUpAndIn(t.app);
    const token = tokenFromLink((await mailsTo(session.email))[0]?.link);
    const response = await post('/api/auth/verify_email', { token });
    expect(response.statusCode).toBe(200);
    expect(json(await me(session.accessToken))).toMatchObject({ email_verified: true });
    const again = await post('/api/auth/verify_email', { token });
    expect(again.statusCode).toBe(400);
  });

  it('resends a link to a signed-in, unverified user only', async () => {
    const session = await signUpAndIn(t.app);
    const guest = await post('/api/auth/resend_verification');
    expect(guest.statusCode).toBe(401);
    const response = await post('/api/auth/resend_verification', undefined, {
      authorization: `Bearer ${session.accessToken}`,
    });
    expect(json(response)).toEqual({ success: true, message: 'Verification email sent.' });
    const links = (await mailsTo(session.email)).filter(
      (m) => m.subject === 'Verify your email for Vowa',
    );
    expect(links).toHaveLength(2);
    await post('/api/auth/verify_email', { token: tokenFromLink(links[1]?.link) });
    const after = await post('/api/auth/resend_verification', undefined, {
      authorization: `Bearer ${session.accessToken}`,
    });
    expect(json(after).message).toBe('Your email address is already verified.');
  });
});

describe('DELETE /api/auth/delete_account', () => {
  it('needs a signed-in user, then removes the user and their sign-ins', async () => {
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/auth/delete_account' })).statusCode,
    ).toBe(401);
    const session = await signUpAndIn(t.app);
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/delete_account',
      payload: { password: session.password },
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    expect(response.statusCode).toBe(204);
    expect(refreshCookie(response)?.value).toBe('');
    expect((await me(session.accessToken)).statusCode).toBe(401);
    expect(
      (await post('/api/auth/refresh_token', { refresh_token: session.refreshToken })).statusCode,
    ).toBe(401);
    expect(
      (await post('/api/auth/login', { email: session.email, password: session.password }))
        .statusCode,
    ).toBe(401);
    // The address is free again.
    expect(
      (await post('/api/auth/register', { email: session.email, password: 'secret1', name: 'New' }))
        .statusCode,
    ).toBe(201);
  });
});

describe('logs', () => {
  it('never hold passwords, access tokens, refresh tokens or reset tokens', async () => {
    const password = 'very-secret-password-42';
    const session = await signUpAndIn(t.app, { password });
    await post('/api/auth/refresh_token', undefined, {
      cookie: `refresh_token=${session.refreshToken}`,
    });
    await me(session.accessToken);
    await post('/api/auth/validate_reset_token', { token: 'query-secret-token' });
    await t.app.inject({ method: 'GET', url: '/reset-password?token=query-secret-token' });
    const logs = t.logs.join('\n');
    expect(logs).not.toContain(password);
    expect(logs).not.toContain(session.accessToken);
    expect(logs).not.toContain(session.refreshToken);
    expect(logs).not.toContain('query-secret-token');
  });
});
