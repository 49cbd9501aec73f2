import { lazy, Suspense, useState, type ComponentProps } from 'react';
import type { DiscoverDialog as DiscoverDialogType } from './discover-dialog';
import type { ItemDialog as ItemDialogType } from './item-dialog';
import type { ListDialog as ListDialogType } from './list-dialog';
import { loadDiscoverDialog, loadItemDialog, loadListDialog } from './bucket-dialog-code';

// Each dialog's code loads when it first opens (bucket-dialog-code.ts).
const ListDialogCode = lazy(async () => ({ default: (await loadListDialog()).ListDialog }));
const ItemDialogCode = lazy(async () => ({ default: (await loadItemDialog()).ItemDialog }));
const DiscoverDialogCode = lazy(async () => ({
  default: (await loadDiscoverDialog()).DiscoverDialog,
}));

/** True from the first time `open` is: a dialog stays mounted after, to close as it should. */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

export function ListDialog(props: ComponentProps<typeof ListDialogType>) {
  return useOpenedOnce(props.open) ? (
    <Suspense fallback={null}>
      <ListDialogCode {...props} />
    </Suspense>
  ) : null;
}

export function ItemDialog(props: ComponentProps<typeof ItemDialogType>) {
  return useOpenedOnce(props.open) ? (
    <Suspense fallback={null}>
      <ItemDialogCode {...props} />
    </Suspense>
  ) : null;
}

export function DiscoverDialog(props: ComponentProps<typeof DiscoverDialogType>) {
  return useOpenedOnce(props.open) ? (
    <Suspense fallback={null}>
      <DiscoverDialogCode {...props} />
    </Suspense>
  ) : null;
}
