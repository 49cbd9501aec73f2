import type { ReactNode } from 'react';
import { NavBadgesContext } from '../../lib/nav-badges';
import { useConversations } from './chat-api';

const NONE = {};

/**
 * The unread messages of all the person's conversations, for the Messages entry of the
 * navigation. The list stays current by itself: every message anyone sends to a group marks it
 * stale through the live link.
 */
export function UnreadBadgeProvider({ children }: { children: ReactNode }) {
  const list = useConversations();
  const total = (list.data?.conversations ?? []).reduce((sum, c) => sum + c.unreadCount, 0);
  return (
    <NavBadgesContext.Provider value={total > 0 ? { '/chat': total } : NONE}>
      {children}
    </NavBadgesContext.Provider>
  );
}
