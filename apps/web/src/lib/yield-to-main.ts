/**
 * Lets the browser paint and answer input before the caller goes on: the start of a task,
 * not of a microtask. Work split at these points runs as several short tasks instead of one
 * long one that blocks the page (issue 10 part 11). `scheduler.yield` resumes ahead of other
 * queued tasks where the browser has it.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
