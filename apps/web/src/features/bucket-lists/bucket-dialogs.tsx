import type { ComponentProps } from 'react';
import { loadedWhenOpened } from '../../components/ui/loaded-when-opened';
import type { DiscoverDialog as DiscoverDialogType } from './discover-dialog';
import type { ItemDialog as ItemDialogType } from './item-dialog';
import type { ListDialog as ListDialogType } from './list-dialog';
import { loadDiscoverDialog, loadItemDialog, loadListDialog } from './bucket-dialog-code';

export const ListDialog = loadedWhenOpened<ComponentProps<typeof ListDialogType>>(
  async () => (await loadListDialog()).ListDialog,
);
export const ItemDialog = loadedWhenOpened<ComponentProps<typeof ItemDialogType>>(
  async () => (await loadItemDialog()).ItemDialog,
);
export const DiscoverDialog = loadedWhenOpened<ComponentProps<typeof DiscoverDialogType>>(
  async () => (await loadDiscoverDialog()).DiscoverDialog,
);
