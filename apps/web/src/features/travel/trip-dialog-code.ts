// The detail dialogs' code (Modify, price history, watches) loads when one first opens, or in an
// idle moment once the screen has settled (preloadTripDialogs), not before its first paint.
export const loadFlightDialog = () => import('./flight-detail-dialog');
export const loadHotelDialog = () => import('./hotel-detail-dialog');
export const loadExperienceDialog = () => import('./experience-detail-dialog');

/** Fetches the dialogs' code ahead of the first click. */
export function preloadTripDialogs() {
  void loadFlightDialog();
  void loadHotelDialog();
  void loadExperienceDialog();
}
