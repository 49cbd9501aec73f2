import { useCallback, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { User } from '@vowa/shared/auth/auth-schemas';
import { onSessionExpired } from '../../lib/api-client';
import { CACHED_USER_KEY, readStorage, tokenStore, writeStorage } from '../../lib/session-storage';
import { fetchCurrentUser, logout } from './auth-api';
import { currentUserQueryKey, SessionContext, type Session } from '../../lib/session-context';

/** The user cached by a previous visit, so the header can render at once (part 1 §3). */
function readCachedUser(): User | undefined {
  const raw = readStorage(CACHED_USER_KEY);
  if (!raw) return undefined;
  try {
    // A light shape check (not zod) keeps the schema library out of the entry chunk; the
    // server's answer replaces this copy moments later anyway.
    const value = JSON.parse(raw) as Partial<User> | null;
    const looksLikeUser =
      typeof value?.id === 'string' &&
      typeof value.email === 'string' &&
      typeof value.name === 'string' &&
      typeof value.display_name === 'string' &&
      typeof value.email_verified === 'boolean' &&
      (value.avatar === null || typeof value.avatar === 'string');
    return looksLikeUser ? (value as User) : undefined;
  } catch {
    return undefined;
  }
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const token = useSyncExternalStore(tokenStore.subscribe, tokenStore.get, tokenStore.get);

  const userQuery = useQuery({
    queryKey: currentUserQueryKey,
    queryFn: async ({ signal }) => {
      const user = await fetchCurrentUser(signal);
      writeStorage(CACHED_USER_KEY, JSON.stringify(user));
      return user;
    },
    enabled: token !== null,
    // A cached user is shown immediately and re-checked against the server straight away.
    initialData: token ? readCachedUser : undefined,
    initialDataUpdatedAt: 0,
    staleTime: 5 * 60_000,
    retry: false,
  });

  useEffect(() => onSessionExpired(() => queryClient.clear()), [queryClient]);

  const signIn = useCallback(
    async (accessToken: string) => {
      queryClient.removeQueries({ queryKey: currentUserQueryKey });
      tokenStore.set(accessToken);
      const user = await queryClient.fetchQuery({
        queryKey: currentUserQueryKey,
        queryFn: ({ signal }) => fetchCurrentUser(signal),
      });
      writeStorage(CACHED_USER_KEY, JSON.stringify(user));
      return user;
    },
    [queryClient],
  );

  const signOut = useCallback(async () => {
    // This browser stops showing the person's pushes (issue 16): whoever signs in next here
    // must not see them. Loaded on demand: the push code is not part of the first paint.
    void import('../../lib/web-push').then((push) => push.forgetPushInThisBrowser());
    // Forgotten locally first: the server then closes this tab's live link, which must find
    // nothing left to renew (the refresh cookie still identifies the sign-in to end).
    tokenStore.clearSession();
    try {
      await logout();
    } catch (error) {
      // A failed logout must not keep the person signed in locally (part 1 §8: logged only).
      console.error('Logout request failed', error);
    }
    queryClient.clear();
    await navigate('/');
  }, [navigate, queryClient]);

  const user = token ? (userQuery.data ?? null) : null;
  let status: Session['status'] = 'guest';
  if (user) status = 'signed-in';
  else if (token && userQuery.isPending) status = 'loading';

  const session = useMemo<Session>(
    () => ({ user, status, token, signIn, signOut }),
    [user, status, token, signIn, signOut],
  );

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
