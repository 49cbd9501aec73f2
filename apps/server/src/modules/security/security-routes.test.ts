import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomInt, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, person, type Person } from '../../../test/api-helpers';
import { createTestApp, json, refreshCookie, type TestApp } from '../../../test/test-app';
import { createSoftAuthenticator } from './soft-authenticator';

let t: TestApp;
/** The app's clock runs this many milliseconds ahead of the real one (to expire challenges). */
let clockOffset = 0;
const clock = () => new Date(Date.now() + clockOffset);

beforeAll(async () => {
  t = await createTestApp({}, { now: clock });
});
afterAll(async () => {
  await t.close();
});

const bearer = (who: { accessToken: string }) => ({ authorization: `Bearer ${who.accessToken}` });
const me = (accessToken: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/auth/users/me',
    headers: { authorization: `Bearer ${accessToken}` },
  });
const login = (email: string, password: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, headers });
const rows = async (query: ReturnType<typeof sql>) =>
  ((await t.app.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

/** A current TOTP code for a secret, `steps` periods away from the app's clock. */
const totp = (secret: string, steps = 0) =>
  TOTP.generate({
    secret: Secret.fromBase32(secret),
    timestamp: clock().getTime() + steps * 30_000,
  });

/** Sets up and turns on two-factor sign-in; returns the secret and the recovery codes. */
async function enableTwoFactor(who: Person) {
  const setup = await as(t.app, who).post('/api/auth/2fa/setup');
  expect(setup.statusCode).toBe(200);
  const { secret } = json<{ secret: string }>(setup);
  const enabled = await as(t.app, who).post('/api/auth/2fa/enable', { code: totp(secret) });
  expect(enabled.statusCode).toBe(200);
  return { secret, recoveryCodes: json<{ recovery_codes: string[] }>(enabled).recovery_codes };
}

async function challengeFor(who: Person) {
  const response = await login(who.email, who.password);
  expect(response.statusCode).toBe(200);
  return json<{ challenge_token: string }>(response).challenge_token;
}

const secondStep = (challenge_token: string, code: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login/2fa',
    payload: { challenge_token, code },
  });

describe('POST /api/auth/change_password', () => {
  it('needs a signed-in user', async () => {
    const response = await as(t.app, null).post('/api/auth/change_password', {
      current_password: 'x',
      new_password: 'secret1',
    });
    expect(response.statusCode).toBe(401);
    expect(json(response).detail).toBe('Not authenticated');
  });

  it.each([
    [{ new_password: 'secret22' }, 'current_password', 'Password is required'],
    [
      { current_password: 'x', new_password: '12345' },
      'new_password',
      'Password must be at least 6 characters',
    ],
    [{ current_password: 'x' }, 'new_password', 'New password is required'],
  ])('validates %j', async (payload, field, message) => {
    const who = await person(t.app);
    const response = await as(t.app, who).post('/api/auth/change_password', payload);
    expect(response.statusCode).toBe(422);
    expect(json<{ errors: unknown[] }>(response).errors).toContainEqual(
      expect.objectContaining({ field, message }),
    );
  });

  it('refuses a wrong current password with 400 and changes nothing', async () => {
    const who = await person(t.app);
    const response = await as(t.app, who).post('/api/auth/change_password', {
      current_password: 'not-my-password',
      new_password: 'brand-new-1',
    });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual({
      detail: 'Current password is incorrect.',
      code: 'current_password_incorrect',
    });
    expect((await login(who.email, who.password)).statusCode).toBe(200);
  });

  it('changes it, keeps this sign-in, ends every other at once and mails the owner', async () => {
    const who = await person(t.app);
    const other = json<{ access_token: string }>(await login(who.email, who.password));
    expect((await me(other.access_token)).statusCode).toBe(200);

    const response = await as(t.app, who).post('/api/auth/change_password', {
      current_password: who.password,
      new_password: 'brand-new-1',
    });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({ success: true });

    expect((await me(who.accessToken)).statusCode).toBe(200);
    expect((await me(other.access_token)).statusCode).toBe(401);
    expect((await login(who.email, who.password)).statusCode).toBe(401);
    expect((await login(who.email, 'brand-new-1')).statusCode).toBe(200);
    const mail = (await t.outbox()).filter((m) => m.to === who.email).at(-1);
    expect(mail?.subject).toBe('Your Vowa password was changed');
  });
});

describe('sessions', () => {
  type Listed = { sessions: { id: string; current: boolean; user_agent: string | null }[] };

  it('lists the live sign-ins with the current one marked', async () => {
    const who = await person(t.app);
    await login(who.email, who.password, { 'user-agent': 'Mozilla/5.0 (iPhone) Safari/604.1' });
    const response = await as(t.app, who).get('/api/auth/sessions');
    expect(response.statusCode).toBe(200);
    const { sessions } = json<Listed>(response);
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
    expect(sessions.map((session) => session.user_agent)).toContain(
      'Mozilla/5.0 (iPhone) Safari/604.1',
    );
    expect(sessions[0]).toEqual({
      id: expect.any(String),
      user_agent: expect.anything(),
      ip_address: expect.any(String),
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      last_used_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      current: expect.any(Boolean),
    });
    expect((await as(t.app, null).get('/api/auth/sessions')).statusCode).toBe(401);
  });

  it('ends one of your own sign-ins at once; anyone else’s is 404', async () => {
    const who = await person(t.app);
    const stranger = await person(t.app);
    const other = json<{ access_token: string }>(await login(who.email, who.password));
    const { sessions } = json<Listed>(await as(t.app, who).get('/api/auth/sessions'));
    const otherId = sessions.find((session) => !session.current)!.id;

    expect((await as(t.app, stranger).delete(`/api/auth/sessions/${otherId}`)).statusCode).toBe(
      404,
    );
    expect((await me(other.access_token)).statusCode).toBe(200);
    expect((await as(t.app, who).delete(`/api/auth/sessions/${randomUUID()}`)).statusCode).toBe(
      404,
    );
    expect((await as(t.app, who).delete('/api/auth/sessions/not-a-uuid')).statusCode).toBe(422);

    const ended = await as(t.app, who).delete(`/api/auth/sessions/${otherId}`);
    expect(ended.statusCode).toBe(204);
    expect((await me(other.access_token)).statusCode).toBe(401);
    expect((await as(t.app, who).delete(`/api/auth/sessions/${otherId}`)).statusCode).toBe(404);
    expect(json<Listed>(await as(t.app, who).get('/api/auth/sessions')).sessions).toHaveLength(1);
  });

  it('signs out everywhere else', async () => {
    const who = await person(t.app);
    const a = json<{ access_token: string }>(await login(who.email, who.password));
    const b = await login(who.email, who.password);
    const response = await as(t.app, who).post('/api/auth/sessions/revoke_others');
    expect(response.statusCode).toBe(200);
    expect((await me(a.access_token)).statusCode).toBe(401);
    expect((await me(who.accessToken)).statusCode).toBe(200);
    // Their refresh tokens are dead too.
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh_token',
      payload: { refresh_token: refreshCookie(b)?.value },
    });
    expect(refreshed.statusCode).toBe(401);
  });
});

