import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../../lib/session-context';
import { useSignInDialog } from '../../lib/sign-in-dialog-context';
import { useStartupDone } from '../../lib/startup-context';
import type { GuardedState } from './require-auth';

/**
 * A guest who opened a signed-in screen (a shared list's link, say) lands on / with that
 * address (see `RequireAuth`): the sign-in dialog opens, and signing in takes them there
 * instead of to /profile. A new password lands here too, with the dialog open to use it. The address is taken out of the history entry once used, so a
 * reload or Back does not open the dialog again.
 */
export function SignInToContinue() {
  const location = useLocation();
  const navigate = useNavigate();
  const { status } = useSession();
  const { openSignIn } = useSignInDialog();
  // Opening under the loading screen would steal focus and hide Skip Loading.
  const startupDone = useStartupDone();
  const state = location.state as GuardedState | null;
  const signInFor = state?.signInFor;
  const asked = Boolean(signInFor || state?.signIn);

  useEffect(() => {
    if (!asked || !startupDone || status !== 'guest') return;
    openSignIn('login', { returnTo: signInFor });
    void navigate(location.pathname, { replace: true, state: null });
  }, [asked, signInFor, startupDone, status, openSignIn, navigate, location.pathname]);
  return null;
}
