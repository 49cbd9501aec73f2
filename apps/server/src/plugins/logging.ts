import type { FastifyServerOptions } from 'fastify';
import { pino } from 'pino';
import type { AppConfig } from '../config/env';
import { serializeError } from '../lib/serialize-error';

/** A private calendar feed's path is its secret (`/api/calendar/<token>.ics`). */
const CALENDAR_FEED_PATH = /^(\/api\/calendar\/)[^/]+/;

/** The request's path without its query string, and without a path that is itself a token. */
export function pathForLog(url: string): string {
  return (url.split('?')[0] ?? '').replace(CALENDAR_FEED_PATH, '$1[redacted]');
}

/**
 * What leaves in logs: never bodies, headers, cookies, query strings (they carry tokens) or SQL
 * parameters (a failing query's parameters can hold password hashes).
 */
const serializers = {
  req(request: { method: string; url: string; ip?: string; id?: string }) {
    return { method: request.method, url: pathForLog(request.url), remoteAddress: request.ip };
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
  // A card (POST /api/payments/sandbox/cards): bodies are never logged, this is the second lock.
  'number',
  'cvc',
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

/** How much is gathered before a write, and how long a line of a quiet server may wait. */
const WRITE_AT_BYTES = 4096;
const WRITE_AFTER_MS = 500;

/**
 * Standard output, written asynchronously and in batches: pino's default writes each line with a
 * blocking `write` on the request's own turn, one system call per request (a tenth of an unknown
 * path's time). Lines gather until 4 KiB (about a dozen requests) or half a second has passed.
 * Pino flushes what is left synchronously when the process exits (`process.exit` included, which
 * is how close-with-grace ends it), so a shutdown or a crash loses no line; only a SIGKILL can
 * lose the last half second.
 */
function standardOutput() {
  const destination = pino.destination({ dest: 1, sync: false, minLength: WRITE_AT_BYTES });
  let unwritten = false;
  const write = destination.write.bind(destination);
  destination.write = (line: string) => {
    unwritten = true;
    return write(line);
  };
  setInterval(() => {
    if (!unwritten) return;
    unwritten = false;
    destination.flush();
  }, WRITE_AFTER_MS).unref();
  return destination;
}

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
