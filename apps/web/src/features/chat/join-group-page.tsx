import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { joinGroupResponseSchema } from '@vowa/shared/groups/group-invite-schemas';
import {
  InvitationInvalid,
  InvitationOpening,
  InvitationSignIn,
} from '../../components/layout/invitation-screens';
import { PageSkeleton } from '../../components/ui/skeleton';
import { apiRequest } from '../../lib/api-client';
import { useSession } from '../../lib/session-context';
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
  if (status === 'guest') {
    return (
      <InvitationSignIn
        title={t('groupInvites.signInTitle')}
        text={t('groupInvites.signInText')}
        button={t('groupInvites.signIn')}
      />
    );
  }
  if (!token) return <Invalid />;
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
  if (joined.isError) return <Invalid />;
  return <InvitationOpening label={t('groupInvites.joining')} />;
}

function Invalid() {
  const { t } = useTranslation();
  return (
    <InvitationInvalid
      title={t('groupInvites.invalidTitle')}
      text={t('groupInvites.invalidText')}
      action={{ to: MESSAGES_PATH, label: t('groupInvites.toMessages') }}
    />
  );
}
