import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MailOpen, MailX } from 'lucide-react';
import { receivedInvitationSchema } from '@vowa/shared/bucket-lists/bucket-list-schemas';
import { useStartupDone } from '../../lib/startup-context';
import { Button } from '../../components/ui/button';
import { PageSkeleton } from '../../components/ui/skeleton';
import { Spinner } from '../../components/ui/spinner';
import { apiRequest } from '../../lib/api-client';
import { AuthPageLayout } from '../../components/layout/auth-page-layout';
import { useSession } from '../../lib/session-context';
import { useSignInDialog } from '../../lib/sign-in-dialog-context';
import { bucketKeys } from '../../lib/bucket-keys';

const LISTS_PATH = '/travel/bucket-list';

/**
 * '/travel/bucket-list/invitation?token=…', the mailed invitation link. A guest signs in (or
 * signs up) here first; then the token hands the invitation to them and they land on their
 * bucket lists, where it waits with Accept and Decline.
 */
export function InvitationPage() {
  const { t } = useTranslation();
  const { status } = useSession();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';

  if (status === 'loading') return <PageSkeleton label={t('common.loading')} />;
  if (status === 'guest') return <SignInFirst />;
  if (!token) return <InvitationInvalid />;
  return <OpenInvitation token={token} />;
}

function OpenInvitation({ token }: { token: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // A query (not an effect) so the token is sent once, even in StrictMode.
  const opened = useQuery({
    queryKey: ['bucket-invitation-link', token],
    queryFn: async () => {
      const invitation = await apiRequest(`/travel/bucket_lists/invitations/open`, {
        method: 'POST',
        body: { token },
        schema: receivedInvitationSchema,
      });
      await queryClient.invalidateQueries({ queryKey: bucketKeys.invitations() });
      return invitation;
    },
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
  });
  if (opened.isSuccess) return <Navigate to={LISTS_PATH} replace />;
  if (opened.isError) return <InvitationInvalid />;
  return (
    <AuthPageLayout>
      <div role="status" className="flex items-center justify-center gap-3 py-6 text-ink-muted">
        <Spinner className="size-5" />
        {t('bucket.invitations.opening')}
      </div>
    </AuthPageLayout>
  );
}

function InvitationInvalid() {
  const { t } = useTranslation();
  return (
    <AuthPageLayout>
      <div className="text-center">
        <div className="mx-auto mb-5 flex size-14 items-center justify-center rounded-2xl bg-red-500/10 text-red-700 dark:text-red-300">
          <MailX aria-hidden="true" className="size-7" />
        </div>
        <h1 className="text-2xl font-bold">{t('bucket.invitations.invalid')}</h1>
        <Button asChild className="mt-6">
          <Link to={LISTS_PATH}>{t('bucket.invitations.backToLists')}</Link>
        </Button>
      </div>
    </AuthPageLayout>
  );
}

function SignInFirst() {
  const { t } = useTranslation();
  const { openSignIn } = useSignInDialog();
  // Opening under the loading screen would steal focus and hide Skip Loading from assistive tech.
  const startupDone = useStartupDone();
  const opened = useRef(false);
  useEffect(() => {
    if (!startupDone || opened.current) return;
    opened.current = true;
    openSignIn('login', { stay: true });
  }, [startupDone, openSignIn]);
  // Signing in re-renders this page as signed in, which opens the invitation.
  return (
    <AuthPageLayout>
      <div className="text-center">
        <div className="mx-auto mb-5 flex size-14 items-center justify-center rounded-2xl bg-violet-500/10 text-violet-700 dark:text-violet-300">
          <MailOpen aria-hidden="true" className="size-7" />
        </div>
        <h1 className="text-2xl font-bold">{t('bucket.invitations.signInTitle')}</h1>
        <p className="mt-2 text-ink-muted">{t('bucket.invitations.signInText')}</p>
        <Button className="mt-6" onClick={() => openSignIn('login', { stay: true })}>
          {t('bucket.invitations.signIn')}
        </Button>
      </div>
    </AuthPageLayout>
  );
}
