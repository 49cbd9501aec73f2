import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail, type TestApp } from '../../../test/test-app';

type Received = { from: string | undefined; to: string[]; data: string };

/** A local SMTP server standing in for the mail provider: SMTP is the documented contract. */
let server: SMTPServer;
let port: number;
const received: Received[] = [];
let t: TestApp;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
  t = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    MAIL_FROM: 'Vowa <hello@vowa.test>',
  });
});

afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('mail through SMTP (SMTP_URL)', () => {
  it('delivers the verification mail to the SMTP server instead of the outbox', async () => {
    const email = uniqueEmail('smtp');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password: 'secret1', name: 'Mary Jackson' },
    });
    expect(response.statusCode).toBe(201);
    await t.app.mail.drain();

    const mail = received.find((message) => message.to.includes(email));
    expect(mail?.from).toBe('hello@vowa.test');
    expect(mail?.data).toContain('Subject: Verify your email for Vowa');
    expect(mail?.data).toContain('verify-email?token=');
    expect(await t.outbox()).toHaveLength(0);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toMatchObject({ mail: 'smtp' });
  });

  it("sends attachments (a booking's calendar file) with the message", async () => {
    const email = uniqueEmail('attachment');
    t.app.mail.enqueue({
      to: email,
      subject: 'Your trip',
      text: 'Attached.',
      html: '<p>Attached.</p>',
      attachments: [
        {
          filename: 'trip.ics',
          content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n',
          contentType: 'text/calendar',
        },
      ],
    });
    await t.app.mail.drain();
    const mail = received.find((message) => message.to.includes(email));
    expect(mail?.data).toContain('Content-Type: text/calendar');
    expect(mail?.data).toContain('filename=trip.ics');
  });

  it('logs a failed delivery and still answers the request', async () => {
    const broken = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const response = await broken.app.inject({
        method: 'POST',
        url: '/api/auth/forgot_password',
        payload: { email: uniqueEmail() },
      });
      expect(response.statusCode).toBe(200);
      const registered = await broken.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email: uniqueEmail(), password: 'secret1', name: 'Nobody' },
      });
      expect(registered.statusCode).toBe(201);
      await broken.app.mail.drain();
      expect(broken.logs.join('\n')).toContain('mail failed');
    } finally {
      await broken.close();
    }
  });
});
