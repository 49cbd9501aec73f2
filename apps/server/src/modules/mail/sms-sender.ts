/** A text message: one recipient in international form ('+' and digits) and a plain body. */
export type SmsMessage = { to: string; body: string };

/**
 * Sends text messages: Twilio when it is configured (twilio-sms.ts), files in DATA_DIR/outbox
 * otherwise (outbox-sms.ts), the way mail has SMTP and the outbox.
 */
export type SmsSender = {
  kind: 'twilio' | 'outbox';
  /** Resolves once the provider accepted the message; rejects with an `SmsError`. */
  send: (message: SmsMessage) => Promise<{ id: string }>;
};

/**
 * Why a message was not sent: `unreachable` when the number cannot take it (not a valid or
 * mobile number, opted out, a country not enabled), `unavailable` when the service could not
 * be used (credentials, quota, outage). `providerCode` is the provider's error code.
 */
export class SmsError extends Error {
  constructor(
    readonly reason: 'unreachable' | 'unavailable',
    message: string,
    readonly providerCode?: number,
  ) {
    super(message);
    this.name = 'SmsError';
  }
}

/** A number as logs show it: the country code and the last two digits, nothing between. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length <= 4) return '+…';
  return `+${digits.slice(0, 2)}…${digits.slice(-2)}`;
}
