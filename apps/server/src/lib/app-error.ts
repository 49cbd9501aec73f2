/**
 * The one error type the services throw. The error handler maps its code to a status and sends
 * `{ detail }`, so services never think about HTTP.
 */
export const appErrorStatus = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type AppErrorCode = keyof typeof appErrorStatus;

export type FieldError = { field: string; message: string };

export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    readonly detail: string,
    readonly fieldErrors?: FieldError[],
  ) {
    super(detail);
    this.name = 'AppError';
  }

  get status(): number {
    return appErrorStatus[this.code];
  }
}
