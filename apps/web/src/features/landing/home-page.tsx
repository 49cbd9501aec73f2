import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageSkeleton } from '../../components/ui/skeleton';
import { useSession } from '../../lib/session-context';
import { GuestLanding } from './guest-landing';
import { SignedInLanding } from './signed-in-landing';

/**
 * '/' (part 1 §2). A signed-in user *arriving* here (the app's first entry) goes to /profile;
 * in-app navigation to Home shows the signed-in landing, which otherwise could never be seen.
 * `glance` is what the app shows under its tiles (composed in app/, from other features).
 */
export function HomePage({ glance }: { glance?: ReactNode }) {
  const { t } = useTranslation();
  const { status, user } = useSession();
  const location = useLocation();

  if (status === 'loading') return <PageSkeleton label={t('common.loading')} />;
  if (status === 'signed-in' && user) {
    if (location.key === 'default') return <Navigate to="/profile" replace />;
    return <SignedInLanding user={user} glance={glance} />;
  }
  return <GuestLanding />;
}
