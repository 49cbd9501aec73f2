import { errorCodeStatus, type ErrorCode } from '@vowa/shared/errors/error-codes';

/** A field the person should fix: `code` is a validation message code or the error's own code. */
export type FieldError = { field: string; message: string; code: string };

/**
 * The one error type the services throw. It is made from a stable error code (listed once in
 * `@vowa/shared/errors/error-codes`, which also fixes its HTTP status); `detail` is the English
 * fallback text. The error handler sends `{ detail, code }`, so services never think about HTTP.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    readonly fieldErrors?: FieldError[],
  ) {
    super(detail);
    this.name = 'AppError';
  }

  get status(): number {
    return errorCodeStatus[this.code];
  }
}
