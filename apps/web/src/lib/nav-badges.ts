import { createContext, useContext } from 'react';

/**
 * Counts shown beside navigation entries, by path (the unread messages on '/chat'). The app
 * provides them from the features; the header only shows them.
 */
export type NavBadges = Readonly<Record<string, number>>;

export const NavBadgesContext = createContext<NavBadges>({});

export function useNavBadge(path: string): number {
  return useContext(NavBadgesContext)[path] ?? 0;
}
