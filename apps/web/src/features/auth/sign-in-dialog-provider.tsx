import { lazy, Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { SignInMode } from '@vowa/shared/auth/auth-schemas';
import { SignInDialogContext, type SignInOptions } from '../../lib/sign-in-dialog-context';

// The dialog pulls in the form libraries; load them on first use, not with the entry chunk.
const SignInDialog = lazy(() =>
  import('./sign-in-dialog').then((module) => ({ default: module.SignInDialog })),
);

export function SignInDialogProvider({ children }: { children: ReactNode }) {
  // `instance` remounts the dialog on every opening so it always starts clean.
  const [state, setState] = useState<{
    open: boolean;
    mode: SignInMode;
    instance: number;
    stay: boolean;
    returnTo: string | undefined;
  }>({ open: false, mode: 'login', instance: 0, stay: false, returnTo: undefined });
  const navigate = useNavigate();
  // Whoever opened the dialog and waits for the sign-in: told when it is closed without one.
  const onDismiss = useRef<(() => void) | undefined>(undefined);
  const dismissed = useCallback(() => {
    const waiting = onDismiss.current;
    onDismiss.current = undefined;
    waiting?.();
  }, []);

  const openSignIn = useCallback(
    (
      mode: SignInMode = 'login',
      { stay = false, returnTo, onDismiss: then }: SignInOptions = {},
    ) => {
      // Another opening replaces the one someone was waiting on.
      dismissed();
      onDismiss.current = then;
      setState((previous) => ({
        open: true,
        mode,
        instance: previous.instance + 1,
        stay,
        returnTo,
      }));
    },
    [dismissed],
  );
  // Closed after signing in: nobody is told of a dismissal.
  const close = useCallback(() => {
    onDismiss.current = undefined;
    setState((previous) => ({ ...previous, open: false }));
  }, []);
  const { returnTo } = state;
  const goBack = useCallback(async () => {
    close();
    if (returnTo) await navigate(returnTo, { replace: true });
  }, [close, navigate, returnTo]);

  // Signed in from anywhere else: the profile (closed first, so it is not taken as dismissed).
  const toProfile = useCallback(async () => {
    close();
    await navigate('/profile');
  }, [close, navigate]);

  const controls = useMemo(() => ({ openSignIn }), [openSignIn]);

  return (
    <SignInDialogContext.Provider value={controls}>
      {children}
      {state.instance > 0 ? (
        <Suspense fallback={null}>
          <SignInDialog
            key={state.instance}
            open={state.open}
            initialMode={state.mode}
            onOpenChange={(open) => {
              if (!open) dismissed();
              setState((previous) => ({ ...previous, open }));
            }}
            onSignedIn={state.returnTo ? goBack : state.stay ? close : toProfile}
          />
        </Suspense>
      ) : null}
    </SignInDialogContext.Provider>
  );
}
