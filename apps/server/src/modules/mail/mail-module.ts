import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/env';
import {
  createMailService,
  createOutboxTransport,
  createSmtpTransport,
  type MailService,
} from './mailer';

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailService;
  }
}

/** Outgoing mail: SMTP when SMTP_URL is set, files in DATA_DIR/outbox otherwise. */
export async function registerMailModule(
  app: FastifyInstance,
  deps: { config: Pick<AppConfig, 'smtpUrl' | 'dataDir' | 'mailFrom'> },
): Promise<MailService> {
  const { config } = deps;
  const transport = config.smtpUrl
    ? createSmtpTransport(config.smtpUrl, app.log)
    : createOutboxTransport(path.join(config.dataDir, 'outbox'), app.log);
  const mail = createMailService(transport, config.mailFrom, app.log);
  app.decorate('mail', mail);
  // Mail queued by any module's last work is written before the app closes.
  app.addHook('onClose', async () => mail.close());
  return mail;
}
