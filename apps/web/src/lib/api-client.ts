import type { z } from 'zod';
import { type ApiErrorBody, type ApiFieldError, serverErrorText } from './error-text';
import i18n from './i18n';
import { ACCESS_TOKEN_KEY, readStorage, tokenStore } from './session-storage';

export const API_BASE = '/api';

/**
 * A failed call: `status` is the HTTP status (0 for a network failure), `code` the server's
 * stable error code (what the app decides by), `message` the text for people in their language.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly detail: string | undefined;
  readonly errors: ApiFieldError[] | undefined;
  /** The whole answer, for errors that carry more than `{detail, code}` (a booking's 409). */
  readonly body: unknown;

  constructor(status: number, body: ApiErrorBody = {}, raw?: unknown) {
    super(serverErrorText(body) ?? i18n.t('app.genericError'));
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code;
    this.detail = body.detail;
    this.errors = body.errors;
    this.body = raw;
  }

  /** The server's text in the current language, or undefined when the server said nothing. */
  get serverText(): string | undefined {
    return serverErrorText(this);
  }
}

// Credentials are being exchanged on these, so an old bearer token must not ride along.
const NO_BEARER = new Set(['/auth/login', '/auth/register']);
// A 401 here means the credentials themselves are wrong; refreshing would not help.
const NO_REFRESH = new Set([
  '/auth/login',
  '/auth/register',
  '/auth/refresh_token',
  '/auth/logout',
]);

type SessionExpiredHandler = () => void;
const sessionExpiredHandlers = new Set<SessionExpiredHandler>();

/** Lets the session layer drop its cached user when the refresh token is no longer accepted. */
export function onSessionExpired(handler: SessionExpiredHandler): () => void {
  sessionExpiredHandlers.add(handler);
  return () => sessionExpiredHandlers.delete(handler);
}

let refreshInFlight: Promise<string> | null = null;

/**
 * Tabs share one refresh cookie, and the server treats a spent refresh token as stolen. So
 * refreshes are serialised across tabs with the Web Locks API, and a tab that gets the lock
 * after another tab refreshed adopts the token that tab stored instead of refreshing again.
 */
async function acrossTabs<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? await locks.request('vowa-token-refresh', task) : await task();
}

/** How close to its expiry a token counts as expired: the request would arrive after it. */
const EXPIRY_MARGIN_MS = 5_000;

/**
 * Whether the access token's own `exp` has passed. The browser only reads the claim (the
 * server verifies the signature); a token it cannot read is left for the server to judge.
 */
export function hasExpired(token: string, now = Date.now()): boolean {
  try {
    const payload = token.split('.')[1];
    if (!payload) return false;
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const { exp } = JSON.parse(json) as { exp?: unknown };
    return typeof exp === 'number' && exp * 1000 <= now + EXPIRY_MARGIN_MS;
  } catch {
    return false;
  }
}

/** One refresh for everyone: concurrent 401s all wait on the same promise. */
export function refreshAccessToken(staleToken: string | null = tokenStore.get()): Promise<string> {
  refreshInFlight ??= acrossTabs(async () => {
    const storedByAnotherTab = readStorage(ACCESS_TOKEN_KEY);
    if (storedByAnotherTab && storedByAnotherTab !== staleToken) {
      tokenStore.set(storedByAnotherTab);
      return storedByAnotherTab;
    }
    const response = await fetch(`${API_BASE}/auth/refresh_token`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: '{}',
    });
    if (!response.ok) throw new ApiError(response.status);
    const body = (await response.json()) as { access_token?: unknown };
    if (typeof body.access_token !== 'string' || !body.access_token) {
      throw new ApiError(response.status);
    }
    tokenStore.set(body.access_token);
    return body.access_token;
  }).finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

/**
 * A fresh access token for a connection the server closed or refused (the live link): when the
 * sign-in has ended, the session expires exactly as it does after a refused request.
 */
export async function renewAccessToken(): Promise<string> {
  try {
    return await refreshAccessToken();
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) expireSession();
    throw error;
  }
}

/** Full-page navigation, behind an object so tests can observe it (jsdom cannot navigate). */
export const browserLocation = {
  assign(url: string) {
    window.location.assign(url);
  },
};

/** Part 1 §8: a failed refresh removes the tokens and sends the browser to /login. */
function expireSession() {
  tokenStore.clearSession();
  sessionExpiredHandlers.forEach((handler) => handler());
  browserLocation.assign('/login');
}

export interface RequestOptions<S extends z.ZodType | undefined> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; a FormData body is sent as multipart/form-data (the browser sets the type). */
  body?: unknown;
  /** Parses a successful response, so the rest of the app can trust its shape. */
  schema?: S;
  signal?: AbortSignal;
  /** Extra request headers (an Idempotency-Key). */
  headers?: Record<string, string>;
}

type Result<S> = S extends z.ZodType ? z.output<S> : unknown;

