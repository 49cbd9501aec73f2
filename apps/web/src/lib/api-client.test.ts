import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../test/fetch-mock';
import { ApiError, apiRequest, browserLocation, startEarlyReads } from './api-client';
import { tokenStore } from './session-storage';

beforeEach(() => {
  tokenStore.reset();
  vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const tokenBody = (token: string) => ({
  access_token: token,
  token_type: 'bearer',
  expires_in: 900,
});

describe('apiRequest', () => {
  it('sends the stored token as a bearer header, with credentials and JSON', async () => {
    localStorage.setItem('access_token', 'stored-token');
    const { calls, fetchMock } = mockFetch(() => jsonResponse(200, { ok: true }));

    await expect(apiRequest('/auth/users/me')).resolves.toEqual({ ok: true });

    expect(calls[0]?.headers.Authorization).toBe('Bearer stored-token');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/auth/users/me');
    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe('include');
  });

  it.each(['/auth/login', '/auth/register'])(
    'never sends the bearer header to %s',
    async (path) => {
      tokenStore.set('old-token');
      const { calls } = mockFetch(() => jsonResponse(200, {}));
      await apiRequest(path, { method: 'POST', body: { email: 'a@b.co', password: 'secret1' } });
      expect(calls[0]?.headers.Authorization).toBeUndefined();
      expect(calls[0]?.headers['Content-Type']).toBe('application/json');
    },
  );

  it('sends a FormData body as it is, without a JSON content type, and with the bearer', async () => {
    tokenStore.set('upload-token');
    const { calls, fetchMock } = mockFetch(() => jsonResponse(200, { avatar: '/uploads/a.webp' }));
    const form = new FormData();
    form.append('file', new File(['x'], 'me.png', { type: 'image/png' }));

    await expect(apiRequest('/files', { method: 'POST', body: form })).resolves.toEqual({
      avatar: '/uploads/a.webp',
    });

    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe(form);
    expect(calls[0]?.headers['Content-Type']).toBeUndefined();
    expect(calls[0]?.headers.Authorization).toBe('Bearer upload-token');
  });

  it('renews a token whose expiry has passed before using it: no request collects a 401', async () => {
    const claims = (exp: number) =>
      `h.${btoa(JSON.stringify({ sub: 'u1', exp })).replace(/=+$/, '')}.s`;
    const expired = claims(Math.floor(Date.now() / 1000) - 60);
    const fresh = claims(Math.floor(Date.now() / 1000) + 900);
    tokenStore.set(expired);
    const { calls } = mockFetch(({ path, headers }) => {
      if (path === '/auth/refresh_token') return jsonResponse(200, tokenBody(fresh));
      return headers.Authorization === `Bearer ${fresh}`
        ? jsonResponse(200, { value: 1 })
        : jsonResponse(401, { detail: 'Token expired' });
    });

    await Promise.all([apiRequest('/a'), apiRequest('/b'), apiRequest('/c')]);

    expect(calls.map((call) => call.path).sort()).toEqual([
      '/a',
      '/auth/refresh_token',
      '/b',
      '/c',
    ]);
    expect(tokenStore.get()).toBe(fresh);
  });

  it('refreshes once on a 401 and repeats the request with the new token', async () => {
    tokenStore.set('expired');
    const { calls } = mockFetch(({ path, headers }) => {
      if (path === '/auth/refresh_token') return jsonResponse(200, tokenBody('fresh'));
      return headers.Authorization === 'Bearer fresh'
        ? jsonResponse(200, { value: 42 })
        : jsonResponse(401, { detail: 'Token expired' });
    });

    await expect(apiRequest('/things')).resolves.toEqual({ value: 42 });

    expect(calls.map((call) => call.path)).toEqual(['/things', '/auth/refresh_token', '/things']);
    expect(calls[1]?.body).toEqual({});
    expect(localStorage.getItem('access_token')).toBe('fresh');
    expect(tokenStore.get()).toBe('fresh');
  });

  it('adopts the token another tab refreshed instead of spending the cookie again', async () => {
    tokenStore.set('expired');
    // Another tab refreshed meanwhile: storage holds its token, this tab's memory does not.
    localStorage.setItem('access_token', 'from-other-tab');
    const { calls } = mockFetch(({ headers }) =>
      headers.Authorization === 'Bearer from-other-tab'
        ? jsonResponse(200, { value: 7 })
        : jsonResponse(401, { detail: 'Token expired' }),
    );

    await expect(apiRequest('/things')).resolves.toEqual({ value: 7 });

    expect(calls.map((call) => call.path)).toEqual(['/things', '/things']);
    expect(tokenStore.get()).toBe('from-other-tab');
  });

  it('does not loop: a second 401 after the retry is passed on', async () => {
    tokenStore.set('expired');
    const { calls } = mockFetch(({ path }) =>
      path === '/auth/refresh_token'
        ? jsonResponse(200, tokenBody('fresh'))
        : jsonResponse(401, { detail: 'Still no' }),
    );
    await expect(apiRequest('/things')).rejects.toMatchObject({ status: 401, message: 'Still no' });
    expect(calls.filter((call) => call.path === '/auth/refresh_token')).toHaveLength(1);
  });

  it('on a failed refresh clears the tokens and cached user and goes to /login', async () => {
    tokenStore.set('expired');
    localStorage.setItem('refresh_token', 'legacy');
    localStorage.setItem('vowa.user', '{}');
    mockFetch(({ path }) =>
      path === '/auth/refresh_token'
        ? jsonResponse(401, { detail: 'Refresh token revoked' })
        : jsonResponse(401, { detail: 'Token expired' }),
    );

    await expect(apiRequest('/things')).rejects.toBeInstanceOf(ApiError);

    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(localStorage.getItem('vowa.user')).toBeNull();
    expect(browserLocation.assign).toHaveBeenCalledWith('/login');
  });

  it('lets concurrent 401s share one refresh', async () => {
    tokenStore.set('expired');
    let releaseRefresh: () => void = () => undefined;
    const refreshGate = new Promise<void>((resolve) => {
      releaseRefresh = resolve;
    });
    const { calls } = mockFetch(async ({ path, headers }) => {
      if (path === '/auth/refresh_token') {
        await refreshGate;
        return jsonResponse(200, tokenBody('fresh'));
      }
      return headers.Authorization === 'Bearer fresh'
        ? jsonResponse(200, { path })
        : jsonResponse(401, { detail: 'expired' });
    });

    const results = Promise.all([apiRequest('/a'), apiRequest('/b'), apiRequest('/c')]);
    await vi.waitFor(() =>
      expect(calls.filter((call) => call.path === '/auth/refresh_token')).toHaveLength(1),
    );
    releaseRefresh();

    await expect(results).resolves.toEqual([{ path: '/a' }, { path: '/b' }, { path: '/c' }]);
    expect(calls.filter((call) => call.path === '/auth/refresh_token')).toHaveLength(1);
  });

  it.each(['/auth/login', '/auth/refresh_token', '/auth/logout'])(
    'does not try to refresh after a 401 from %s',
    async (path) => {
      const { calls } = mockFetch(() =>
        jsonResponse(401, { detail: 'Incorrect email or password' }),
      );
      await expect(apiRequest(path, { method: 'POST', body: {} })).rejects.toMatchObject({
        status: 401,
        message: 'Incorrect email or password',
      });
      expect(calls).toHaveLength(1);
      expect(browserLocation.assign).not.toHaveBeenCalled();
    },
  );

  it('uses the generic message when the error has no detail', async () => {
    mockFetch(() => new Response('oops', { status: 500 }));
    await expect(apiRequest('/things')).rejects.toMatchObject({
      status: 500,
      message: 'Something went wrong. Please try again.',
    });
  });

  it('turns a network failure into the generic message', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(apiRequest('/things')).rejects.toMatchObject({
      status: 0,
      message: 'Something went wrong. Please try again.',
    });
  });
});

describe('startEarlyReads', () => {
  it('hands a read started at page load to the first request for it, once', async () => {
    tokenStore.set('early-token');
    let served = 0;
    const { calls } = mockFetch(() => jsonResponse(200, { served: (served += 1) }));

    startEarlyReads(['/travel/bucket_lists']);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.Authorization).toBe('Bearer early-token');

    await expect(apiRequest('/travel/bucket_lists')).resolves.toEqual({ served: 1 });
    expect(calls).toHaveLength(1);
    // The next request reads again.
    await expect(apiRequest('/travel/bucket_lists')).resolves.toEqual({ served: 2 });
    expect(calls).toHaveLength(2);
  });

  it('is not used by a request with another token or another method', async () => {
    tokenStore.set('first-token');
    const { calls } = mockFetch(() => jsonResponse(200, {}));
    startEarlyReads(['/finance/financials', '/travel/preferences']);

    tokenStore.set('second-token');
    await apiRequest('/finance/financials');
    expect(calls.at(-1)?.headers.Authorization).toBe('Bearer second-token');

    await apiRequest('/travel/preferences', { method: 'PUT', body: { homeAirport: 'LIS' } });
    expect(calls.at(-1)?.method).toBe('PUT');
    expect(calls).toHaveLength(4);
  });

  it('takes over the reads the page started (public/early-reads.js) instead of asking again', async () => {
    tokenStore.set('page-token');
    const { calls } = mockFetch(() => jsonResponse(200, { from: 'app' }));
    window.vowaPageReads = {
      '/travel/bucket_lists': {
        token: 'page-token',
        startedAt: Date.now(),
        response: Promise.resolve(jsonResponse(200, { from: 'page' })),
      },
    };

    startEarlyReads(['/travel/bucket_lists', '/finance/financials']);
    expect(window.vowaPageReads).toBeNull();
    // Only the read the page had not started is sent.
    expect(calls.map((call) => call.path)).toEqual(['/finance/financials']);
    await expect(apiRequest('/travel/bucket_lists')).resolves.toEqual({ from: 'page' });
    await expect(apiRequest('/finance/financials')).resolves.toEqual({ from: 'app' });
    expect(calls).toHaveLength(1);
  });

  it('reads nothing early without a token', () => {
    const { calls } = mockFetch(() => jsonResponse(200, {}));
    startEarlyReads(['/finance/financials']);
    expect(calls).toHaveLength(0);
  });
});
