import { apiRequest } from '../../lib/api-client';

// The Security settings' calls (password, sessions, two-factor sign-in, passkeys, deletion).
// Responses are parsed by the shared schemas, loaded on first use.
const schemas = () => import('@vowa/shared/auth/security-schemas');
const authSchemas = () => import('@vowa/shared/auth/auth-schemas');

export const securityKeys = {
  all: ['security'] as const,
  sessions: ['security', 'sessions'] as const,
  twoFactor: ['security', 'two-factor'] as const,
  passkeys: ['security', 'passkeys'] as const,
};

export async function changePassword(currentPassword: string, newPassword: string) {
  const { messageResponseSchema } = await authSchemas();
  return apiRequest('/auth/change_password', {
    method: 'POST',
    body: { current_password: currentPassword, new_password: newPassword },
    schema: messageResponseSchema,
  });
}

export async function fetchSessions(signal?: AbortSignal) {
  const { sessionListSchema } = await schemas();
  return (await apiRequest('/auth/sessions', { schema: sessionListSchema, signal })).sessions;
}

export async function revokeSession(id: string) {
  await apiRequest(`/auth/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export async function revokeOtherSessions() {
  const { messageResponseSchema } = await authSchemas();
  return apiRequest('/auth/sessions/revoke_others', {
    method: 'POST',
    body: {},
    schema: messageResponseSchema,
  });
}

export async function fetchTwoFactorStatus(signal?: AbortSignal) {
  const { twoFactorStatusSchema } = await schemas();
  return apiRequest('/auth/2fa', { schema: twoFactorStatusSchema, signal });
}

export async function setUpTwoFactor() {
  const { twoFactorSetupSchema } = await schemas();
  return apiRequest('/auth/2fa/setup', { method: 'POST', body: {}, schema: twoFactorSetupSchema });
}

export async function enableTwoFactor(code: string) {
  const { recoveryCodesSchema } = await schemas();
  return (
    await apiRequest('/auth/2fa/enable', {
      method: 'POST',
      body: { code },
      schema: recoveryCodesSchema,
    })
  ).recovery_codes;
}

export async function disableTwoFactor(password: string, code: string) {
  const { twoFactorStatusSchema } = await schemas();
  return apiRequest('/auth/2fa/disable', {
    method: 'POST',
    body: { password, code },
    schema: twoFactorStatusSchema,
  });
}

export async function fetchPasskeys(signal?: AbortSignal) {
  const { passkeyListSchema } = await schemas();
  return (await apiRequest('/auth/passkeys', { schema: passkeyListSchema, signal })).passkeys;
}

/** Creates a passkey on this device (the browser asks for the fingerprint, face or PIN). */
export async function addPasskey(name?: string) {
  const [{ registrationOptionsSchema, passkeySchema }, { startRegistration }] = await Promise.all([
    schemas(),
    import('@simplewebauthn/browser'),
  ]);
  const options = await apiRequest('/auth/passkeys/register/options', {
    method: 'POST',
    body: {},
    schema: registrationOptionsSchema,
  });
  const response = await startRegistration({
    optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'],
  });
  return apiRequest('/auth/passkeys/register/verify', {
    method: 'POST',
    body: { response, ...(name ? { name } : {}) },
    schema: passkeySchema,
  });
}

export async function removePasskey(id: string) {
  await apiRequest(`/auth/passkeys/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export async function deleteAccount(password: string, code?: string) {
  await apiRequest('/auth/account', {
    method: 'DELETE',
    body: { password, ...(code ? { code } : {}) },
  });
}