describe('DELETE /api/auth/account', () => {
  const remove = (who: Person | null, payload?: object) =>
    t.app.inject({
      method: 'DELETE',
      url: '/api/auth/account',
      payload,
      headers: who ? bearer(who) : {},
    });

  it('needs a signed-in user and the password', async () => {
    const who = await person(t.app);
    expect((await remove(null, { password: 'x' })).statusCode).toBe(401);
    expect((await remove(who, {})).statusCode).toBe(422);
    const wrong = await remove(who, { password: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong).detail).toBe('Password is incorrect.');
    expect((await me(who.accessToken)).statusCode).toBe(200);
  });

  it('deletes the account, its data and its avatar file, and clears the cookie', async () => {
    const who = await person(t.app);
    const list = await as(t.app, who).post('/api/travel/bucket_lists', { name: 'Someday' });
    expect(list.statusCode).toBe(201);
    const avatarPath = `/uploads/avatars/${who.id}.webp`;
    const file = path.join(t.dataDir, 'uploads', 'avatars', `${who.id}.webp`);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, 'image');
    await t.app.db.execute(sql`update users set avatar = ${avatarPath} where id = ${who.id}`);

    const response = await remove(who, { password: who.password });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(refreshCookie(response)?.value).toBe('');
    expect((await me(who.accessToken)).statusCode).toBe(401);
    expect((await login(who.email, who.password)).statusCode).toBe(401);
    expect(await rows(sql`select id from users where id = ${who.id}`)).toHaveLength(0);
    expect(await rows(sql`select id from sessions where user_id = ${who.id}`)).toHaveLength(0);
    expect(await rows(sql`select id from bucket_lists where owner_id = ${who.id}`)).toHaveLength(0);
    await expect(stat(file)).rejects.toThrow();
  });

  it('asks for a code when two-factor sign-in is on', async () => {
    const who = await person(t.app);
    const { secret } = await enableTwoFactor(who);
    const missing = await remove(who, { password: who.password });
    expect(missing.statusCode).toBe(400);
    expect(json(missing).detail).toBe('Enter the code from your authenticator app.');
    expect((await remove(who, { password: who.password, code: '000000' })).statusCode).toBe(400);
    const done = await remove(who, { password: who.password, code: totp(secret, 1) });
    expect(done.statusCode).toBe(204);
    expect(
      await rows(sql`select user_id from totp_factors where user_id = ${who.id}`),
    ).toHaveLength(0);
    expect(await rows(sql`select id from recovery_codes where user_id = ${who.id}`)).toHaveLength(
      0,
    );
  });
});

