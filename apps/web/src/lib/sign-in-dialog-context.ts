import { createContext, useContext } from 'react';
import type { SignInMode } from '@vowa/shared/auth/auth-schemas';

export interface SignInDialogControls {
  /**
   * Opens the dialog. After signing in it goes to /profile, unless `stay` is set: a page that
   * needs a sign-in to go on (a mailed invitation) keeps the person where they are; or to
   * `returnTo`, the screen a guest tried to open.
   */
  openSignIn: (mode?: SignInMode, options?: { stay?: boolean; returnTo?: string }) => void;
}

export const SignInDialogContext = createContext<SignInDialogControls | null>(null);

/** Opens the app-wide sign-in dialog from anywhere (header, landing page buttons). */
export function useSignInDialog(): SignInDialogControls {
  const controls = useContext(SignInDialogContext);
  if (!controls) throw new Error('useSignInDialog must be used inside <SignInDialogProvider>');
  return controls;
}
