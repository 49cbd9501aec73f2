import { createContext, useContext } from 'react';
import type { SignInMode } from '@vowa/shared/auth/auth-schemas';

export interface SignInDialogControls {
  openSignIn: (mode?: SignInMode) => void;
}

export const SignInDialogContext = createContext<SignInDialogControls | null>(null);

/** Opens the app-wide sign-in dialog from anywhere (header, landing page buttons). */
export function useSignInDialog(): SignInDialogControls {
  const controls = useContext(SignInDialogContext);
  if (!controls) throw new Error('useSignInDialog must be used inside <SignInDialogProvider>');
  return controls;
}
