import { vi } from 'vitest';

export function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export interface RecordedCall {
  path: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * Replaces fetch with a router of canned answers. `handler` gets the API path (without /api)
 * and returns a Response; every call is recorded for assertions.
 */
export function mockFetch(handler: (call: RecordedCall) => Response | Promise<Response>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const call: RecordedCall = {
      path: url.replace(/^\/api/, ''),
      method: init?.method ?? 'GET',
      headers: { ...(init?.headers as Record<string, string> | undefined) },
      // JSON bodies are parsed; a FormData body (an upload) is kept as it is.
      body:
        typeof init?.body === 'string'
          ? (JSON.parse(init.body) as unknown)
          : init?.body instanceof FormData
            ? init.body
            : undefined,
    };
    calls.push(call);
    return handler(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export const sampleUser = {
  id: 'u1',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  display_name: 'Ada Lovelace',
  avatar: null,
  email_verified: true,
};