describe('two-factor sign-in (TOTP)', () => {
  it('sets up, enables with a code and shows the status', async () => {
    const who = await person(t.app);
    const api = as(t.app, who);
    expect(json(await api.get('/api/auth/2fa'))).toEqual({
      enabled: false,
      recovery_codes_left: 0,
    });
    const early = await api.post('/api/auth/2fa/enable', { code: '123456' });
    expect(early.statusCode).toBe(400);
    expect(json(early).detail).toBe('Set up two-factor authentication first.');

    const setup = await api.post('/api/auth/2fa/setup');
    expect(setup.statusCode).toBe(200);
    const body = json<{ secret: string; otpauth_url: string; qr_code: string }>(setup);
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.otpauth_url).toMatch(/^otpauth:\/\/totp\/Vowa:/);
    expect(body.otpauth_url).toContain(`secret=${body.secret}`);
    expect(body.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    // The secret is stored sealed, never as given out.
    const [stored] = await rows(
      sql`select secret_sealed, enabled_at from totp_factors where user_id = ${who.id}`,
    );
    expect(stored?.secret_sealed).toMatch(/^v1\./);
    expect(String(stored?.secret_sealed)).not.toContain(body.secret);
    expect(stored?.enabled_at).toBeNull();
    // Still off until a code proves the app has it; login keeps its shape meanwhile.
    expect(json(await login(who.email, who.password))).toHaveProperty('access_token');

    const wrong = await api.post('/api/auth/2fa/enable', { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong).detail).toBe('The code is incorrect or has already been used.');
    expect((await api.post('/api/auth/2fa/enable', {})).statusCode).toBe(422);

    const enabled = await api.post('/api/auth/2fa/enable', { code: totp(body.secret) });
    expect(enabled.statusCode).toBe(200);
    const codes = json<{ recovery_codes: string[] }>(enabled).recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    codes.forEach((code) => expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/));
    const hashes = await rows(sql`select code_hash from recovery_codes where user_id = ${who.id}`);
    expect(hashes).toHaveLength(10);
    expect(hashes.map((row) => row.code_hash)).not.toContain(codes[0]);
    expect(json(await api.get('/api/auth/2fa'))).toEqual({
      enabled: true,
      recovery_codes_left: 10,
    });
    expect((await api.post('/api/auth/2fa/setup')).statusCode).toBe(409);
    expect((await as(t.app, null).get('/api/auth/2fa')).statusCode).toBe(401);
  });

  it('makes login ask for a code, then completes the sign-in like login', async () => {
    const who = await person(t.app);
    const { secret } = await enableTwoFactor(who);

    const first = await login(who.email, who.password);
    expect(first.statusCode).toBe(200);
    const challenge = json<Record<string, unknown>>(first);
    expect(challenge).toEqual({ two_factor_required: true, challenge_token: expect.any(String) });
    expect(refreshCookie(first)).toBeUndefined();
    // A wrong password is still the usual 401.
    expect((await login(who.email, 'wrong-password')).statusCode).toBe(401);

    const wrong = await secondStep(String(challenge.challenge_token), '000000');
    expect(wrong.statusCode).toBe(400);
    // The code used to enable is refused (same step); the next step's code is accepted.
    expect((await secondStep(String(challenge.challenge_token), totp(secret))).statusCode).toBe(
      400,
    );
    const done = await secondStep(String(challenge.challenge_token), totp(secret, 1));
    expect(done.statusCode).toBe(200);
    expect(json(done)).toEqual({
      access_token: expect.any(String),
      token_type: 'bearer',
      expires_in: 900,
    });
    expect(refreshCookie(done)).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/auth',
    });
    expect((await me(json<{ access_token: string }>(done).access_token)).statusCode).toBe(200);

    // The challenge is spent, and the code cannot be replayed on a new one.
    expect((await secondStep(String(challenge.challenge_token), totp(secret, 1))).statusCode).toBe(
      400,
    );
    const again = await challengeFor(who);
    const replay = await secondStep(again, totp(secret, 1));
    expect(replay.statusCode).toBe(400);
    expect(json(replay).detail).toBe('The code is incorrect or has already been used.');
  });

  it('accepts each recovery code once', async () => {
    const who = await person(t.app);
    const { recoveryCodes } = await enableTwoFactor(who);
    const code = recoveryCodes[3]!;
    const done = await secondStep(await challengeFor(who), code.toUpperCase().replace('-', ' '));
    expect(done.statusCode).toBe(200);
    expect((await secondStep(await challengeFor(who), code)).statusCode).toBe(400);
    expect(json(await as(t.app, who).get('/api/auth/2fa'))).toEqual({
      enabled: true,
      recovery_codes_left: 9,
    });
  });

  it('allows five attempts per challenge', async () => {
    const who = await person(t.app);
    const { secret } = await enableTwoFactor(who);
    const challenge = await challengeFor(who);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await secondStep(challenge, '000000')).statusCode).toBe(400);
    }
    const late = await secondStep(challenge, totp(secret, 1));
    expect(late.statusCode).toBe(400);
    expect(json(late).detail).toBe('This sign-in has expired. Please sign in again.');
    expect((await secondStep(await challengeFor(who), totp(secret, 1))).statusCode).toBe(200);
  });

  it('lets a challenge expire after 5 minutes', async () => {
    const who = await person(t.app);
    const { secret } = await enableTwoFactor(who);
    const challenge = await challengeFor(who);
    clockOffset = 5 * 60_000 + 1000;
    try {
      const late = await secondStep(challenge, totp(secret));
      expect(late.statusCode).toBe(400);
      expect(json(late).detail).toBe('This sign-in has expired. Please sign in again.');
    } finally {
      clockOffset = 0;
    }
    expect((await secondStep('made-up-token', '123456')).statusCode).toBe(400);
    expect((await secondStep('', '123456')).statusCode).toBe(422);
  });

  it('turns off with the password and a code', async () => {
    const who = await person(t.app);
    const { secret } = await enableTwoFactor(who);
    const api = as(t.app, who);
    const wrongPassword = await api.post('/api/auth/2fa/disable', {
      password: 'nope-nope',
      code: totp(secret, 1),
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(json(wrongPassword).detail).toBe('Password is incorrect.');
    expect(
      (await api.post('/api/auth/2fa/disable', { password: who.password, code: '000000' }))
        .statusCode,
    ).toBe(400);
    expect((await api.post('/api/auth/2fa/disable', { password: who.password })).statusCode).toBe(
      422,
    );
    const off = await api.post('/api/auth/2fa/disable', {
      password: who.password,
      code: totp(secret, 1),
    });
    expect(off.statusCode).toBe(200);
    expect(json(off)).toEqual({ enabled: false, recovery_codes_left: 0 });
    expect(json(await login(who.email, who.password))).toHaveProperty('access_token');
    const again = await api.post('/api/auth/2fa/disable', {
      password: who.password,
      code: '123456',
    });
    expect(again.statusCode).toBe(400);
  });
});

