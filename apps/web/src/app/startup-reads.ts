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
 * (the screens' `*-api.ts`). The trips are priced once a day per origin and read from that
 * day's prices after, so reading them early costs the server no more than reading them late;
 * the screen's picture (its largest paint) is a trip card, which then waits for neither the
 * screen's code nor the budget settings.
 */
const SCREEN_READS: Record<string, readonly string[]> = {
  '/travel/suggestions': ['/travel/suggestions', '/travel/deals?category=all'],
  '/travel/bucket-list': ['/travel/bucket_lists', '/travel/bucket_lists/invitations'],
  // A guest has no token, so nothing is read early for them.
  '/chat': ['/llm/conversations'],
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
