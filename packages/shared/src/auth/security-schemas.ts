import { z } from 'zod';
import { newPasswordField } from './auth-rules';
import { confirmPasswordField, passwordsMatch, tokenResponseSchema } from './auth-schemas';

/**
 * The Security settings (password, sessions, two-factor sign-in, passkeys, account deletion)
 * and the second step of a sign-in. Requests validate here on both sides; responses are what
 * the server answers.
 */

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
/** How long the second step of a sign-in (code or passkey) may take. */
export const SIGN_IN_CHALLENGE_TTL_SECONDS = 5 * 60;
export const SIGN_IN_CHALLENGE_MAX_ATTEMPTS = 5;
export const PASSKEY_NAME_MAX_LENGTH = 60;

/** A code as people type it: spaces and dashes are ignored. */
export function normalizeCode(code: string): string {
  return code.replace(/[\s-]/g, '').toLowerCase();
}

/** A 6-digit TOTP code (spaces allowed), or a recovery code where the route accepts one. */
export const codeField = z
  .string({ message: 'The code is required' })
  .trim()
  .min(1, { message: 'The code is required' })
  .max(32, { message: 'The code is incorrect.' });

const currentPasswordField = z
  .string({ message: 'passwordRequired' })
  .min(1, { message: 'passwordRequired' })
  .max(128, { message: 'passwordTooLong' });

// ---------- Forms ----------

const changePasswordsMatch = passwordsMatch('newPassword');

export const changePasswordFormSchema = z
  .object({
    currentPassword: currentPasswordField,
    newPassword: newPasswordField,
    confirmPassword: confirmPasswordField,
  })
  .refine(changePasswordsMatch.check, changePasswordsMatch.options);

export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

// ---------- Requests ----------

export const changePasswordRequestSchema = z.object({
  current_password: currentPasswordField,
  new_password: newPasswordField,
});

export const deleteAccountRequestSchema = z.object({
  password: currentPasswordField,
  /** Required when two-factor authentication is on: a current code or a recovery code. */
  code: codeField.optional(),
});

export const enableTwoFactorRequestSchema = z.object({ code: codeField });

export const disableTwoFactorRequestSchema = z.object({
  password: currentPasswordField,
  code: codeField,
});

export const twoFactorLoginRequestSchema = z.object({
  challenge_token: z
    .string({ message: 'tokenRequired' })
    .trim()
    .min(1, { message: 'tokenRequired' })
    .max(512, { message: 'tokenRequired' }),
  code: codeField,
});

export const sessionIdParamsSchema = z.object({ id: z.uuid({ message: 'Session not found.' }) });
export const passkeyIdParamsSchema = z.object({
  id: z.string().min(1).max(1024),
});

/** What @simplewebauthn/browser's startRegistration / startAuthentication return. */
const credentialResponseSchema = z.looseObject({
  id: z.string().min(1).max(1024),
  rawId: z.string().min(1).max(1024),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: z.string().min(1).max(16_384) }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.string().max(32).optional(),
});

export const passkeyRegisterVerifyRequestSchema = z.object({
  response: credentialResponseSchema.extend({
    response: z.looseObject({
      clientDataJSON: z.string().min(1).max(16_384),
      attestationObject: z.string().min(1).max(65_536),
      transports: z.array(z.string().max(32)).max(10).optional(),
    }),
  }),
  name: z.string().trim().max(PASSKEY_NAME_MAX_LENGTH, { message: 'textTooLong' }).optional(),
});

export const passkeyLoginOptionsRequestSchema = z
  .object({ email: z.string().trim().max(254).optional() })
  .nullish();

export const passkeyLoginVerifyRequestSchema = z.object({
  response: credentialResponseSchema.extend({
    response: z.looseObject({
      clientDataJSON: z.string().min(1).max(16_384),
      authenticatorData: z.string().min(1).max(16_384),
      signature: z.string().min(1).max(4096),
      userHandle: z.string().max(1024).nullish(),
    }),
  }),
});

export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

// ---------- Responses ----------

export const twoFactorChallengeResponseSchema = z.object({
  two_factor_required: z.literal(true),
  challenge_token: z.string(),
});

/** Login answers tokens, or (two-factor accounts) a challenge for the code step. */
export const loginResponseSchema = z.union([tokenResponseSchema, twoFactorChallengeResponseSchema]);

export const sessionSchema = z.object({
  id: z.string(),
  user_agent: z.string().nullable(),
  ip_address: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string(),
  current: z.boolean(),
});
export const sessionListSchema = z.object({ sessions: z.array(sessionSchema) });

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  recovery_codes_left: z.number().int().nonnegative(),
});

export const twoFactorSetupSchema = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  qr_code: z.string(),
});

export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });

export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export const passkeyListSchema = z.object({ passkeys: z.array(passkeySchema) });

/** PublicKeyCredentialCreationOptionsJSON / RequestOptionsJSON: the fields we rely on, and the rest. */
export const registrationOptionsSchema = z.looseObject({
  challenge: z.string(),
  rp: z.looseObject({ name: z.string(), id: z.string().optional() }),
  user: z.looseObject({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.looseObject({ alg: z.number(), type: z.string() })),
});
export const authenticationOptionsSchema = z.looseObject({
  challenge: z.string(),
  rpId: z.string().optional(),
});

export type SessionInfo = z.infer<typeof sessionSchema>;
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;
export type Passkey = z.infer<typeof passkeySchema>;
export type LoginResponse = z.infer<typeof loginResponseSchema>;
