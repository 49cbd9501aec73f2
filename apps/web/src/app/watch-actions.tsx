import type { ReactNode } from 'react';
import { WatchActionsProvider } from '../features/watches/watch-actions-provider';

/**
 * The one watch dialog (Watch price, Auto-Book, a bucket-list place's budget watch) every
 * screen opens with `useWatchActions()`; its dialog loads on first use.
 */
export function WatchActions({ children }: { children: ReactNode }) {
  return <WatchActionsProvider>{children}</WatchActionsProvider>;
}
