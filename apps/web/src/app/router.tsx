import { createBrowserRouter, type RouteObject } from 'react-router';
// The landing is the page most visits start on: it ships with the entry (no second round
// trip before it can render); every other screen is its own lazily loaded chunk.
import { HomeRoute } from './home-route';
import { AppLayout } from './app-layout';
import { RouteFallback } from './route-fallback';
// The guard every signed-in screen sits under is a few lines: a chunk of its own cost those
// screens one more request before they could paint.
import { RequireAuth } from '../features/auth/require-auth';

/**
 * Part 1 §2 route table. Each screen's `handle.title` names its browser title
 * (`pageTitle.*` in the catalogs; see `DocumentTitle`).
 */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    hydrateFallbackElement: <RouteFallback />,
    children: [
      { index: true, Component: HomeRoute },
      {
        path: 'login',
        handle: { title: 'signIn' },
        lazy: async () => ({
          Component: (await import('./login-page')).LoginPage,
        }),
      },
      {
        path: 'reset-password',
        handle: { title: 'resetPassword' },
        lazy: async () => ({
          Component: (await import('../features/auth/reset-password-page')).ResetPasswordPage,
        }),
      },
      {
        path: 'verify-email',
        handle: { title: 'verifyEmail' },
        lazy: async () => ({
          Component: (await import('../features/auth/verify-email-page')).VerifyEmailPage,
        }),
      },
      {
        // The mailed invitation link: a guest signs in there first, so it is not behind the guard.
        path: 'travel/bucket-list/invitation',
        handle: { title: 'invitation' },
        lazy: async () => ({
          Component: (await import('../features/bucket-lists/invitation-page')).InvitationPage,
        }),
      },
      {
        path: 'confirm-email',
        handle: { title: 'confirmEmail' },
        lazy: async () => ({
          Component: (await import('../features/profile/confirm-email-page')).ConfirmEmailPage,
        }),
      },
      {
        // The mailed or texted group invitation: a guest signs in there first, so it is not
        // behind the guard; then the link joins them to the group.
        path: 'chat/join',
        handle: { title: 'chat' },
        lazy: async () => ({
          Component: (await import('../features/chat/join-group-page')).JoinGroupPage,
        }),
      },
      {
        // Open to guests: the assistant greets them and answers general questions (part 2 §1).
        path: 'chat',
        handle: { title: 'chat' },
        lazy: async () => ({
          Component: (await import('./chat-route')).ChatRoute,
        }),
      },
      {
        Component: RequireAuth,
        children: [
          {
            path: 'travel/bucket-list',
            handle: { title: 'bucketList' },
            lazy: async () => ({
              Component: (await import('../features/bucket-lists/bucket-list-page')).BucketListPage,
            }),
          },
          {
            path: 'profile',
            handle: { title: 'profile' },
            lazy: async () => ({
              Component: (await import('../features/profile/profile-page')).ProfilePage,
            }),
          },
          {
            path: 'users/:uid',
            handle: { title: 'publicProfile' },
            lazy: async () => ({
              Component: (await import('../features/profile/public-profile-page'))
                .PublicProfilePage,
            }),
          },
          {
            path: 'settings',
            handle: { title: 'settings' },
            lazy: async () => ({
              Component: (await import('./settings-route')).SettingsRoute,
            }),
          },
          {
            path: 'financial/connect',
            handle: { title: 'connectFinances' },
            lazy: async () => ({
              Component: (await import('../features/financial/financial-connect-page'))
                .FinancialConnectPage,
            }),
          },
          {
            path: 'financial/budget',
            handle: { title: 'budget' },
            lazy: async () => ({
              Component: (await import('../features/financial/budget-settings-page'))
                .BudgetSettingsPage,
            }),
          },
          {
            path: 'trips',
            handle: { title: 'trips' },
            lazy: async () => ({
              Component: (await import('../features/trips/trips-page')).TripsPage,
            }),
          },
          {
            path: 'travel/suggestions',
            handle: { title: 'suggestions' },
            lazy: async () => ({
              Component: (await import('../features/travel/suggestions-page')).SuggestionsPage,
            }),
          },
          {
            path: 'watches',
            handle: { title: 'watches' },
            lazy: async () => ({
              Component: (await import('../features/watches/watches-page')).WatchesPage,
            }),
          },
        ],
      },
      {
        path: '*',
        handle: { title: 'notFound' },
        lazy: async () => ({
          Component: (await import('../features/placeholder/not-found-page')).NotFoundPage,
        }),
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
