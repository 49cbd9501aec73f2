/**
 * The page's first Intl number or date formatter loads ICU's locale data: some 50 ms on the
 * main thread of this machine's Chromium, four times that on a slow phone, and the longest
 * single task of a signed-in screen's start (issue 10 part 11). The data is shared by every
 * thread of the page, so a worker that loads it first takes that cost off the main thread: the
 * formatters the screens build afterwards take well under a millisecond. Nothing waits for
 * the worker; a formatter needed before it is done loads the data itself, as it always did.
 */
export function warmUpIntlOffMainThread(locale: string, currency: string): void {
  if (typeof Worker === 'undefined') return;
  try {
    const worker = new Worker(new URL('./intl-warm-up-worker.ts', import.meta.url), {
      type: 'module',
    });
    const stop = () => worker.terminate();
    worker.addEventListener('message', stop);
    worker.addEventListener('error', stop);
    worker.postMessage({ locale, currency });
  } catch {
    // No module workers here: the first formatter loads the data, as before.
  }
}
