import { lazy, Suspense, useState, type ComponentProps, type ComponentType } from 'react';
import type { DiscoverDialog as DiscoverDialogType } from './discover-dialog';
import type { ItemDialog as ItemDialogType } from './item-dialog';
import type { ListDialog as ListDialogType } from './list-dialog';
import { loadDiscoverDialog, loadItemDialog, loadListDialog } from './bucket-dialog-code';

/** True from the first time `open` is: a dialog stays mounted after, to close as it should. */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/** A dialog whose code loads when it first opens (bucket-dialog-code.ts), mounted from then on. */
function loadedWhenOpened<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>) {
  const Code = lazy(async () => ({ default: await load() }));
  return function DialogWhenOpened(props: P) {
    return useOpenedOnce(props.open) ? (
      <Suspense fallback={null}>
        <Code {...props} />
      </Suspense>
    ) : null;
  };
}

export const ListDialog = loadedWhenOpened<ComponentProps<typeof ListDialogType>>(
  async () => (await loadListDialog()).ListDialog,
);
export const ItemDialog = loadedWhenOpened<ComponentProps<typeof ItemDialogType>>(
  async () => (await loadItemDialog()).ItemDialog,
);
export const DiscoverDialog = loadedWhenOpened<ComponentProps<typeof DiscoverDialogType>>(
  async () => (await loadDiscoverDialog()).DiscoverDialog,
);
