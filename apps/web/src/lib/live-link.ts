import { createContext, useContext } from 'react';

/**
 * The state of the live link to the server (see app/live-updates.tsx): none (a guest), up, or
 * down for longer than a blink and coming back by itself.
 */
export type LiveLink = 'off' | 'connected' | 'reconnecting';

export const LiveLinkContext = createContext<LiveLink>('off');

export function useLiveLink(): LiveLink {
  return useContext(LiveLinkContext);
}
