import { errorCodeStatus, isErrorCode } from '@vowa/shared/errors/error-codes';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { person, type Person } from '../test/api-helpers';
import { createTestApp, json, type TestApp } from '../test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Sample = { what: string; response: LightMyRequestResponse };

/** The body of an error: a code from the shared list, sent with that code's status, and a detail. */
function expectCodedError({ what, response }: Sample) {
  const body = json<{ detail?: unknown; code?: unknown }>(response);
  expect(isErrorCode(body.code), `${what} → ${response.statusCode} ${response.body}`).toBe(true);
  expect(response.statusCode, what).toBe(
    errorCodeStatus[body.code as keyof typeof errorCodeStatus],
  );
  expect(body.detail, what).toEqual(expect.any(String));
  expect(body.code, what).not.toBe('internal_error');
}

/** Every documented operation, with its path parameters filled by something that is no id. */
function documentedOperations(): { method: Method; url: string }[] {
  const spec = t.app.swagger() as { paths?: Record<string, Record<string, unknown>> };
  return Object.entries(spec.paths ?? {}).flatMap(([path, operations]) =>
    Object.keys(operations)
      .map((method) => method.toUpperCase())
      .filter((method): method is Method =>
        ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method),
      )
      .map((method) => ({ method, url: path.replace(/\{[^}]+\}/g, 'not-an-id') })),
  );
}

async function walk(who: Person | null, payload: unknown): Promise<Sample[]> {
  const samples: Sample[] = [];
  for (const { method, url } of documentedOperations()) {
    // Signing out would end the session the rest of the walk uses.
    if (who && url.includes('logout')) continue;
    const response = await t.app.inject({
      method,
      url,
      headers: who ? { authorization: `Bearer ${who.accessToken}` } : {},
      ...(method === 'GET' || method === 'DELETE' ? {} : { payload: payload as object }),
    });
    if (response.statusCode >= 400) samples.push({ what: `${method} ${url}`, response });
  }
  return samples;
}

describe('error codes', () => {
  it('every documented route answers bad input with a code from the shared list', async () => {
    const anonymous = await walk(null, { unexpected: [1] });
    const signedIn = await walk(await person(t.app, 'Walker'), [42]);
    const samples = [...anonymous, ...signedIn];
    samples.forEach(expectCodedError);
    // The walk reaches most routes: sign-in refusals, validation, missing things.
    expect(samples.length).toBeGreaterThan(60);
    const codes = new Set(samples.map(({ response }) => json(response).code));
    for (const code of ['not_authenticated', 'validation_failed'] as const) {
      expect([...codes], code).toContain(code);
    }
  });

  it("the error handler's own answers carry codes: 404, 415, 400, 413 and field errors", async () => {
    const samples: Sample[] = [
      { what: 'unknown route', response: await t.app.inject({ method: 'GET', url: '/api/nope' }) },
      {
        what: 'wrong content type',
        response: await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { 'content-type': 'text/plain' },
          payload: 'email=a',
        }),
      },
      {
        what: 'broken JSON',
        response: await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { 'content-type': 'application/json' },
          payload: '{"email":',
        }),
      },
      {
        what: 'too large',
        response: await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ password: 'x'.repeat(2 * 1024 * 1024) }),
        }),
      },
    ];
    samples.forEach(expectCodedError);
    expect(samples.map(({ response }) => json(response).code)).toEqual([
      'not_found',
      'unsupported_media_type',
      'invalid_json',
      'payload_too_large',
    ]);

    const invalid = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'nope', password: '1', name: 'A' },
    });
    expectCodedError({ what: 'register', response: invalid });
    expect(json(invalid)).toMatchObject({
      code: 'validation_failed',
      errors: [
        { field: 'email', code: 'emailInvalid' },
        { field: 'password', code: 'passwordTooShort' },
      ],
    });
  });

  it('a wrong password is invalid_credentials, with the English detail the spec fixes', async () => {
    const someone = await person(t.app, 'Forgetful');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: someone.email, password: 'not-the-password' },
    });
    expect(response.statusCode).toBe(401);
    expect(json(response)).toEqual({
      detail: 'Incorrect email or password',
      code: 'invalid_credentials',
    });
  });
});
