import { startEarlyReads } from '../lib/api-client';

/** What the shell reads on every signed-in screen: the user, their settings and finances. */
const SHELL_READS = [
  '/auth/users/me',
  '/user_management/settings',
  '/finance/financials',
  '/finance/budget_settings',
];

/**
 * The reads each listed screen makes as soon as it renders, in the form its queries send them
 * (features/bucket-lists/bucket-api.ts). The trips (suggestions, deals) are not read early:
 * pricing them keeps the server busy for a while on a cold day, which would hold up the
 * shell's own reads and the screen's code; the shell's budget settings arriving early is what
 * lets them start sooner.
 */
const SCREEN_READS: Record<string, readonly string[]> = {
  '/travel/suggestions': [],
  '/travel/bucket-list': ['/travel/bucket_lists', '/travel/bucket_lists/invitations'],
};

/**
 * Starts a signed-in screen's first reads with the page load, so they travel while the
 * screen's code is still arriving instead of after it has rendered. Nothing happens for a
 * guest (there is no token) or on screens not listed.
 */
export function startScreenReads(pathname: string): void {
  const screen = SCREEN_READS[pathname.replace(/\/+$/, '') || '/'];
  if (screen) startEarlyReads([...SHELL_READS, ...screen]);
}