async function send(
  path: string,
  options: RequestOptions<z.ZodType | undefined> & { accept?: string },
  token: string | null,
) {
  const headers: Record<string, string> = {
    ...options.headers,
    Accept: options.accept ?? 'application/json',
  };
  const multipart = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
  if (token && !NO_BEARER.has(path)) headers.Authorization = `Bearer ${token}`;
  try {
    return await fetch(`${API_BASE}${path}`, {
      method: options.method ?? 'GET',
      credentials: 'include',
      headers,
      body:
        options.body === undefined
          ? undefined
          : multipart
            ? (options.body as FormData)
            : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0);
  }
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  const body = await readJson(response);
  if (!body || typeof body !== 'object') return new ApiError(response.status);
  const { detail, code, errors } = body as Record<string, unknown>;
  return new ApiError(
    response.status,
    {
      detail: typeof detail === 'string' && detail ? detail : undefined,
      code: typeof code === 'string' && code ? code : undefined,
      errors: Array.isArray(errors) ? (errors as ApiFieldError[]) : undefined,
    },
    body,
  );
}

/**
 * Sends one call with the bearer token, refreshing it once on a 401, and hands back the raw
 * response: for answers that are not JSON, like the assistant's event stream. A refused
 * answer (not ok) is thrown as an ApiError.
 */
export async function authorizedFetch(
  path: string,
  options: RequestOptions<undefined> & { accept?: string } = {},
): Promise<Response> {
  const response = await sendRefreshing(path, options);
  if (!response.ok) throw await toApiError(response);
  return response;
}

/** Calls the API under /api. Paths start with a slash: `apiRequest('/auth/users/me')`. */
export async function apiRequest<S extends z.ZodType | undefined = undefined>(
  path: string,
  options: RequestOptions<S> = {},
): Promise<Result<S>> {
  const response = await sendRefreshing(path, options);
  if (!response.ok) throw await toApiError(response);
  const body = await readJson(response);
  return (options.schema ? options.schema.parse(body) : body) as Result<S>;
}

/** How long a read started at page load waits to be taken before it is thought too old. */
const EARLY_READ_MAX_AGE_MS = 10_000;

/** GET answers started at page load (`startEarlyReads`), each handed to the first call for it. */
const earlyReads = new Map<
  string,
  { token: string; startedAt: number; response: Promise<Response | undefined> }
>();

/**
 * Starts the GET reads a screen is about to make, as the page loads: they then travel while
 * the screen's code is still arriving, instead of after it has rendered. The first
 * `apiRequest` for each path (within a few seconds, with the same token) takes its answer; a
 * read that failed or was never taken changes nothing. Only with a token that has not expired.
 */
export function startEarlyReads(paths: readonly string[]): void {
  takeOverPageReads();
  const token = tokenStore.get();
  if (!token || hasExpired(token)) return;
  for (const path of paths) {
    if (earlyReads.has(path)) continue;
    earlyReads.set(path, {
      token,
      startedAt: Date.now(),
      response: send(path, {}, token).catch(() => undefined),
    });
  }
}

/**
 * Reads public/early-reads.js started before the app's code arrived, keyed by path; `null` once
 * the app has taken them over (that script then starts none, should it arrive late).
 */
declare global {
  interface Window {
    vowaPageReads?: Record<
      string,
      { token: string; startedAt: number; response: Promise<Response | undefined> }
    > | null;
  }
}

/** Makes the page's own early reads (see public/early-reads.js) the app's, once. */
function takeOverPageReads() {
  if (typeof window === 'undefined') return;
  const pageReads = window.vowaPageReads;
  window.vowaPageReads = null;
  for (const [path, read] of Object.entries(pageReads ?? {})) earlyReads.set(path, read);
}

function takeEarlyRead(
  path: string,
  options: RequestOptions<z.ZodType | undefined> & { accept?: string },
  token: string | null,
): Promise<Response | undefined> | undefined {
  const early = earlyReads.get(path);
  if (!early) return undefined;
  earlyReads.delete(path);
  const plainGet =
    (options.method ?? 'GET') === 'GET' && options.body === undefined && !options.accept;
  const usable =
    plainGet && early.token === token && Date.now() - early.startedAt <= EARLY_READ_MAX_AGE_MS;
  return usable ? early.response : undefined;
}

async function sendRefreshing(
  path: string,
  options: RequestOptions<z.ZodType | undefined> & { accept?: string },
): Promise<Response> {
  let tokenUsed = tokenStore.get();
  // A token known to have expired (a reload after a break) is renewed before it is used, so
  // the screens' first requests do not each collect a 401 first.
  if (tokenUsed && !NO_REFRESH.has(path) && hasExpired(tokenUsed)) {
    try {
      tokenUsed = await refreshAccessToken(tokenUsed);
    } catch {
      expireSession();
      throw new ApiError(401);
    }
  }
  let response =
    (await takeEarlyRead(path, options, tokenUsed)) ?? (await send(path, options, tokenUsed));

  if (response.status === 401 && !NO_REFRESH.has(path)) {
    let freshToken: string;
    const current = tokenStore.get();
    if (current && current !== tokenUsed) {
      // Someone else already refreshed while this request was in flight.
      freshToken = current;
    } else {
      try {
        freshToken = await refreshAccessToken(tokenUsed);
      } catch {
        expireSession();
        throw new ApiError(401);
      }
    }
    response = await send(path, options, freshToken);
  }
  return response;
}

/** The text to show for any thrown error, in the current language: by code, else the generic sentence. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverText ?? i18n.t('app.genericError');
  return i18n.t('app.genericError');
}
