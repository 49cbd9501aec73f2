import { accountMessage } from '../auth/auth-mail';
import type { MailMessage } from '../mail/mailer';

/**
 * The invitation to a shared list. One text for every address, whether or not an account uses
 * it: it invites an existing member to accept and anyone else to join Vowa with this address.
 */
export function listInvitationMail(
  to: string,
  ownerName: string,
  listName: string,
  url: string,
): MailMessage {
  return accountMessage(
    to,
    `${ownerName} invited you to a bucket list on Vowa`,
    [
      `${ownerName} would like to share their travel bucket list “${listName}” with you on Vowa, the budget-aware travel planner.`,
      'Open the invitation, sign in (or create a free account with this email address) and choose Accept or Decline. Until you accept, nothing is shared with you and they learn nothing about you.',
      'The invitation is valid for 14 days. If you do not know this person, you can ignore this email.',
    ],
    { label: 'Open the invitation', url },
  );
}
