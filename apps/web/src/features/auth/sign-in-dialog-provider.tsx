import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { SignInMode } from '@vowa/shared/auth/auth-schemas';
import { SignInDialogContext } from '../../lib/sign-in-dialog-context';

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

  const openSignIn = useCallback(
    (
      mode: SignInMode = 'login',
      { stay = false, returnTo }: { stay?: boolean; returnTo?: string } = {},
    ) => {
      setState((previous) => ({
        open: true,
        mode,
        instance: previous.instance + 1,
        stay,
        returnTo,
      }));
    },
    [],
  );
  const close = useCallback(() => setState((previous) => ({ ...previous, open: false })), []);
  const { returnTo } = state;
  const goBack = useCallback(async () => {
    close();
    if (returnTo) await navigate(returnTo, { replace: true });
  }, [close, navigate, returnTo]);

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
            onOpenChange={(open) => setState((previous) => ({ ...previous, open }))}
            onSignedIn={state.returnTo ? goBack : state.stay ? close : undefined}
          />
        </Suspense>
      ) : null}
    </SignInDialogContext.Provider>
  );
}
