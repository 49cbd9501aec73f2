import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { SessionProvider } from '../features/auth/session-provider';
import { SignInDialogProvider } from '../features/auth/sign-in-dialog-provider';
import { BookingFlowContext, type BookingStart } from '../lib/booking-flow-context';
import { ThemeProvider } from '../lib/theme-provider';
import { WatchActionsContext, type WatchTarget } from '../lib/watch-actions-context';

/**
 * The bookings the screens under test started (`useBookingFlow().start`), newest last: the
 * booking dialog itself is tested on its own (features/bookings).
 */
export const startedBookings: BookingStart[] = [];
const bookingFlow = { start: (booking: BookingStart) => void startedBookings.push(booking) };

/** The watches the screens under test asked for (`useWatchActions().watch`), newest last. */
export const watchTargets: WatchTarget[] = [];
const watchActions = { watch: (target: WatchTarget) => void watchTargets.push(target) };

/**
 * Renders `element` at `path` inside the same providers the app uses, on a memory router.
 * Other paths render a marker so tests can see where navigation went.
 */
export function renderWithApp(
  element: ReactNode,
  { path = '/', initialEntry = path }: { path?: string; initialEntry?: string } = {},
) {
  startedBookings.length = 0;
  watchTargets.length = 0;
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      {
        element: (
          <SessionProvider>
            <SignInDialogProvider>
              <BookingFlowContext.Provider value={bookingFlow}>
                <WatchActionsContext.Provider value={watchActions}>
                  <Outlet />
                </WatchActionsContext.Provider>
              </BookingFlowContext.Provider>
            </SignInDialogProvider>
          </SessionProvider>
        ),
        children: [
          { path, element },
          { path: '*', element: <p data-testid="elsewhere">elsewhere</p> },
        ],
      },
    ],
    { initialEntries: [initialEntry] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <RouterProvider router={router} />
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}
