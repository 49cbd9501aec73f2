import { Navigate, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageSkeleton } from '../components/ui/skeleton';
import { useStartupDone } from '../lib/startup-context';
import { useSession } from '../lib/session-context';
import { SignInDialog } from '../features/auth/sign-in-dialog';
import { GuestLanding } from '../features/landing/guest-landing';

/**
 * '/login' (part 1 §2): where a failed session refresh sends the browser. A guest sees the
 * landing with the dialog open; closing it goes home. A signed-in user goes to /profile.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const { status } = useSession();
  const navigate = useNavigate();
  // Opening under the loading screen would steal focus and hide Skip Loading from assistive tech.
  const startupDone = useStartupDone();

  if (status === 'loading') return <PageSkeleton label={t('common.loading')} />;
  if (status === 'signed-in') return <Navigate to="/profile" replace />;
  return (
    <>
      <GuestLanding />
      <SignInDialog
        open={startupDone}
        initialMode="login"
        onOpenChange={(open) => {
          if (!open) void navigate('/', { replace: true });
        }}
        onSignedIn={() => navigate('/profile', { replace: true })}
      />
    </>
  );
}
