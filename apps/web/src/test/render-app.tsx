import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { SessionProvider } from '../features/auth/session-provider';
import { SignInDialogProvider } from '../features/auth/sign-in-dialog-provider';
import { ThemeProvider } from '../lib/theme-provider';

/**
 * Renders `element` at `path` inside the same providers the app uses, on a memory router.
 * Other paths render a marker so tests can see where navigation went.
 */
export function renderWithApp(
  element: ReactNode,
  { path = '/', initialEntry = path }: { path?: string; initialEntry?: string } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      {
        element: (
          <SessionProvider>
            <SignInDialogProvider>
              <Outlet />
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
