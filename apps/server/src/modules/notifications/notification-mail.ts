import type { Language } from '@vowa/shared/settings/settings-constants';
import type { MailAttachment, MailMessage } from '../mail/mailer';
import type { NotificationKind } from './notification-kinds';
import { notificationTexts } from './notification-texts';

/** What a notification says; the layout, the reason it was sent and the manage link are added. */
export type NotificationContent = {
  subject: string;
  intro?: string;
  /** Blocks under an optional heading: several lines make a list, a single one a paragraph. */
  sections: { heading?: string; lines: string[] }[];
  /** The one thing to do next, in the app. */
  action?: { label: string; url: string };
  /** Files sent with it (a booking's calendar file). */
  attachments?: MailAttachment[];
};

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * A notification email in the account emails' style (auth-mail.ts), with a plain-text and an
 * HTML part, in the reader's language, ending with why it came and where to switch it off.
 */
export function notificationMessage(
  to: string,
  language: Language,
  kind: NotificationKind,
  content: NotificationContent,
  manageUrl: string,
): MailMessage {
  const texts = notificationTexts[language] ?? notificationTexts.en;
  const because = texts.footer.because(texts.switches[kind]);

  const textBlocks = [
    ...(content.intro ? [content.intro] : []),
    ...content.sections.map((section) =>
      [
        ...(section.heading ? [section.heading] : []),
        ...(section.lines.length === 1 ? section.lines : section.lines.map((line) => `- ${line}`)),
      ].join('\n'),
    ),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`] : []),
    `${because}\n${texts.footer.manage}: ${manageUrl}`,
    texts.footer.signature,
  ];

  const htmlSections = content.sections
    .map((section) => {
      const heading = section.heading
        ? `<h2 style="font-size:16px;margin:20px 0 8px">${escape(section.heading)}</h2>\n`
        : '';
      const body =
        section.lines.length === 1
          ? `<p>${escape(section.lines[0] ?? '')}</p>`
          : `<ul style="padding-left:20px">${section.lines
              .map((line) => `<li style="margin:6px 0">${escape(line)}</li>`)
              .join('')}</ul>`;
      return heading + body;
    })
    .join('\n');
  const button = content.action
    ? `<p><a href="${escape(content.action.url)}" style="display:inline-block;padding:12px 20px;border-radius:10px;background:#4f46e5;color:#fff;text-decoration:none;font-weight:600">${escape(content.action.label)}</a></p>`
    : '';
  const html = `<!doctype html><html lang="${language}"><body style="font-family:Inter,Arial,sans-serif;color:#0f172a;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px">${escape(content.subject)}</h1>
${content.intro ? `<p>${escape(content.intro)}</p>` : ''}
${htmlSections}
${button}
<p style="color:#64748b;font-size:13px">${escape(because)} <a href="${escape(manageUrl)}" style="color:#4f46e5">${escape(texts.footer.manage)}</a></p>
<p style="color:#64748b;font-size:13px">${escape(texts.footer.signature)}</p>
</body></html>`;

  return {
    to,
    subject: content.subject,
    text: textBlocks.join('\n\n'),
    html,
    link: content.action?.url ?? manageUrl,
    ...(content.attachments?.length ? { attachments: content.attachments } : {}),
  };
}
