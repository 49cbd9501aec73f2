import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/env';
import {
  createMailService,
  createOutboxTransport,
  createSmtpTransport,
  type MailService,
} from './mailer';
import { createOutboxSms } from './outbox-sms';
import type { SmsSender } from './sms-sender';

export { SmsError, type SmsSender } from './sms-sender';
import { createTwilioSms } from './twilio-sms';

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailService;
    /** Text messages: Twilio when TWILIO_* is set, DATA_DIR/outbox otherwise. */
    sms: SmsSender;
  }
}

/**
 * Outgoing mail: SMTP when SMTP_URL is set, files in DATA_DIR/outbox otherwise. Text messages
 * (`app.sms`) likewise: Twilio when configured, the same outbox otherwise.
 */
export async function registerMailModule(
  app: FastifyInstance,
  deps: { config: Pick<AppConfig, 'smtpUrl' | 'dataDir' | 'mailFrom' | 'twilio'> },
): Promise<MailService> {
  const { config } = deps;
  const transport = config.smtpUrl
    ? createSmtpTransport(config.smtpUrl, app.log)
    : createOutboxTransport(path.join(config.dataDir, 'outbox'), app.log);
  const mail = createMailService(transport, config.mailFrom, app.log);
  app.decorate('mail', mail);
  app.decorate(
    'sms',
    config.twilio
      ? createTwilioSms(config.twilio, app.log)
      : createOutboxSms(path.join(config.dataDir, 'outbox'), app.log),
  );
  // Mail queued by any module's last work is written before the app closes.
  app.addHook('onClose', async () => mail.close());
  return mail;
}