describe('passkeys', () => {
  type Options = { challenge: string; user: { id: string } };

  async function registerPasskey(who: Person, name?: string) {
    const authenticator = createSoftAuthenticator();
    const options = json<Options>(await as(t.app, who).post('/api/auth/passkeys/register/options'));
    const response = await as(t.app, who).post('/api/auth/passkeys/register/verify', {
      response: authenticator.register(options),
      ...(name ? { name } : {}),
    });
    expect(response.statusCode).toBe(201);
    return authenticator;
  }

  const loginOptions = async (payload?: object) =>
    json<{ challenge: string; allowCredentials?: { id: string }[] }>(
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/passkeys/login/options',
        payload: payload ?? {},
      }),
    );
  const loginVerify = (response: object) =>
    t.app.inject({ method: 'POST', url: '/api/auth/passkeys/login/verify', payload: { response } });

  it('offers creation options for this site', async () => {
    const who = await person(t.app);
    const response = await as(t.app, who).post('/api/auth/passkeys/register/options');
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({
      challenge: expect.any(String),
      rp: { name: 'Vowa', id: 'localhost' },
      user: { name: who.email, displayName: 'Traveller' },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    expect((await as(t.app, null).post('/api/auth/passkeys/register/options')).statusCode).toBe(
      401,
    );
  });

  it('registers, lists and removes passkeys (only your own)', async () => {
    const who = await person(t.app);
    const stranger = await person(t.app);
    const authenticator = await registerPasskey(who, 'My laptop');
    await registerPasskey(who);
    const listed = json<{ passkeys: { id: string; name: string }[] }>(
      await as(t.app, who).get('/api/auth/passkeys'),
    ).passkeys;
    expect(listed).toEqual([
      {
        id: authenticator.id,
        name: 'My laptop',
        created_at: expect.any(String),
        last_used_at: null,
      },
      {
        id: expect.any(String),
        name: 'Passkey 2',
        created_at: expect.any(String),
        last_used_at: null,
      },
    ]);
    expect(json(await as(t.app, stranger).get('/api/auth/passkeys'))).toEqual({ passkeys: [] });
    expect(
      (await as(t.app, stranger).delete(`/api/auth/passkeys/${authenticator.id}`)).statusCode,
    ).toBe(404);
    expect((await as(t.app, who).delete(`/api/auth/passkeys/${authenticator.id}`)).statusCode).toBe(
      204,
    );
    expect((await as(t.app, who).delete(`/api/auth/passkeys/${authenticator.id}`)).statusCode).toBe(
      404,
    );
    expect(
      json<{ passkeys: unknown[] }>(await as(t.app, who).get('/api/auth/passkeys')).passkeys,
    ).toHaveLength(1);
  });

  it('refuses a registration with a spent, foreign or wrong-origin challenge', async () => {
    const who = await person(t.app);
    const stranger = await person(t.app);
    const authenticator = createSoftAuthenticator();
    const verify = (by: Person, payload: object) =>
      as(t.app, by).post('/api/auth/passkeys/register/verify', { response: payload });

    const options = json<Options>(await as(t.app, who).post('/api/auth/passkeys/register/options'));
    // Another user cannot use my challenge (and it is spent by the attempt).
    expect((await verify(stranger, authenticator.register(options))).statusCode).toBe(400);
    expect((await verify(who, authenticator.register(options))).statusCode).toBe(400);

    const fresh = json<Options>(await as(t.app, who).post('/api/auth/passkeys/register/options'));
    const wrongOrigin = await verify(
      who,
      authenticator.register(fresh, { origin: 'https://evil.example' }),
    );
    expect(wrongOrigin.statusCode).toBe(400);
    expect(json(wrongOrigin).detail).toBe('The passkey could not be verified.');

    const made = await verify(
      who,
      authenticator.register({ challenge: 'made-up', user: { id: 'x' } }),
    );
    expect(made.statusCode).toBe(400);
    expect(json(made).detail).toBe('This passkey request has expired. Please try again.');
    expect((await verify(who, { id: 'x' })).statusCode).toBe(422);
  });

  it('signs in with a passkey like login does, and updates its counter', async () => {
    const who = await person(t.app);
    const authenticator = await registerPasskey(who);
    const options = await loginOptions();
    expect(options.allowCredentials ?? []).toEqual([]);
    const response = await loginVerify(authenticator.authenticate(options));
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({
      access_token: expect.any(String),
      token_type: 'bearer',
      expires_in: 900,
    });
    expect(refreshCookie(response)?.value).toBeTruthy();
    const user = json<{ id: string }>(
      await me(json<{ access_token: string }>(response).access_token),
    );
    expect(user.id).toBe(who.id);
    const [stored] = await rows(
      sql`select counter, last_used_at from passkeys where id = ${authenticator.id}`,
    );
    expect(Number(stored?.counter)).toBe(1);
    expect(stored?.last_used_at).not.toBeNull();
  });

  it('sign-in options are the same for an account with a passkey, one without, and no account', async () => {
    const withPasskey = await person(t.app);
    await registerPasskey(withPasskey);
    const withoutPasskey = await person(t.app);
    const answers = await Promise.all(
      [withPasskey.email, withoutPasskey.email, 'nobody.at.all@example.com', undefined].map(
        async (email) => {
          const response = await t.app.inject({
            method: 'POST',
            url: '/api/auth/passkeys/login/options',
            payload: email ? { email } : {},
          });
          expect(response.statusCode).toBe(200);
          const { challenge, ...rest } = json<{ challenge: string }>(response);
          expect(challenge).toEqual(expect.any(String));
          return rest;
        },
      ),
    );
    // Everything but the fresh challenge is identical: no credential ids, whoever is named.
    expect(answers[0]).toEqual({
      rpId: 'localhost',
      allowCredentials: [],
      timeout: expect.any(Number),
      userVerification: 'preferred',
    });
    for (const answer of answers) expect(answer).toEqual(answers[0]);
  });

  it('refuses replayed challenges, unknown credentials, wrong origins and bad signatures', async () => {
    const who = await person(t.app);
    const authenticator = await registerPasskey(who);

    const options = await loginOptions();
    expect((await loginVerify(authenticator.authenticate(options))).statusCode).toBe(200);
    const replay = await loginVerify(authenticator.authenticate(options));
    expect(replay.statusCode).toBe(400);
    expect(json(replay).detail).toBe('This passkey request has expired. Please try again.');

    const unknown = await loginVerify(createSoftAuthenticator().authenticate(await loginOptions()));
    expect(unknown.statusCode).toBe(400);
    expect(json(unknown).detail).toBe('This passkey is not registered with Vowa.');

    const elsewhere = await loginVerify(
      authenticator.authenticate(await loginOptions(), { origin: 'https://evil.example' }),
    );
    expect(elsewhere.statusCode).toBe(400);

    // Another key claiming this credential's id.
    const impostor = createSoftAuthenticator();
    const forged = await loginVerify(
      impostor.authenticate(await loginOptions(), { credentialId: authenticator.id }),
    );
    expect(forged.statusCode).toBe(400);
    expect(json(forged).detail).toBe('The passkey could not be verified.');

    // A challenge is good for 5 minutes.
    const fresh = await loginOptions();
    clockOffset = 5 * 60_000 + 1000;
    try {
      expect((await loginVerify(authenticator.authenticate(fresh))).statusCode).toBe(400);
    } finally {
      clockOffset = 0;
    }
  });

  it('asks a two-factor account for its code when the passkey did not verify the user', async () => {
    const who = await person(t.app);
    const authenticator = await registerPasskey(who);
    const { secret } = await enableTwoFactor(who);
    const unverified = await loginVerify(
      authenticator.authenticate(await loginOptions(), { userVerified: false }),
    );
    expect(unverified.statusCode).toBe(200);
    const challenge = json<{ two_factor_required: boolean; challenge_token: string }>(unverified);
    expect(challenge.two_factor_required).toBe(true);
    expect(refreshCookie(unverified)).toBeUndefined();
    expect((await secondStep(challenge.challenge_token, totp(secret, 1))).statusCode).toBe(200);
    // With user verification, the passkey is enough.
    const verified = await loginVerify(authenticator.authenticate(await loginOptions()));
    expect(json(verified)).toHaveProperty('access_token');
  });

  it('goes with the account', async () => {
    const who = await person(t.app);
    const authenticator = await registerPasskey(who);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/account',
      payload: { password: who.password },
      headers: bearer(who),
    });
    expect(removed.statusCode).toBe(204);
    expect(await rows(sql`select id from passkeys where id = ${authenticator.id}`)).toHaveLength(0);
    expect((await loginVerify(authenticator.authenticate(await loginOptions()))).statusCode).toBe(
      400,
    );
  });
});

