import { loadConfirmDialog } from '../../components/ui/confirm-dialog-on-demand';
import { preloadWhenIdle } from '../../lib/preload-when-idle';

// The bucket-list screen's dialogs (their forms, validation and image upload) load when one
// first opens, or in an idle moment once the screen has settled (preloadBucketDialogs), not
// before the screen's first paint.
export const loadListDialog = () => import('./list-dialog');
export const loadItemDialog = () => import('./item-dialog');
export const loadDiscoverDialog = () => import('./discover-dialog');

/** Fetches the dialogs' code ahead of the first click, one dialog per idle moment. */
export function preloadBucketDialogs() {
  preloadWhenIdle([loadListDialog, loadItemDialog, loadDiscoverDialog, loadConfirmDialog]);
}
