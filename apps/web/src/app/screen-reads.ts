// Plain data, no imports: the build (build-plugins/screen-preloads.ts) reads it too, to name each
// screen's reads in its page for public/early-reads.js.

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
const SCREEN_READS: Readonly<Record<string, readonly string[]>> = {
  '/travel/suggestions': ['/travel/suggestions', '/travel/deals?category=all'],
  '/travel/bucket-list': ['/travel/bucket_lists', '/travel/bucket_lists/invitations'],
  // A guest has no token, so nothing is read early for them.
  '/chat': ['/llm/conversations'],
};

/** The screens whose first reads start with the page load. */
export const SCREENS_READ_EARLY = Object.keys(SCREEN_READS);

/** The API paths (under /api) a signed-in screen reads first; none for screens not listed. */
export function screenReads(pathname: string): string[] {
  const screen = SCREEN_READS[pathname.replace(/\/+$/, '') || '/'];
  return screen ? [...SHELL_READS, ...screen] : [];
}
