import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, normalizeEmail } from '../auth/auth-rules';
import type { ValidationMessageCode } from '../validation/messages';

/**
 * The Invite to Group dialog's rules (part 2 §2, §5, §9), written once for the dialog and the
 * server that re-checks what it sends.
 */

/** Part 2 §9: 6 uppercase alphanumeric characters. */
export const INVITE_CODE_LENGTH = 6;
export const INVITE_CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
export const INVITE_CODE_PATTERN = /^[A-Z0-9]{6}$/;
/** How long the copy button says it copied the code (part 2 §9). */
export const INVITE_COPIED_MS = 2000;
/** How long a code stays redeemable, and a mailed or texted link. */
export const INVITE_CODE_TTL_DAYS = 7;
export const INVITATION_TTL_DAYS = 14;

/** Fewer digits than this is 'Phone number too short' (part 2 §5). */
export const MIN_PHONE_DIGITS = 7;
/** E.164: a whole international number has at most 15 digits, its country code included. */
export const MAX_PHONE_DIGITS = 15;

/** Part 2 §3: the country-code selector's options, in the spec's order. */
export const countryCodeOptions = [
  { id: 'US', dialCode: '+1', label: '+1 US' },
  { id: 'CA', dialCode: '+1', label: '+1 CA' },
  { id: 'UK', dialCode: '+44', label: '+44 UK' },
  { id: 'DZ', dialCode: '+213', label: '+213 DZ' },
  { id: 'NG', dialCode: '+234', label: '+234 NG' },
  { id: 'FR', dialCode: '+33', label: '+33 FR' },
  { id: 'DE', dialCode: '+49', label: '+49 DE' },
  { id: 'IN', dialCode: '+91', label: '+91 IN' },
] as const;
export type CountryCodeOption = (typeof countryCodeOptions)[number];
export type CountryCodeId = CountryCodeOption['id'];
export const DEFAULT_COUNTRY_CODE: CountryCodeId = 'US';

export const inviteTypes = ['email', 'phone'] as const;
export type InviteType = (typeof inviteTypes)[number];

/** Spaces, dashes, dots and brackets people type between digits; they mean nothing. */
const PHONE_SEPARATORS = /[\s\-.()]/g;
const PHONE_TEXT = /^\+?\d+$/;

/**
 * Part 2 §5: the field is in phone mode when the text is digits with an optional leading plus
 * (separators such as spaces or dashes between them allowed), otherwise in email mode.
 */
export function inviteModeOf(text: string): InviteType {
  const compact = text.trim().replace(PHONE_SEPARATORS, '');
  return PHONE_TEXT.test(compact) ? 'phone' : 'email';
}

const digitsOf = (text: string) => text.replace(/\D/g, '');

export type InviteCheck =
  { ok: true; type: InviteType; value: string } | { ok: false; code: ValidationMessageCode };

function checkEmail(text: string): InviteCheck {
  const email = normalizeEmail(text);
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) {
    return { ok: false, code: 'inviteEmailInvalid' };
  }
  return { ok: true, type: 'email', value: email };
}

/** The longest known dial code the number starts with ('+1', '+44', …), if any. */
function knownDialCode(international: string): string | undefined {
  return countryCodeOptions
    .map((option) => option.dialCode as string)
    .filter((dial) => international.startsWith(dial))
    .sort((a, b) => b.length - a.length)[0];
}

/**
 * A whole international number ('+' and digits), as the server receives it: at least
 * MIN_PHONE_DIGITS after a known country code (or after a one-digit code for others), at most
 * MAX_PHONE_DIGITS in all.
 */
export function checkInternationalPhone(text: string): InviteCheck {
  const compact = text.trim().replace(PHONE_SEPARATORS, '');
  if (!/^\+\d+$/.test(compact)) return { ok: false, code: 'invitePhoneTooShort' };
  const digits = digitsOf(compact);
  const dial = knownDialCode(compact);
  const national = dial ? digits.length - digitsOf(dial).length : digits.length - 1;
  if (national < MIN_PHONE_DIGITS) return { ok: false, code: 'invitePhoneTooShort' };
  if (digits.length > MAX_PHONE_DIGITS) return { ok: false, code: 'invitePhoneTooLong' };
  return { ok: true, type: 'phone', value: `+${digits}` };
}

/**
 * What the dialog sends for the typed text: an email as typed (trimmed, lower-cased), or in
 * phone mode the number with the chosen country code in front ('Phone number too short' under
 * MIN_PHONE_DIGITS digits). A number typed with its own leading '+' is already international
 * and is sent as typed.
 */
export function checkInviteInput(text: string, dialCode: string): InviteCheck {
  if (inviteModeOf(text) === 'email') return checkEmail(text);
  const compact = text.trim().replace(PHONE_SEPARATORS, '');
  if (compact.startsWith('+')) return checkInternationalPhone(compact);
  if (compact.length < MIN_PHONE_DIGITS) return { ok: false, code: 'invitePhoneTooShort' };
  return checkInternationalPhone(`${dialCode}${compact}`);
}

/** The server's check of `{ type, value }` from `POST /user_management/users/invite`. */
export function checkInviteAddress(type: InviteType, value: string): InviteCheck {
  return type === 'email' ? checkEmail(value) : checkInternationalPhone(value);
}

/** A typed code as stored: trimmed, upper-cased, or null when it cannot be a code. */
export function normalizeInviteCode(text: string): string | null {
  const code = text.trim().toUpperCase();
  return INVITE_CODE_PATTERN.test(code) ? code : null;
}
