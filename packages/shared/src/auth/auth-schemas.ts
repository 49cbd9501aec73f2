import { z } from 'zod';
import { errorCodes } from '../errors/error-codes';
import { emailField, nameField, newPasswordField, passwordField, tokenField } from './auth-rules';

// ---------- Forms (the web validates these before submitting) ----------

export const signInModes = ['login', 'register', 'forgot-password'] as const;
export type SignInMode = (typeof signInModes)[number];

export const loginFormSchema = z.object({ email: emailField, password: passwordField });

export const confirmPasswordField = z
  .string({ message: 'confirmPasswordRequired' })
  .min(1, { message: 'confirmPasswordRequired' });

/**
 * "Passwords do not match" on the confirmation field. zod skips object-level checks while any
 * field is invalid; `when` lets this one run as soon as both passwords are filled in, so a person
 * sees the mismatch together with the other errors instead of on a second submit.
 */
export function passwordsMatch(passwordKey: 'password' | 'newPassword') {
  return {
    check: (form: Record<string, unknown>) => form[passwordKey] === form.confirmPassword,
    options: {
      message: 'passwordsDoNotMatch',
      path: ['confirmPassword'],
      when: (payload: { value: unknown }) => {
        const value = payload.value as Record<string, unknown> | null;
        return typeof value?.[passwordKey] === 'string' && !!value.confirmPassword;
      },
    },
  };
}

const registerPasswordsMatch = passwordsMatch('password');
const resetPasswordsMatch = passwordsMatch('newPassword');

export const registerFormSchema = z
  .object({
    name: nameField,
    email: emailField,
    password: passwordField,
    confirmPassword: confirmPasswordField,
  })
  .refine(registerPasswordsMatch.check, registerPasswordsMatch.options);

export const forgotPasswordFormSchema = z.object({ email: emailField });

export const resetPasswordFormSchema = z
  .object({ newPassword: newPasswordField, confirmPassword: confirmPasswordField })
  .refine(resetPasswordsMatch.check, resetPasswordsMatch.options);

export type LoginForm = z.infer<typeof loginFormSchema>;
export type RegisterForm = z.infer<typeof registerFormSchema>;
export type ForgotPasswordForm = z.infer<typeof forgotPasswordFormSchema>;
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

// ---------- API requests (part 1 §7) ----------

/** The spec's client sends `name`; the shell's own helper sends `display_name`. Either will do. */
export const registerRequestSchema = z
  .object({
    email: emailField,
    password: passwordField,
    name: nameField.optional(),
    display_name: nameField.optional(),
  })
  .refine((body) => body.name !== undefined || body.display_name !== undefined, {
    message: 'nameRequired',
    path: ['name'],
  });

export const loginRequestSchema = z.object({ email: emailField, password: passwordField });

/** Browsers send no body (the cookie carries the token); other clients send it here. */
export const refreshTokenRequestSchema = z
  .object({ refresh_token: z.string().max(512).optional() })
  .nullish();

export const logoutRequestSchema = refreshTokenRequestSchema;

export const forgotPasswordRequestSchema = z.object({ email: emailField });

export const tokenRequestSchema = z.object({ token: tokenField });

export const resetPasswordRequestSchema = z.object({
  token: tokenField,
  new_password: newPasswordField,
});

export type RegisterRequest = z.infer<typeof registerRequestSchema>;
export type LoginRequest = z.infer<typeof loginRequestSchema>;

// ---------- API responses ----------

export const messageResponseSchema = z.object({ success: z.boolean(), message: z.string() });

export const tokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int().positive(),
  /** Only returned when the refresh token itself was sent in the body (non-browser clients). */
  refresh_token: z.string().optional(),
});

export const validResponseSchema = z.object({ valid: z.boolean() });

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  display_name: z.string(),
  avatar: z.string().nullable(),
  email_verified: z.boolean(),
});

export const errorResponseSchema = z.object({
  detail: z.string(),
  code: z.enum(errorCodes),
  // `code` here is a validation message code, or the error code for a service's field error.
  errors: z
    .array(z.object({ field: z.string(), message: z.string(), code: z.string() }))
    .optional(),
});

export type MessageResponse = z.infer<typeof messageResponseSchema>;
export type TokenResponse = z.infer<typeof tokenResponseSchema>;
export type User = z.infer<typeof userSchema>;
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
