const VISIT_KEY = 'vowa.visit-started';

/**
 * Links people follow from a mail: each lands on one task (verify, reset, confirm, accept), and
 * the loading screen would only stand in its way.
 */
const MAILED_LINK_PATHS = new Set([
  '/verify-email',
  '/reset-password',
  '/confirm-email',
  '/travel/bucket-list/invitation',
]);

/**
 * Whether this page load starts a visit and so shows the loading screen (part 1 §2): the first
 * load in a tab does, a reload or a later load in the same tab does not (sessionStorage lives as
 * long as the tab), and a mailed link never does. Call it once per page load: it records the
 * visit.
 */
export function startsVisit(pathname: string, storage: Storage = window.sessionStorage): boolean {
  let started = false;
  try {
    started = storage.getItem(VISIT_KEY) !== null;
    storage.setItem(VISIT_KEY, '1');
  } catch {
    // Storage blocked (private mode, policy): every load counts as the start of a visit.
  }
  return !started && !MAILED_LINK_PATHS.has(pathname.replace(/\/+$/, '') || '/');
}
