import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
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
  }>({ open: false, mode: 'login', instance: 0, stay: false });

  const openSignIn = useCallback(
    (mode: SignInMode = 'login', { stay = false }: { stay?: boolean } = {}) => {
      setState((previous) => ({ open: true, mode, instance: previous.instance + 1, stay }));
    },
    [],
  );
  const close = useCallback(() => setState((previous) => ({ ...previous, open: false })), []);

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
            onSignedIn={state.stay ? close : undefined}
          />
        </Suspense>
      ) : null}
    </SignInDialogContext.Provider>
  );
}
