import type { FastifyServerOptions } from 'fastify';
import { pino } from 'pino';
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

/**
 * Fields that never reach a log line when an object carrying them is logged (`{ body: {
 * password } }`, an error with a `refresh_token`): their value is replaced.
 */
const secretFields = [
  'password',
  'new_password',
  'access_token',
  'refresh_token',
  'public_token',
  'accessToken',
];
const CENSOR = '[redacted]';

const hasSecret = (value: unknown): value is object =>
  value !== null &&
  typeof value === 'object' &&
  secretFields.some((field) => Object.prototype.hasOwnProperty.call(value, field));

/** A copy of the value (an Error stays an Error) with its secret fields censored. */
function censored(value: object): object {
  const copy = Object.create(Object.getPrototypeOf(value), Object.getOwnPropertyDescriptors(value));
  for (const field of secretFields) {
    const own = Object.getOwnPropertyDescriptor(value, field);
    if (own) {
      Object.defineProperty(copy, field, {
        value: CENSOR,
        enumerable: own.enumerable,
        writable: true,
        configurable: true,
      });
    }
  }
  return copy;
}

/**
 * What pino's `redact: ['*.password', …]` did, for a fraction of its cost: pino's redaction
 * clones and stringifies every key of every line through its redactor, which made logging
 * the largest cost of a request. Request and response headers (tokens, cookies) need no rule:
 * the `req` serializer and Fastify's `res` serializer never write them.
 */
function withoutSecrets(line: Record<string, unknown>): Record<string, unknown> {
  let result = line;
  for (const key of Object.keys(line)) {
    const value = line[key];
    if (!hasSecret(value)) continue;
    if (result === line) result = { ...line };
    result[key] = censored(value);
  }
  return result;
}

/**
 * Standard output, written asynchronously: pino's default writes each line with a blocking
 * `write` on the request's own turn, one system call per request (a tenth of an unknown path's
 * time). Lines written while a write is in flight go out together in the next one. Pino flushes
 * what is left synchronously when the process exits (`process.exit` included, which is how
 * close-with-grace ends it), so a shutdown or a crash loses no line; only a SIGKILL can.
 */
const standardOutput = () => pino.destination({ dest: 1, sync: false });

/** The logger the app is built with: pino at the configured level, pretty in development. */
export function loggerOptions(
  config: AppConfig,
  stream?: NodeJS.WritableStream,
): FastifyServerOptions['logger'] {
  const development = config.env === 'development';
  return {
    level: config.logLevel,
    ...(stream ? { stream } : development ? {} : { stream: standardOutput() }),
    serializers,
    formatters: { log: withoutSecrets },
    ...(development && !stream
      ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } }
      : {}),
  };
}
