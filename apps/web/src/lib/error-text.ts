import { isErrorCode } from '@vowa/shared/errors/error-codes';
import { isValidationMessageCode } from '@vowa/shared/validation/messages';
import i18n from './i18n';

/** One field the server refused: `code` is a validation message code or an error code. */
export type ApiFieldError = { field: string; message: string; code?: string };

/** What an error body says: `{ detail, code }` plus field errors. */
export type ApiErrorBody = { detail?: string; code?: string; errors?: ApiFieldError[] };

/** The text for a server error code in the current language; undefined for codes not known here. */
export function errorCodeText(code: string | undefined): string | undefined {
  return isErrorCode(code) ? i18n.t(`errors.${code}`) : undefined;
}

/** One field error in the current language; the server's English only for an unknown code. */
export function fieldErrorText(error: ApiFieldError): string {
  const code = error.code;
  if (code && isValidationMessageCode(code)) return i18n.t(`validation.${code}`);
  return errorCodeText(code) ?? error.message;
}

/**
 * The text for a failed call, decided by its code: translated when the code is known, the
 * server's `detail` only for a code this build does not know, undefined when the server said
 * nothing (the caller picks its own fallback).
 */
export function serverErrorText(body: ApiErrorBody): string | undefined {
  // "Check the highlighted fields" says less than the first field's own message.
  const firstField = body.errors?.[0];
  if (body.code === 'validation_failed' && firstField?.code) return fieldErrorText(firstField);
  return errorCodeText(body.code) ?? body.detail;
}
