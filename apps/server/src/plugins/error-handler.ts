import { errorCodeStatus, type ErrorCode } from '@vowa/shared/errors/error-codes';
import { isValidationMessageCode, validationMessageText } from '@vowa/shared/validation/messages';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  type ZodFastifySchemaValidationError,
} from 'fastify-type-provider-zod';
import { isDatabaseConnectionError } from '../db/connection-errors';
import { AppError, type FieldError } from '../lib/app-error';

/** Fastify's own client errors by status: the code and English text each is answered with. */
const clientErrors: Record<number, [ErrorCode, string]> = {
  401: ['not_authenticated', 'Not authenticated'],
  404: ['not_found', 'Not found'],
  405: ['method_not_allowed', 'Method not allowed'],
  406: ['not_acceptable', 'Not acceptable'],
  413: ['payload_too_large', 'The request is too large'],
  415: ['unsupported_media_type', 'Unsupported media type'],
  429: ['rate_limited', 'Too many requests. Please try again later.'],
};
const badRequest: [ErrorCode, string] = ['bad_request', 'Bad request'];
const invalidJson: [ErrorCode, string] = ['invalid_json', 'The request body is not valid JSON'];

/**
 * Every error leaves as `{ detail, code }` (plus `errors` for fields) with the status the code
 * fixes. Expected errors are not logged as failures; anything unexpected is logged and answered
 * with a plain 500.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return send(reply, error);
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      return send(reply, validationError(error));
    }

    const status = error.statusCode ?? 500;
    if (status === 429) {
      // The rate limiter's own text says when to retry; the code is what clients translate.
      return send(
        reply,
        new AppError('rate_limited', error.message || 'Too many requests. Please try again later.'),
      );
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large, …
      const [code, detail] =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
        error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? invalidJson
          : (clientErrors[status] ?? badRequest);
      return send(reply, new AppError(code, detail));
    }

    if (isDatabaseConnectionError(error)) {
      // The database went away under this request (restart, failover): the pool reconnects
      // for the next one, so the caller is told to try again rather than that it failed.
      request.log.warn({ err: error }, 'request failed: database connection lost');
      return send(
        reply,
        new AppError(
          'service_unavailable',
          'The service is briefly unavailable. Please try again.',
        ),
      );
    }
    request.log.error({ err: error }, 'request failed');
    return send(
      reply,
      new AppError('internal_error', 'Something went wrong on our side. Please try again.'),
    );
  });
}

function send(reply: FastifyReply, error: AppError) {
  return reply.status(error.status).send({
    detail: error.detail,
    code: error.code,
    ...(error.fieldErrors ? { errors: error.fieldErrors } : {}),
  });
}

/**
 * The answer a thrown `AppError(code, detail)` gets, for the hot paths that know it without
 * throwing (an unknown path): an Error captures a stack trace, which costs more than the rest.
 */
export function sendErrorAnswer(reply: FastifyReply, code: ErrorCode, detail: string) {
  return reply.status(errorCodeStatus[code]).send({ detail, code });
}

/** A request that failed its zod schema: one field error per field, the first rule that failed. */
function validationError(error: {
  validation: ZodFastifySchemaValidationError[];
  validationContext?: string;
}) {
  const issues: FieldError[] = error.validation.map((issue) => {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const rule = issue.message ?? '';
    // A missing or non-object body fails at the root, where zod's words help nobody.
    const message =
      field === '' && issue.keyword === 'invalid_type'
        ? `The request ${error.validationContext ?? 'body'} must be a JSON object`
        : validationMessageText(rule || 'Invalid value');
    return { field, message, code: isValidationMessageCode(rule) ? rule : 'invalidValue' };
  });
  // Rules are checked in order ("required" before "valid"): report the first per field.
  const errors = issues.filter(
    (issue, index) => issues.findIndex((other) => other.field === issue.field) === index,
  );
  const where = error.validationContext === 'body' ? '' : ` (${error.validationContext})`;
  return new AppError(
    'validation_failed',
    `${errors[0]?.message ?? 'Invalid request'}${where}`,
    errors,
  );
}
