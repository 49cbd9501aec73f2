import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { receivedInvitationSchema } from '@vowa/shared/bucket-lists/bucket-list-schemas';
import { PageSkeleton } from '../../components/ui/skeleton';
import { apiRequest } from '../../lib/api-client';
import {
  InvitationInvalid,
  InvitationOpening,
  InvitationSignIn,
} from '../../components/layout/invitation-screens';
import { useSession } from '../../lib/session-context';
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
  if (status === 'guest') {
    return (
      <InvitationSignIn
        title={t('bucket.invitations.signInTitle')}
        text={t('bucket.invitations.signInText')}
        button={t('bucket.invitations.signIn')}
      />
    );
  }
  if (!token) return <Invalid />;
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
  if (opened.isError) return <Invalid />;
  return <InvitationOpening label={t('bucket.invitations.opening')} />;
}

function Invalid() {
  const { t } = useTranslation();
  return (
    <InvitationInvalid
      title={t('bucket.invitations.invalid')}
      action={{ to: LISTS_PATH, label: t('bucket.invitations.backToLists') }}
    />
  );
}
