import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MailOpen, MailX } from 'lucide-react';
import { joinGroupResponseSchema } from '@vowa/shared/groups/group-invite-schemas';
import { AuthPageLayout } from '../../components/layout/auth-page-layout';
import { Button } from '../../components/ui/button';
import { PageSkeleton } from '../../components/ui/skeleton';
import { Spinner } from '../../components/ui/spinner';
import { apiRequest } from '../../lib/api-client';
import { useSession } from '../../lib/session-context';
import { useSignInDialog } from '../../lib/sign-in-dialog-context';
import { useStartupDone } from '../../lib/startup-context';
import { chatKeys } from './chat-api';
import { conversationPath } from './invite-api';

const MESSAGES_PATH = '/chat';

/**
 * '/chat/join?token=…', the mailed or texted invitation link. A guest signs in or signs up
 * here first; then the token joins them to the group and they land in it.
 */
export function JoinGroupPage() {
  const { t } = useTranslation();
  const { status } = useSession();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';

  if (status === 'loading') return <PageSkeleton label={t('common.loading')} />;
  if (status === 'guest') return <SignInFirst />;
  if (!token) return <InvitationInvalid />;
  return <JoinWithToken token={token} />;
}

function JoinWithToken({ token }: { token: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // A query (not an effect) so the token is sent once, even in StrictMode.
  const joined = useQuery({
    queryKey: ['group-invitation-link', token],
    queryFn: async () => {
      const answer = await apiRequest('/llm/groups/join', {
        method: 'POST',
        body: { token },
        schema: joinGroupResponseSchema,
      });
      await queryClient.invalidateQueries({ queryKey: chatKeys.all });
      return answer;
    },
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
  });
  if (joined.isSuccess) {
    return <Navigate to={conversationPath(joined.data.conversation.id)} replace />;
  }
  if (joined.isError) return <InvitationInvalid />;
  return (
    <AuthPageLayout>
      <div role="status" className="flex items-center justify-center gap-3 py-6 text-ink-muted">
        <Spinner className="size-5" />
        {t('groupInvites.joining')}
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
        <h1 className="text-2xl font-bold">{t('groupInvites.invalidTitle')}</h1>
        <p className="mt-2 text-ink-muted">{t('groupInvites.invalidText')}</p>
        <Button asChild className="mt-6">
          <Link to={MESSAGES_PATH}>{t('groupInvites.toMessages')}</Link>
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
  // Signing in (or up) re-renders this page as signed in, which joins the group.
  return (
    <AuthPageLayout>
      <div className="text-center">
        <div className="mx-auto mb-5 flex size-14 items-center justify-center rounded-2xl bg-violet-500/10 text-violet-700 dark:text-violet-300">
          <MailOpen aria-hidden="true" className="size-7" />
        </div>
        <h1 className="text-2xl font-bold">{t('groupInvites.signInTitle')}</h1>
        <p className="mt-2 text-ink-muted">{t('groupInvites.signInText')}</p>
        <Button className="mt-6" onClick={() => openSignIn('login', { stay: true })}>
          {t('groupInvites.signIn')}
        </Button>
      </div>
    </AuthPageLayout>
  );
}
