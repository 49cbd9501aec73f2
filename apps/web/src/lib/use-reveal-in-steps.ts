import { startTransition, useEffect, useState } from 'react';

/**
 * How many of a long list's entries to render now: `step` at first, then `step` more after each
 * commit, in a transition, until all `total` are there. A screen of cards then paints its first
 * screenful at once and builds the rest in short, interruptible pieces, instead of one long
 * task that holds up the first paint and any input (issue 10 part 11). Every entry is rendered
 * within a few frames, so nothing a person looks for is missing.
 */
export function useRevealInSteps(total: number, step: number): number {
  const [shown, setShown] = useState(step);
  useEffect(() => {
    if (shown >= total) return;
    startTransition(() => setShown((count) => count + step));
  }, [shown, total, step]);
  return Math.min(shown, total);
}
