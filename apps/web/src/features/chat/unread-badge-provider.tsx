import type { ReactNode } from 'react';
import { NavBadgesContext } from '../../lib/nav-badges';
import { useFirstScreenSettled } from '../../lib/use-first-screen-settled';
import { useConversations } from './chat-api';

const NONE = {};

/**
 * The unread messages of all the person's conversations, for the Messages entry of the
 * navigation. The list stays current by itself: every message anyone sends to a group marks it
 * stale through the live link.
 */
export function UnreadBadgeProvider({ children }: { children: ReactNode }) {
  // Read once the screen has settled; the chat screen itself reads the same list at once.
  const list = useConversations({ enabled: useFirstScreenSettled() });
  const total = (list.data?.conversations ?? []).reduce((sum, c) => sum + c.unreadCount, 0);
  return (
    <NavBadgesContext.Provider value={total > 0 ? { '/chat': total } : NONE}>
      {children}
    </NavBadgesContext.Provider>
  );
}
