import type { LoginRequest } from '@vowa/shared/auth/auth-schemas';
import { apiRequest } from '../../lib/api-client';

// Thin, typed wrappers over the auth endpoints (part 1 §7); responses are parsed by the shared
// schemas. The schemas (and zod with them) are imported on first call, which keeps zod out of
// the entry chunk: a guest's first paint does not need it.
const schemas = () => import('@vowa/shared/auth/auth-schemas');

const securitySchemas = () => import('@vowa/shared/auth/security-schemas');

/** Tokens, or (two-factor accounts) `{ two_factor_required, challenge_token }` for the code step. */
export async function login(body: LoginRequest) {
  const { loginResponseSchema } = await securitySchemas();
  return apiRequest('/auth/login', { method: 'POST', body, schema: loginResponseSchema });
}

/** The code step of a sign-in: a code from the authenticator app or a recovery code. */
export async function loginWithCode(challengeToken: string, code: string) {
  const { loginResponseSchema } = await securitySchemas();
  return apiRequest('/auth/login/2fa', {
    method: 'POST',
    body: { challenge_token: challengeToken, code },
    schema: loginResponseSchema,
  });
}

/** Signs in with a passkey: options from the server, the browser's ceremony, then verification. */
export async function loginWithPasskey() {
  const [{ loginResponseSchema, authenticationOptionsSchema }, { startAuthentication }] =
    await Promise.all([securitySchemas(), import('@simplewebauthn/browser')]);
  const options = await apiRequest('/auth/passkeys/login/options', {
    method: 'POST',
    body: {},
    schema: authenticationOptionsSchema,
  });
  const response = await startAuthentication({
    optionsJSON: options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'],
  });
  return apiRequest('/auth/passkeys/login/verify', {
    method: 'POST',
    body: { response },
    schema: loginResponseSchema,
  });
}

export async function register(body: { email: string; password: string; name: string }) {
  const { messageResponseSchema } = await schemas();
  return apiRequest('/auth/register', { method: 'POST', body, schema: messageResponseSchema });
}

export function logout() {
  return apiRequest('/auth/logout', { method: 'POST', body: {} });
}

export async function forgotPassword(email: string) {
  const { messageResponseSchema } = await schemas();
  return apiRequest('/auth/forgot_password', {
    method: 'POST',
    body: { email },
    schema: messageResponseSchema,
  });
}

export async function validateResetToken(token: string) {
  const { validResponseSchema } = await schemas();
  return apiRequest('/auth/validate_reset_token', {
    method: 'POST',
    body: { token },
    schema: validResponseSchema,
  });
}

export async function resetPassword(token: string, newPassword: string) {
  const { messageResponseSchema } = await schemas();
  return apiRequest('/auth/reset_password', {
    method: 'POST',
    body: { token, new_password: newPassword },
    schema: messageResponseSchema,
  });
}

export async function verifyEmail(token: string) {
  const { messageResponseSchema } = await schemas();
  return apiRequest('/auth/verify_email', {
    method: 'POST',
    body: { token },
    schema: messageResponseSchema,
  });
}

export async function resendVerification() {
  const { messageResponseSchema } = await schemas();
  return apiRequest('/auth/resend_verification', {
    method: 'POST',
    body: {},
    schema: messageResponseSchema,
  });
}

export async function fetchCurrentUser(signal?: AbortSignal) {
  const { userSchema } = await schemas();
  return apiRequest('/auth/users/me', { schema: userSchema, signal });
}
