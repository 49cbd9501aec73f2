import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The action link in the message; the outbox logs it so a self-hoster can click it. */
  link?: string;
  /** Files sent with it (a booking's calendar file); the outbox keeps them in the .eml. */
  attachments?: MailAttachment[];
};

export type MailAttachment = { filename: string; content: string; contentType: string };

export type MailTransport = {
  kind: 'smtp' | 'outbox';
  deliver: (message: MailMessage & { from: string }) => Promise<void>;
  close: () => void;
};

/** SMTP through nodemailer when SMTP_URL is set. */
export function createSmtpTransport(smtpUrl: string, log: FastifyBaseLogger): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async deliver({ from, to, subject, text, html, attachments }) {
      await transporter.sendMail({ from, to, subject, text, html, attachments });
      log.info({ to, subject }, 'mail sent');
    },
    close: () => transporter.close(),
  };
}

/**
 * The embedded default: each message is rendered as a real RFC 822 message and saved as one
 * `.eml` file in DATA_DIR/outbox, openable by any mail client.
 */
export function createOutboxTransport(outboxDir: string, log: FastifyBaseLogger): MailTransport {
  const renderer = nodemailer.createTransport({ streamTransport: true, buffer: true });
  // Names sort in the order mail was written, even two in the same millisecond.
  let written = 0;
  return {
    kind: 'outbox',
    async deliver({ from, to, subject, text, html, link, attachments }) {
      // Named when handed over, before the (asynchronous) rendering: two messages sent one after
      // the other sort in that order even when the second renders faster.
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const order = String(written++).padStart(6, '0');
      const info = await renderer.sendMail({ from, to, subject, text, html, attachments });
      await mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, `${stamp}-${order}-${randomUUID().slice(0, 8)}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      log.info({ to, subject, file, link }, 'mail saved to the outbox');
    },
    close: () => renderer.close(),
  };
}

export type MailService = {
  transportKind: MailTransport['kind'];
  /** Sends without making the caller wait, so a response's timing says nothing about the mail. */
  enqueue: (message: MailMessage) => void;
  /**
   * Runs work that may end in mail (looking an address up, issuing a link) after the response
   * has gone, so neither its timing nor its outcome can tell a caller anything. Tracked like a
   * queued message: `drain` waits for it.
   */
  later: (work: () => Promise<void>) => void;
  /** Resolves when every queued message has been handled (graceful shutdown, tests). */
  drain: () => Promise<void>;
  close: () => Promise<void>;
};

export function createMailService(
  transport: MailTransport,
  from: string,
  log: FastifyBaseLogger,
): MailService {
  const pending = new Set<Promise<void>>();
  let laterChain: Promise<void> = Promise.resolve();
  const drain = async () => {
    while (pending.size > 0) await Promise.allSettled([...pending]);
  };
  return {
    transportKind: transport.kind,
    enqueue(message) {
      const delivery = transport
        .deliver({ ...message, from })
        .catch((error: unknown) => log.error({ err: error, to: message.to }, 'mail failed'))
        .finally(() => pending.delete(delivery));
      pending.add(delivery);
    },
    later(work) {
      // One after another, in the order asked: a second reset request retires the first's link
      // only if the first has finished writing it.
      const job = laterChain
        .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
        .then(work)
        .catch((error: unknown) => log.error({ err: error }, 'background mail work failed'))
        .finally(() => pending.delete(job));
      laterChain = job;
      pending.add(job);
    },
    drain,
    async close() {
      await drain();
      transport.close();
    },
  };
}
