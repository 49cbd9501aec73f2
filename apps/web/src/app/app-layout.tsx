import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Footer } from '../components/layout/footer';
import { ConnectionStatus } from '../components/layout/connection-status';
import { Header } from '../components/layout/header';
import { StatusBar } from '../components/layout/status-bar';
import { PageSkeleton } from '../components/ui/skeleton';
import { EmailVerificationBanner } from '../features/auth/email-verification-banner';
import { SessionProvider } from '../features/auth/session-provider';
import { SignInDialogProvider } from '../features/auth/sign-in-dialog-provider';
import { SignInToContinue } from '../features/auth/sign-in-to-continue';
import { UnreadBadgeProvider } from '../features/chat/unread-badge-provider';
import { AutoBookingBanner } from '../features/financial/auto-booking-banner';
import { BellPlaceholder } from '../features/notifications/bell-placeholder';
import { ApplyUserSettings } from '../features/settings/apply-user-settings';
import { useFirstScreenSettled } from '../lib/use-first-screen-settled';
import { BookingFlow } from './booking-flow';
import { DocumentTitle } from './document-title';
import { LiveUpdatesProvider } from './live-updates';

// The bell (its popover, the notifications API and their schemas) loads once the screen has
// settled: nobody waits for it.
const NotificationBell = lazy(async () => ({
  default: (await import('../features/notifications/notification-bell')).NotificationBell,
}));

/** The shell around every route: header, status bar, the single <main>, footer, the live link. */
export function AppLayout() {
  const { t } = useTranslation();
  const screenSettled = useFirstScreenSettled();
  return (
    <SessionProvider>
      <LiveUpdatesProvider>
        <UnreadBadgeProvider>
          <SignInDialogProvider>
            <BookingFlow>
              <ApplyUserSettings />
              <DocumentTitle />
              <SignInToContinue />
              <div className="flex min-h-dvh flex-col">
                {/* The first stop for keyboard users: past the header, status bar and banners. */}
                <a
                  href="#main"
                  className="sr-only z-[70] rounded-lg bg-surface px-4 py-2 font-semibold text-ink focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:ring-2 focus:ring-sky-500"
                >
                  {t('common.skipToContent')}
                </a>
                <Header
                  menuReady={screenSettled}
                  notifications={
                    screenSettled ? (
                      <Suspense fallback={<BellPlaceholder />}>
                        <NotificationBell />
                      </Suspense>
                    ) : (
                      <BellPlaceholder />
                    )
                  }
                />
                <StatusBar />
                <EmailVerificationBanner />
                <AutoBookingBanner />
                <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
                  <Suspense fallback={<PageSkeleton label={t('common.loading')} />}>
                    <Outlet />
                  </Suspense>
                </main>
                <Footer />
              </div>
              <ConnectionStatus />
              <ScrollRestoration />
            </BookingFlow>
          </SignInDialogProvider>
        </UnreadBadgeProvider>
      </LiveUpdatesProvider>
    </SessionProvider>
  );
}
