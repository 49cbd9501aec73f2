import { useCallback, useMemo, useState } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { LoadingScreen } from '../components/layout/loading-screen';
import { Providers } from './providers';
import { StartupContext } from '../lib/startup-context';

/**
 * The loading screen lives outside the router so it paints at once, before any route chunk.
 * The app mounts behind it, inert until it is gone. `loadingScreen` is decided once per page
 * load (see `startsVisit`), outside React, whose development mode runs initialisers twice.
 */
export function AppRoot({
  router,
  loadingScreen,
}: {
  router: ReturnType<typeof createBrowserRouter>;
  loadingScreen: boolean;
}) {
  const [starting, setStarting] = useState(loadingScreen);
  const finishStartup = useCallback(() => setStarting(false), []);
  // The same element on every render: the end of the loading screen does not re-render the app.
  const app = useMemo(() => <RouterProvider router={router} />, [router]);
  return (
    <Providers>
      {starting ? <LoadingScreen onDone={finishStartup} /> : null}
      <StartupContext.Provider value={!starting}>
        <div inert={starting}>{app}</div>
      </StartupContext.Provider>
    </Providers>
  );
}
