import { lazy, Suspense, useState, type ComponentType } from 'react';

/** True from the first time `open` is: a dialog stays mounted after, to close as it should. */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/**
 * A dialog whose code loads when it first opens (or earlier, when `load` is called ahead of
 * the first click), mounted from then on: a screen's first paint does not wait for the code of
 * dialogs nobody has opened yet.
 */
export function loadedWhenOpened<P extends { open: boolean }>(
  load: () => Promise<ComponentType<P>>,
) {
  const Code = lazy(async () => ({ default: await load() }));
  return function DialogWhenOpened(props: P) {
    return useOpenedOnce(props.open) ? (
      <Suspense fallback={null}>
        <Code {...props} />
      </Suspense>
    ) : null;
  };
}