describe('the Settings screen', () => {
  it('reports two-factor sign-in and passkeys as they are set up', async () => {
    const who = await person(t.app);
    const account = async () =>
      json<{ account: Record<string, unknown> }>(
        await as(t.app, who).get('/api/user_management/settings'),
      ).account;
    expect(await account()).toMatchObject({ twoFactorAuth: false, biometricAuth: false });
    await enableTwoFactor(who);
    const authenticator = createSoftAuthenticator();
    const options = json<{ challenge: string; user: { id: string } }>(
      await as(t.app, who).post('/api/auth/passkeys/register/options'),
    );
    await as(t.app, who).post('/api/auth/passkeys/register/verify', {
      response: authenticator.register(options),
    });
    expect(await account()).toMatchObject({ twoFactorAuth: true, biometricAuth: true });
  });
});

describe('the API description', () => {
  it('documents every security route', async () => {
    const spec = json<{ paths: Record<string, Record<string, unknown>> }>(
      await t.app.inject({ method: 'GET', url: '/api/docs/json' }),
    );
    for (const [url, method] of [
      ['/api/auth/change_password', 'post'],
      ['/api/auth/sessions', 'get'],
      ['/api/auth/sessions/{id}', 'delete'],
      ['/api/auth/sessions/revoke_others', 'post'],
      ['/api/auth/account', 'delete'],
      ['/api/auth/2fa', 'get'],
      ['/api/auth/2fa/setup', 'post'],
      ['/api/auth/2fa/enable', 'post'],
      ['/api/auth/2fa/disable', 'post'],
      ['/api/auth/login/2fa', 'post'],
      ['/api/auth/passkeys', 'get'],
      ['/api/auth/passkeys/{id}', 'delete'],
      ['/api/auth/passkeys/register/options', 'post'],
      ['/api/auth/passkeys/register/verify', 'post'],
      ['/api/auth/passkeys/login/options', 'post'],
      ['/api/auth/passkeys/login/verify', 'post'],
    ] as const) {
      expect(spec.paths[url], url).toHaveProperty(method);
    }
  });
});

describe('rate limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ AUTH_RATE_LIMIT_MAX: '3', TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await limited.close();
  });

  it.each([
    ['/api/auth/login/2fa', { challenge_token: 'made-up', code: '123456' }],
    ['/api/auth/passkeys/login/options', {}],
  ])('%s answers 429 after the limit', async (url, payload) => {
    const ip = `10.${randomInt(255)}.${randomInt(255)}.${randomInt(1, 255)}`;
    const send = () =>
      limited.app.inject({ method: 'POST', url, payload, headers: { 'x-forwarded-for': ip } });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await send()).statusCode).not.toBe(429);
    }
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(json(refused).detail).toMatch(/^Too many requests/);
  });
});
