import type { FastifyBaseLogger } from 'fastify';
import twilio from 'twilio';
import type TwilioRequestClient from 'twilio/lib/base/RequestClient';
import type { TwilioConfig } from '../../config/env';
import { maskPhone, SmsError, type SmsSender } from './sms-sender';

/** Twilio's own API host; the client builds every URL on it. */
const TWILIO_API = 'https://api.twilio.com';
const TIMEOUT_MS = 15_000;

/**
 * Twilio error codes that mean this number cannot get the message, whatever we retry
 * (https://www.twilio.com/docs/api/errors): not a valid number, not a mobile number, cannot be
 * routed, opted out (STOP), a country the account may not text.
 */
const UNREACHABLE = new Set([21211, 21214, 21217, 21408, 21610, 21612, 21614]);

/**
 * The official client's HTTP client, sending to another origin (TWILIO_API_URL: a local fake or
 * a proxy) with the same path, query, headers and Basic authentication.
 */
class RedirectingRequestClient extends twilio.RequestClient {
  constructor(private readonly apiUrl: string) {
    super({ timeout: TIMEOUT_MS });
  }

  override request<TData>(opts: TwilioRequestClient.RequestOptions<TData>) {
    const url = new URL(opts.uri);
    if (url.origin === TWILIO_API) {
      const target = new URL(this.apiUrl);
      url.protocol = target.protocol;
      url.host = target.host;
    }
    return super.request<TData>({ ...opts, uri: url.href });
  }
}

/** What went wrong, without the message's body (its link carries a token). */
function smsErrorOf(error: unknown): SmsError {
  if (error instanceof twilio.RestException) {
    const code = typeof error.code === 'number' ? error.code : undefined;
    const reason =
      error.status === 400 && code !== undefined && UNREACHABLE.has(code)
        ? 'unreachable'
        : 'unavailable';
    return new SmsError(reason, `Twilio answered ${error.status}: ${error.message}`, code);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new SmsError('unavailable', `Twilio could not be reached: ${message}`);
}

/** Text messages through Twilio's Messages API with the official `twilio` client. */
export function createTwilioSms(config: TwilioConfig, log: FastifyBaseLogger): SmsSender {
  const client = twilio(config.accountSid, config.authToken, {
    httpClient: config.apiUrl
      ? new RedirectingRequestClient(config.apiUrl)
      : new twilio.RequestClient({ timeout: TIMEOUT_MS }),
  });
  const sender =
    config.from.kind === 'service'
      ? { messagingServiceSid: config.from.messagingServiceSid }
      : { from: config.from.from };
  return {
    kind: 'twilio',
    async send({ to, body }) {
      try {
        const message = await client.messages.create({ to, body, ...sender });
        log.info(
          { to: maskPhone(to), sid: message.sid, status: message.status },
          'text message sent',
        );
        return { id: message.sid };
      } catch (error) {
        const failure = smsErrorOf(error);
        log.warn(
          { to: maskPhone(to), reason: failure.reason, providerCode: failure.providerCode },
          failure.message,
        );
        throw failure;
      }
    },
  };
}
