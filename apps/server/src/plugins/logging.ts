import type { FastifyServerOptions } from 'fastify';
import type { AppConfig } from '../config/env';
import { serializeError } from '../lib/serialize-error';

/**
 * What leaves in logs: never bodies, headers, cookies, query strings (they carry tokens) or SQL
 * parameters (a failing query's parameters can hold password hashes).
 */
const serializers = {
  req(request: { method: string; url: string; ip?: string; id?: string }) {
    return { method: request.method, url: request.url.split('?')[0], remoteAddress: request.ip };
  },
  err: serializeError,
};

/** Anything that reaches a log line anyway (an error's context) loses these fields. */
const redactedPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.new_password',
  '*.access_token',
  '*.refresh_token',
  '*.public_token',
  '*.accessToken',
];

/** The logger the app is built with: pino at the configured level, pretty in development. */
export function loggerOptions(
  config: AppConfig,
  stream?: NodeJS.WritableStream,
): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    serializers,
    redact: { paths: redactedPaths, censor: '[redacted]' },
    ...(config.env === 'development'
      ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } }
      : {}),
  };
}
