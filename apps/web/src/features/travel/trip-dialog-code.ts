// The detail dialogs' code (Modify, price history, watches) loads when one first opens, or in an
// idle moment once the screen has settled (tripDialogLoaders), not before its first paint.
export const loadFlightDialog = () => import('./flight-detail-dialog');
export const loadHotelDialog = () => import('./hotel-detail-dialog');
export const loadExperienceDialog = () => import('./experience-detail-dialog');

/** The detail dialogs' loaders, for `preloadWhenIdle` ahead of the first click. */
export const tripDialogLoaders = [loadFlightDialog, loadHotelDialog, loadExperienceDialog];
