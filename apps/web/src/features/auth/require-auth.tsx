import { Navigate, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageSkeleton } from '../../components/ui/skeleton';
import { useSession } from '../../lib/session-context';

/**
 * Guards the signed-in-only routes (part 1 §2): a guest goes to / (replace), and while the
 * stored session is still being confirmed a skeleton shows instead of a premature redirect.
 * Screens slot in as child routes, so replacing a placeholder never touches the guard.
 */
export function RequireAuth() {
  const { t } = useTranslation();
  const { status } = useSession();
  if (status === 'loading') return <PageSkeleton label={t('common.loading')} />;
  if (status === 'guest') return <Navigate to="/" replace />;
  return <Outlet />;
}
