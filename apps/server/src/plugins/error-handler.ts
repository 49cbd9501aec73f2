import { validationMessageText } from '@vowa/shared/validation/messages';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type FieldError } from '../lib/app-error';

const statusDetails: Record<number, string> = {
  400: 'Bad request',
  401: 'Not authenticated',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  406: 'Not acceptable',
  413: 'The request is too large',
  415: 'Unsupported media type',
  429: 'Too many requests. Please try again later.',
};

/**
 * Every error leaves as `{ detail }` with the right status. Expected errors are not logged as
 * failures; anything unexpected is logged and answered with a plain 500.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send({
        detail: error.detail,
        ...(error.fieldErrors ? { errors: error.fieldErrors } : {}),
      });
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues: FieldError[] = error.validation.map((issue) => {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        // A missing or non-object body fails at the root, where zod's words help nobody.
        const message =
          field === '' && issue.keyword === 'invalid_type'
            ? `The request ${error.validationContext ?? 'body'} must be a JSON object`
            : validationMessageText(issue.message ?? 'Invalid value');
        return { field, message };
      });
      // Rules are checked in order ("required" before "valid"): report the first per field.
      const errors = issues.filter(
        (issue, index) => issues.findIndex((other) => other.field === issue.field) === index,
      );
      const where = error.validationContext === 'body' ? '' : ` (${error.validationContext})`;
      return reply.status(422).send({
        detail: `${errors[0]?.message ?? 'Invalid request'}${where}`,
        errors,
      });
    }

    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ detail: error.message || statusDetails[429] });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large, …
      const detail =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
        error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'The request body is not valid JSON'
          : (statusDetails[status] ?? 'Bad request');
      return reply.status(status).send({ detail });
    }

    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send({ detail: 'Something went wrong on our side. Please try again.' });
  });
}
