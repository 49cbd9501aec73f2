/** The longest an idle-time job waits for the browser to find an idle moment. */
const IDLE_TIMEOUT_MS = 1000;

/** Runs `run` in the browser's next idle moment (within IDLE_TIMEOUT_MS), or in a new task. */
export function runWhenIdle(run: () => void, timeout = IDLE_TIMEOUT_MS): void {
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(run, { timeout });
  } else setTimeout(run, 1);
}

/**
 * Starts each loader in an idle moment of its own, in order. A dynamic import adds a
 * `<link rel="modulepreload">` for every chunk it needs as it is called, and a screen's four
 * dialogs started together were one 50 ms task on a desktop core, four times that on a slow
 * phone (issue 10 part 11); one per idle moment keeps each of those tasks short.
 */
export function preloadWhenIdle(loaders: ReadonlyArray<() => Promise<unknown>>): void {
  const [load, ...rest] = loaders;
  if (!load) return;
  runWhenIdle(() => {
    void load();
    preloadWhenIdle(rest);
  });
}
