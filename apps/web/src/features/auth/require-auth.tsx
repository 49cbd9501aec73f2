import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageSkeleton } from '../../components/ui/skeleton';
import { useSession } from '../../lib/session-context';

/**
 * Asks `SignInToContinue` on / to open the sign-in dialog: `signInFor` is where a guest was going
 * when the guard sent them there; `signIn` alone just opens it (after a password reset).
 */
export type GuardedState = { signInFor?: string; signIn?: boolean };

/**
 * Guards the signed-in-only routes (part 1 §2): a guest goes to / (replace), carrying the
 * address they opened so the sign-in dialog can take them there; while the stored session is
 * still being confirmed a skeleton shows instead of a premature redirect. Screens slot in as
 * child routes, so replacing a placeholder never touches the guard.
 */
export function RequireAuth() {
  const { t } = useTranslation();
  const { status } = useSession();
  const location = useLocation();
  // Someone who signs out here (or deletes their account) is not asked to sign in again.
  const [wasSignedIn, setWasSignedIn] = useState(false);
  if (status === 'signed-in' && !wasSignedIn) setWasSignedIn(true);
  if (status === 'loading') return <PageSkeleton label={t('common.loading')} />;
  if (status === 'guest') {
    const state: GuardedState | null = wasSignedIn
      ? null
      : { signInFor: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to="/" replace state={state} />;
  }
  return <Outlet />;
}
