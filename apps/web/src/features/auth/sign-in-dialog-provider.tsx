import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import type { SignInMode } from '@vowa/shared/auth/auth-schemas';
import { SignInDialogContext } from '../../lib/sign-in-dialog-context';

// The dialog pulls in the form libraries; load them on first use, not with the entry chunk.
const SignInDialog = lazy(() =>
  import('./sign-in-dialog').then((module) => ({ default: module.SignInDialog })),
);

export function SignInDialogProvider({ children }: { children: ReactNode }) {
  // `instance` remounts the dialog on every opening so it always starts clean.
  const [state, setState] = useState<{ open: boolean; mode: SignInMode; instance: number }>({
    open: false,
    mode: 'login',
    instance: 0,
  });

  const openSignIn = useCallback((mode: SignInMode = 'login') => {
    setState((previous) => ({ open: true, mode, instance: previous.instance + 1 }));
  }, []);

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
          />
        </Suspense>
      ) : null}
    </SignInDialogContext.Provider>
  );
}
