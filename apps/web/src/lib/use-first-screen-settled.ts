import { startTransition, useEffect, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { runWhenIdle } from './preload-when-idle';

/** The longest the shell's extras wait for a screen whose reads never settle (a slow server). */
const LONGEST_WAIT_MS = 3000;

let settled = false;
let settling: Promise<void> | undefined;

/** Resolves once no read is in flight, then the browser is idle; at most LONGEST_WAIT_MS. */
function untilSettled(client: QueryClient): Promise<void> {
  settling ??= new Promise<void>((resolve) => {
    const finish = () => {
      clearTimeout(cap);
      stopWatching();
      runWhenIdle(() => {
        settled = true;
        resolve();
      });
    };
    const cap = setTimeout(finish, LONGEST_WAIT_MS);
    const check = () => {
      if (client.isFetching() === 0) finish();
    };
    const stopWatching = client.getQueryCache().subscribe(check);
    check();
  });
  return settling;
}

/**
 * False until the page's first screen has its code, its first reads have arrived and the
 * browser is idle; true from then on, for the rest of the page's life. What the shell shows
 * beside the screen and nobody waits for (the notification bell, the unread badge, the live
 * link) starts then, rather than competing with the screen's own code, reads and first render
 * on a slow phone (issue 10 part 11). Used inside the app layout, which renders once the
 * route's lazily loaded code is there, so the screen's reads have already set off.
 */
export function useFirstScreenSettled(): boolean {
  const client = useQueryClient();
  const [done, setDone] = useState(settled);
  useEffect(() => {
    if (done) return;
    let mounted = true;
    void untilSettled(client).then(() => {
      // A transition: the shell's extras then render in short slices, not in one long task.
      if (mounted) startTransition(() => setDone(true));
    });
    return () => {
      mounted = false;
    };
  }, [client, done]);
  return done;
}
