import pLimit from 'p-limit';
import type { z } from 'zod';
import { TravelProviderError } from '../travel-provider';
import {
  amadeusErrorBodySchema,
  amadeusTokenErrorSchema,
  amadeusTokenSchema,
  type AmadeusIssue,
} from './amadeus-schemas';

export const AMADEUS_TEST_BASE_URL = 'https://test.api.amadeus.com';
export const AMADEUS_PRODUCTION_BASE_URL = 'https://api.amadeus.com';

/** Only `warn` is used; a Fastify logger fits. */
export type AmadeusLogger = { warn: (details: Record<string, unknown>, message: string) => void };

export type AmadeusClientOptions = {
  /** https://test.api.amadeus.com or https://api.amadeus.com (or a local fake). */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  log: AmadeusLogger;
  fetchImpl?: typeof fetch;
  now?: () => Date;
  /** Pause used before retrying; tests pass one that does not sleep. */
  wait?: (ms: number) => Promise<void>;
  /** The pause before retrying a 429 that names no Retry-After. */
  retryDelayMs?: number;
  /** Requests in flight at once. */
  concurrency?: number;
  /** Minimum gap between two requests starting: the test environment allows ~10 per second. */
  requestSpacingMs?: number;
  timeoutMs?: number;
};

export type AmadeusQuery = Record<string, string | number | boolean | null | undefined>;

/**
 * A refusal from Amadeus. It is a TravelProviderError (so callers see busy / unavailable /
 * rejected), and keeps the HTTP status and Amadeus error codes for the adapter to tell "nothing
 * found" from a real failure.
 */
export class AmadeusApiError extends TravelProviderError {
  constructor(
    kind: TravelProviderError['kind'],
    message: string,
    readonly status: number | null,
    readonly codes: readonly number[],
  ) {
    super(kind, message);
    this.name = 'AmadeusApiError';
  }
}

const TOKEN_PATH = '/v1/security/oauth2/token';
/** A token is replaced this long before Amadeus says it expires (30 min tokens). */
const TOKEN_REFRESH_MARGIN_MS = 60_000;
/** A longer Retry-After than this is not waited out inside a user's request. */
const MAX_RETRY_WAIT_MS = 5_000;
const DEFAULT_RETRY_DELAY_MS = 1_000;
const DEFAULT_TIMEOUT_MS = 15_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Seconds or an HTTP date, as RFC 9110 allows; null when absent or unreadable. */
function retryAfterMs(header: string | null, nowMs: number): number | null {
  if (header === null || header.trim() === '') return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - nowMs);
}

