import { accountMessage } from '../auth/auth-mail';
import type { MailMessage } from '../mail/mailer';

/** To the new address: the link that makes the change. */
export function changeEmailMail(to: string, url: string): MailMessage {
  return accountMessage(
    to,
    'Confirm your new email for Vowa',
    [
      'You asked to use this address for your Vowa account.',
      'Your email changes only when you follow the link. It is valid for 48 hours.',
    ],
    { label: 'Confirm new email address', url },
  );
}

/** To the old address: a heads-up, with no link to follow. */
export function emailChangeRequestedMail(to: string, newEmail: string): MailMessage {
  return accountMessage(to, 'Your Vowa email address is changing', [
    `Someone signed in to your Vowa account asked to change its email address to ${newEmail}.`,
    'Nothing changes until the link sent to that address is followed. If this was not you, change your password straight away.',
  ]);
}
