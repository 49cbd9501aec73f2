import { createContext, useContext } from 'react';
import type { User } from '@vowa/shared/auth/auth-schemas';

export type SessionStatus = 'loading' | 'signed-in' | 'guest';

export interface Session {
  user: User | null;
  status: SessionStatus;
  /** The current access token, if any (the sign-in dialog offers Logout when one exists). */
  token: string | null;
  /** Stores the token and loads the user; resolves once the user is known. */
  signIn: (accessToken: string) => Promise<User>;
  /** Logs out on the server (best effort) and forgets everything local. */
  signOut: () => Promise<void>;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}

export const currentUserQueryKey = ['session', 'current-user'] as const;
