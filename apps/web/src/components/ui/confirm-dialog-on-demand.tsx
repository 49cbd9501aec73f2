import type { ComponentProps } from 'react';
import type { ConfirmDialog } from './confirm-dialog';
import { loadedWhenOpened } from './loaded-when-opened';

/** The confirm dialog's code (the alert dialog, focus trap and scroll lock). */
export const loadConfirmDialog = () => import('./confirm-dialog');

/**
 * `ConfirmDialog` for screens whose first paint should not wait for it: its code loads when it
 * first opens, or ahead of that with `loadConfirmDialog()`.
 */
export const ConfirmDialogOnDemand = loadedWhenOpened<ComponentProps<typeof ConfirmDialog>>(
  async () => (await loadConfirmDialog()).ConfirmDialog,
);
