import { createContext, useContext } from 'react';
import type { SignInMode } from '@vowa/shared/auth/auth-schemas';

export type SignInOptions = { stay?: boolean; returnTo?: string; onDismiss?: () => void };

export interface SignInDialogControls {
  /**
   * Opens the dialog. After signing in it goes to /profile, unless `stay` is set: a page that
   * needs a sign-in to go on (a mailed invitation) keeps the person where they are; or to
   * `returnTo`, the screen a guest tried to open. `onDismiss` runs when the dialog is closed
   * without signing in (or another opening replaces this one), so a caller waiting for the
   * sign-in can stop waiting.
   */
  openSignIn: (mode?: SignInMode, options?: SignInOptions) => void;
}

export const SignInDialogContext = createContext<SignInDialogControls | null>(null);

/** Opens the app-wide sign-in dialog from anywhere (header, landing page buttons). */
export function useSignInDialog(): SignInDialogControls {
  const controls = useContext(SignInDialogContext);
  if (!controls) throw new Error('useSignInDialog must be used inside <SignInDialogProvider>');
  return controls;
}
