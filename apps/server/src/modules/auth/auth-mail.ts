import type { MailMessage } from '../mail/mailer';

/** The account emails. Plain words, one clear action link each. */

function layout(title: string, paragraphs: string[], action?: { label: string; url: string }) {
  const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
  const body = paragraphs.map((paragraph) => `<p>${escape(paragraph)}</p>`).join('\n');
  const button = action
    ? `<p><a href="${escape(action.url)}" style="display:inline-block;padding:12px 20px;border-radius:10px;background:#4f46e5;color:#fff;text-decoration:none;font-weight:600">${escape(action.label)}</a></p>
<p style="color:#64748b;font-size:13px">Or paste this link into your browser: ${escape(action.url)}</p>`
    : '';
  return `<!doctype html><html><body style="font-family:Inter,Arial,sans-serif;color:#0f172a;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px">${escape(title)}</h1>
${body}
${button}
<p style="color:#64748b;font-size:13px">— Vowa, your budget-aware travel planner</p>
</body></html>`;
}

/** A plain account email with at most one action link (used by other modules' mails too). */
export function accountMessage(
  to: string,
  subject: string,
  paragraphs: string[],
  action?: { label: string; url: string },
): MailMessage {
  const text = [
    ...paragraphs,
    ...(action ? [`${action.label}: ${action.url}`] : []),
    '— Vowa',
  ].join('\n\n');
  return { to, subject, text, html: layout(subject, paragraphs, action), link: action?.url };
}

export function verificationMail(to: string, name: string, url: string): MailMessage {
  return accountMessage(
    to,
    'Verify your email for Vowa',
    [
      `Hi ${name},`,
      'Welcome to Vowa! Please confirm that this is your email address so we can send you trip confirmations and price alerts.',
      'The link is valid for 48 hours.',
    ],
    { label: 'Verify email address', url },
  );
}

export function resetPasswordMail(to: string, url: string): MailMessage {
  return accountMessage(
    to,
    'Reset your Vowa password',
    [
      'Someone (hopefully you) asked to reset the password of your Vowa account.',
      'The link works once and is valid for 1 hour. If you did not ask for it, you can ignore this email: your password stays as it is.',
    ],
    { label: 'Reset password', url },
  );
}

/** Sent instead of a second account, so registering does not reveal who has one. */
export function accountExistsMail(to: string, url: string): MailMessage {
  return accountMessage(
    to,
    'You already have a Vowa account',
    [
      'Someone tried to create a Vowa account with this email address, but you already have one.',
      'If it was you, sign in, or reset your password if you have forgotten it. If not, you can ignore this email.',
    ],
    { label: 'Reset password', url },
  );
}

export function passwordChangedMail(to: string): MailMessage {
  return accountMessage(to, 'Your Vowa password was changed', [
    'The password of your Vowa account was just changed, and every other sign-in was ended.',
    'If this was not you, reset your password straight away.',
  ]);
}
