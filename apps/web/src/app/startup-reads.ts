import { startEarlyReads } from '../lib/api-client';
import { screenReads } from './screen-reads';

/**
 * Starts a signed-in screen's first reads with the page load, so they travel while the
 * screen's code is still arriving instead of after it has rendered. Nothing happens for a
 * guest (there is no token) or on screens not listed. Reads the page itself started
 * (public/early-reads.js, on pages the server names them in) are taken over, not sent again.
 */
export function startScreenReads(pathname: string): void {
  const paths = screenReads(pathname);
  if (paths.length > 0) startEarlyReads(paths);
}
