import { createContext, useContext } from 'react';

/**
 * False while the start-up loading screen covers the app. Anything that would grab focus or
 * hide the rest of the page (a dialog opened by a route) waits for it.
 */
export const StartupContext = createContext(true);

export function useStartupDone(): boolean {
  return useContext(StartupContext);
}