function issueCodes(issues: readonly AmadeusIssue[]): number[] {
  return issues.map((issue) => Number(issue.code)).filter((code) => Number.isFinite(code));
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/**
 * A small client for Amadeus Self-Service: OAuth2 client-credentials tokens (cached until shortly
 * before they expire, renewed once when a call is refused with 401), one retry of a 429, a cap
 * on concurrent requests, and errors turned into TravelProviderError. Answers are checked
 * against the caller's schema. The client secret and tokens never reach the log.
 */
export function createAmadeusClient(options: AmadeusClientOptions) {
  const fetchImpl = options.fetchImpl ?? fetch;
  const now = options.now ?? (() => new Date());
  const wait = options.wait ?? sleep;
  const retryDelay = options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS;
  const spacing = options.requestSpacingMs ?? 100;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const limit = pLimit(options.concurrency ?? 5);
  const { log } = options;

  let token: { value: string; renewAt: number } | null = null;
  let pendingToken: Promise<string> | null = null;
  let nextStart = 0;

  async function takeTurn() {
    const current = Date.now();
    const start = Math.max(current, nextStart);
    nextStart = start + spacing;
    if (start > current) await wait(start - current);
  }

  /** One HTTP exchange, inside the concurrency limit; a network failure is "unavailable". */
  function send(url: URL, init: RequestInit): Promise<Response> {
    return limit(async () => {
      await takeTurn();
      try {
        return await fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      } catch (error) {
        const cause = (error as { cause?: { code?: unknown } }).cause;
        log.warn(
          { path: url.pathname, error: (error as Error).name, cause: cause?.code },
          'amadeus request failed',
        );
        throw new AmadeusApiError('unavailable', 'Amadeus could not be reached.', null, []);
      }
    });
  }

  /** Sends, and when Amadeus answers 429, waits (Retry-After, else a short pause) and tries once more. */
  async function sendRetryingBusy(url: URL, attempt: () => Promise<Response>) {
    const first = await attempt();
    if (first.status !== 429) return first;
    // Wall-clock time: an HTTP-date Retry-After is the server's real time, not an injected clock.
    const delay = retryAfterMs(first.headers.get('retry-after'), Date.now()) ?? retryDelay;
    if (delay > MAX_RETRY_WAIT_MS) return first;
    await first.body?.cancel();
    log.warn(
      { path: url.pathname, status: 429, retryInMs: delay },
      'amadeus rate limit; retrying once',
    );
    await wait(delay);
    return attempt();
  }

  async function fetchToken(): Promise<string> {
    const url = new URL(`${baseUrl}${TOKEN_PATH}`);
    const body = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: options.clientId,
      client_secret: options.clientSecret,
    }).toString();
    const response = await sendRetryingBusy(url, () =>
      send(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body,
      }),
    );
    const json = await readJson(response);
    if (!response.ok) {
      const refusal = amadeusTokenErrorSchema.safeParse(json);
      log.warn(
        {
          path: TOKEN_PATH,
          status: response.status,
          error: refusal.success ? refusal.data.error : undefined,
          code: refusal.success ? refusal.data.code : undefined,
        },
        'amadeus refused the token request',
      );
      if (response.status === 429) {
        throw new AmadeusApiError('busy', 'Amadeus is busy. Please try again.', 429, []);
      }
      throw new AmadeusApiError(
        'unavailable',
        'Amadeus sign-in failed.',
        response.status,
        refusal.success && refusal.data.code != null ? [Number(refusal.data.code)] : [],
      );
    }
    const parsed = amadeusTokenSchema.safeParse(json);
    if (!parsed.success) {
      log.warn({ path: TOKEN_PATH, status: response.status }, 'amadeus token answer unreadable');
      throw new AmadeusApiError('unavailable', 'Amadeus sign-in failed.', response.status, []);
    }
    const lifetime = parsed.data.expires_in * 1000;
    token = {
      value: parsed.data.access_token,
      renewAt: now().getTime() + lifetime - Math.min(TOKEN_REFRESH_MARGIN_MS, lifetime / 10),
    };
    return token.value;
  }

  /** The cached token, or a new one; concurrent callers share one token request. */
  function accessToken(): Promise<string> {
    if (token && now().getTime() < token.renewAt) return Promise.resolve(token.value);
    pendingToken ??= fetchToken().finally(() => {
      pendingToken = null;
    });
    return pendingToken;
  }

  async function failure(response: Response, path: string): Promise<AmadeusApiError> {
    const parsed = amadeusErrorBodySchema.safeParse(await readJson(response));
    const issues = parsed.success ? parsed.data.errors : [];
    const codes = issueCodes(issues);
    const first = issues[0];
    const { status } = response;
    log.warn({ path, status, code: codes[0], title: first?.title }, 'amadeus refused a request');
    if (status === 429) {
      return new AmadeusApiError('busy', 'Amadeus is busy. Please try again.', status, codes);
    }
    if (status === 400) {
      const detail = first?.detail || first?.title || 'Amadeus refused the search.';
      return new AmadeusApiError('rejected', detail, status, codes);
    }
    return new AmadeusApiError('unavailable', 'Amadeus is unavailable.', status, codes);
  }

  async function request<T>(
    method: 'GET' | 'POST',
    path: string,
    schema: z.ZodType<T>,
    extra: { query?: AmadeusQuery; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<T> {
    const url = new URL(`${baseUrl}${path}`);
    for (const [key, value] of Object.entries(extra.query ?? {})) {
      if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
    }
    const body = extra.body === undefined ? undefined : JSON.stringify(extra.body);
    let used = '';
    const attempt = async () => {
      used = await accessToken();
      return send(url, {
        method,
        headers: {
          accept: 'application/vnd.amadeus+json, application/json',
          authorization: `Bearer ${used}`,
          ...(body === undefined ? {} : { 'content-type': 'application/vnd.amadeus+json' }),
          ...extra.headers,
        },
        body,
      });
    };

    let response = await sendRetryingBusy(url, attempt);
    if (response.status === 401) {
      // Invalid or expired token (38190 / 38191 / 38192): drop it, fetch a new one, retry once.
      const refused = amadeusErrorBodySchema.safeParse(await readJson(response));
      log.warn(
        {
          path,
          status: 401,
          code: refused.success ? issueCodes(refused.data.errors)[0] : undefined,
        },
        'amadeus refused the access token; fetching a new one',
      );
      if (token?.value === used) token = null;
      response = await sendRetryingBusy(url, attempt);
    }
    if (!response.ok) throw await failure(response, path);

    const parsed = schema.safeParse(await readJson(response));
    if (!parsed.success) {
      log.warn(
        { path, issues: parsed.error.issues.slice(0, 5).map((issue) => issue.path.join('.')) },
        'amadeus answer had an unexpected shape',
      );
      throw new AmadeusApiError(
        'unavailable',
        'Amadeus answered unexpectedly.',
        response.status,
        [],
      );
    }
    return parsed.data;
  }

  return {
    get: <T>(path: string, query: AmadeusQuery, schema: z.ZodType<T>) =>
      request('GET', path, schema, { query }),
    post: <T>(
      path: string,
      body: unknown,
      schema: z.ZodType<T>,
      headers?: Record<string, string>,
    ) => request('POST', path, schema, { body, headers }),
  };
}

export type AmadeusClient = ReturnType<typeof createAmadeusClient>;
