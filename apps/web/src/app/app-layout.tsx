import { Suspense } from 'react';
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
import { AutoBookingBanner } from '../features/financial/auto-booking-banner';
import { ApplyUserSettings } from '../features/settings/apply-user-settings';
import { LiveUpdatesProvider } from './live-updates';

/** The shell around every route: header, status bar, the single <main>, footer, the live link. */
export function AppLayout() {
  const { t } = useTranslation();
  return (
    <SessionProvider>
      <LiveUpdatesProvider>
        <SignInDialogProvider>
          <ApplyUserSettings />
          <div className="flex min-h-dvh flex-col">
            <Header />
            <StatusBar />
            <EmailVerificationBanner />
            <AutoBookingBanner />
            <main id="main" className="flex flex-1 flex-col">
              <Suspense fallback={<PageSkeleton label={t('common.loading')} />}>
                <Outlet />
              </Suspense>
            </main>
            <Footer />
          </div>
          <ConnectionStatus />
          <ScrollRestoration />
        </SignInDialogProvider>
      </LiveUpdatesProvider>
    </SessionProvider>
  );
}
