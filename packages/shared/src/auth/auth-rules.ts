import { z } from 'zod';
import type { ValidationMessageCode } from '../validation/messages';

/** Non-whitespace, @, non-whitespace, dot, non-whitespace (part 1 §5). */
export const EMAIL_PATTERN = /^\S+@\S+\.\S+$/;
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MIN_LENGTH = 6;
/** Upper bound so a huge password cannot be used to make hashing expensive. */
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;

/** Checks run in order; forms and the API show the first message of each field. */
const message = (code: ValidationMessageCode) => ({ message: code });

export const emailField = z
  .string(message('emailRequired'))
  .trim()
  .min(1, message('emailRequired'))
  .max(EMAIL_MAX_LENGTH, message('emailTooLong'))
  .regex(EMAIL_PATTERN, message('emailInvalid'));

export const passwordField = z
  .string(message('passwordRequired'))
  .min(1, message('passwordRequired'))
  .min(PASSWORD_MIN_LENGTH, message('passwordTooShort'))
  .max(PASSWORD_MAX_LENGTH, message('passwordTooLong'));

export const newPasswordField = z
  .string(message('newPasswordRequired'))
  .min(1, message('newPasswordRequired'))
  .min(PASSWORD_MIN_LENGTH, message('passwordTooShort'))
  .max(PASSWORD_MAX_LENGTH, message('passwordTooLong'));

export const nameField = z
  .string(message('nameRequired'))
  .trim()
  .min(1, message('nameRequired'))
  .max(NAME_MAX_LENGTH, message('nameTooLong'));

export const tokenField = z
  .string(message('tokenRequired'))
  .trim()
  .min(1, message('tokenRequired'))
  .max(512, message('tokenRequired'));

/** Emails are compared case-insensitively: stored and looked up lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
