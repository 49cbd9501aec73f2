import { useTranslation } from 'react-i18next';
import { Check, MailOpen, X } from 'lucide-react';
import type { ReceivedInvitation } from '@vowa/shared/bucket-lists/bucket-list-schemas';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { errorMessage } from '../../lib/api-client';
import { useAnswerInvitation, useInvitations } from './bucket-api';
import { listGradient } from './bucket-visuals';

/**
 * Invitations to other people's lists, waiting for an answer. Nothing is shared (and nobody
 * becomes a friend) until the person accepts; accepting opens the list.
 */
export function InvitationsPanel({ onAccepted }: { onAccepted: (listId: string) => void }) {
  const { t } = useTranslation();
  const invitations = useInvitations();
  const answer = useAnswerInvitation();
  const waiting = invitations.data ?? [];
  if (waiting.length === 0 && !answer.error) return null;

  const respond = (invitation: ReceivedInvitation, accept: boolean) =>
    answer.mutate(
      { invitationId: invitation.id, accept },
      { onSuccess: () => (accept ? onAccepted(invitation.listId) : undefined) },
    );

  return (
    <section aria-labelledby="invitations-heading" className="mt-6">
      <Card className="p-4">
        <h2
          id="invitations-heading"
          className="flex items-center gap-2 text-base font-semibold text-ink"
        >
          <MailOpen aria-hidden="true" className="size-4 text-violet-600 dark:text-violet-300" />
          {t('bucket.invitations.title')}
        </h2>
        {answer.error ? (
          <Banner tone="error" className="mt-3">
            {errorMessage(answer.error)}
          </Banner>
        ) : null}
        <ul className="mt-3 divide-y divide-line">
          {waiting.map((invitation) => (
            <li
              key={invitation.id}
              className="flex flex-wrap items-center gap-3 py-3 first:pt-0 last:pb-0"
            >
              <span
                aria-hidden="true"
                className="size-10 shrink-0 rounded-lg shadow-sm"
                style={{ backgroundImage: listGradient(invitation.listColor) }}
              />
              <p className="min-w-0 flex-1 text-sm text-ink">
                {t('bucket.invitations.text', {
                  owner: invitation.ownerName,
                  list: invitation.listName,
                })}
              </p>
              <div className="flex gap-2">
                <Button
                  size="sm"
                  aria-label={t('bucket.invitations.acceptLabel', { list: invitation.listName })}
                  disabled={answer.isPending}
                  onClick={() => respond(invitation, true)}
                >
                  <Check aria-hidden="true" className="size-4" />
                  {t('bucket.invitations.accept')}
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={t('bucket.invitations.declineLabel', { list: invitation.listName })}
                  disabled={answer.isPending}
                  onClick={() => respond(invitation, false)}
                >
                  <X aria-hidden="true" className="size-4" />
                  {t('bucket.invitations.decline')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </Card>
    </section>
  );
}
