import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { maskPhone, type SmsSender } from './sms-sender';

/**
 * The embedded default for text messages: each one is a small text file in the mail outbox
 * (`DATA_DIR/outbox/…sms.txt`), with a `To:` line and the body, readable by anyone who runs the
 * server. The log names the file but not the body: its link carries a token.
 */
export function createOutboxSms(outboxDir: string, log: FastifyBaseLogger): SmsSender {
  let written = 0;
  return {
    kind: 'outbox',
    async send({ to, body }) {
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const order = String(written++).padStart(6, '0');
      const id = randomUUID();
      await mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, `${stamp}-${order}-${id.slice(0, 8)}.sms.txt`);
      await writeFile(file, `To: ${to}\nDate: ${new Date().toUTCString()}\n\n${body}\n`, {
        mode: 0o600,
      });
      log.info({ to: maskPhone(to), file }, 'text message saved to the outbox');
      return { id };
    },
  };
}
