import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the part of Twilio's REST API Vowa uses, for contract tests
 * (https://www.twilio.com/docs/messaging/api/message-resource#create-a-message-resource):
 *
 * - `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`, form-encoded (`To`, `Body`, and
 *   `From` or `MessagingServiceSid`), with HTTP Basic authentication `AccountSid:AuthToken`;
 * - 201 with the Message resource as JSON (`sid` SM…, `status` 'queued', …);
 * - errors as Twilio sends them, `{ code, message, more_info, status }`: 401 20003 for wrong
 *   credentials (or another account's path), 400 21604/21602/21606 for a missing `To`, `Body`
 *   or sender, 400 21211 for a `To` that is no valid number, Twilio's magic test numbers
 *   (+15005550001 invalid, +15005550009 not SMS-capable: 21614, +15005550004 blocked: 21610),
 *   and any status a test asks for with `failNext` (429 20429 Too Many Requests, 500, …).
 */

export const TWILIO_FAKE_ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`;
export const TWILIO_FAKE_AUTH_TOKEN = 'twilio-fake-auth-token-0001';
export const TWILIO_FAKE_FROM = '+15005550006';

export type TwilioFakeMessage = {
  sid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
};

export type RecordedTwilioRequest = {
  method: string;
  path: string;
  contentType: string | undefined;
  authorized: boolean;
  params: Record<string, string>;
  status: number;
};

export type TwilioFake = {
  /** For TWILIO_API_URL: `http://127.0.0.1:<port>`. */
  apiUrl: string;
  env: Record<string, string>;
  messages: TwilioFakeMessage[];
  requests: RecordedTwilioRequest[];
  /** The next request is answered with this status and Twilio's error body for it. */
  failNext: (status: 400 | 401 | 429 | 500 | 503) => void;
  close: () => Promise<void>;
};

type TwilioError = { status: number; code: number; message: string };

const errorFor: Record<number, Omit<TwilioError, 'status'>> = {
  400: { code: 21211, message: "The 'To' number is not a valid phone number." },
  401: { code: 20003, message: 'Authenticate' },
  429: { code: 20429, message: 'Too Many Requests' },
  500: { code: 20500, message: 'Internal Server Error' },
  503: { code: 20503, message: 'Service Unavailable' },
};

const magicNumbers: Record<string, Omit<TwilioError, 'status'>> = {
  '+15005550001': {
    code: 21211,
    message: "The 'To' number +15005550001 is not a valid phone number.",
  },
  '+15005550009': { code: 21614, message: "'To' number is not a valid mobile number" },
  '+15005550004': { code: 21610, message: 'Attempt to send to unsubscribed recipient' },
};

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function sendJson(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

function sendError(response: ServerResponse, error: TwilioError) {
  sendJson(response, error.status, {
    code: error.code,
    message: error.message,
    more_info: `https://www.twilio.com/docs/errors/${error.code}`,
    status: error.status,
  });
}

export async function startTwilioFake(): Promise<TwilioFake> {
  const messages: TwilioFakeMessage[] = [];
  const requests: RecordedTwilioRequest[] = [];
  const failures: number[] = [];
  const expectedAuth = `Basic ${Buffer.from(
    `${TWILIO_FAKE_ACCOUNT_SID}:${TWILIO_FAKE_AUTH_TOKEN}`,
  ).toString('base64')}`;

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const raw = await readBody(request);
      const contentType = request.headers['content-type'];
      const params = Object.fromEntries(new URLSearchParams(raw));
      const authorized = request.headers.authorization === expectedAuth;
      const record = (status: number) =>
        requests.push({
          method: request.method ?? '',
          path: url.pathname,
          contentType,
          authorized,
          params,
          status,
        });
      const fail = (error: TwilioError) => {
        record(error.status);
        sendError(response, error);
      };

      const forced = failures.shift();
      if (forced !== undefined) return fail({ status: forced, ...errorFor[forced]! });
      const route = url.pathname.match(/^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/);
      if (!route || request.method !== 'POST') {
        return fail({ status: 404, code: 20404, message: 'The requested resource was not found' });
      }
      if (!authorized || route[1] !== TWILIO_FAKE_ACCOUNT_SID) {
        return fail({ status: 401, ...errorFor[401]! });
      }
      if (!contentType?.startsWith('application/x-www-form-urlencoded')) {
        return fail({ status: 400, code: 20001, message: 'Form-encoded parameters required' });
      }
      const { To: to, Body: body, From: from, MessagingServiceSid: service } = params;
      if (!to)
        return fail({ status: 400, code: 21604, message: "A 'To' phone number is required." });
      if (!body) return fail({ status: 400, code: 21602, message: 'Message body is required.' });
      if (!from && !service) {
        return fail({ status: 400, code: 21606, message: "A 'From' phone number is required." });
      }
      const magic = magicNumbers[to];
      if (magic) return fail({ status: 400, ...magic });
      if (!/^\+[1-9]\d{6,14}$/.test(to)) return fail({ status: 400, ...errorFor[400]! });

      const sid = `SM${randomBytes(16).toString('hex')}`;
      const now = new Date().toUTCString();
      messages.push({ sid, to, from: from ?? null, messagingServiceSid: service ?? null, body });
      record(201);
      sendJson(response, 201, {
        account_sid: TWILIO_FAKE_ACCOUNT_SID,
        api_version: '2010-04-01',
        body,
        date_created: now,
        date_sent: null,
        date_updated: now,
        direction: 'outbound-api',
        error_code: null,
        error_message: null,
        from: from ?? null,
        messaging_service_sid: service ?? null,
        num_media: '0',
        num_segments: '1',
        price: null,
        price_unit: 'USD',
        sid,
        status: 'queued',
        subresource_uris: {
          media: `/2010-04-01/Accounts/${TWILIO_FAKE_ACCOUNT_SID}/Messages/${sid}/Media.json`,
        },
        to,
        uri: `/2010-04-01/Accounts/${TWILIO_FAKE_ACCOUNT_SID}/Messages/${sid}.json`,
      });
    })().catch((error: unknown) => {
      response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const apiUrl = `http://127.0.0.1:${port}`;
  return {
    apiUrl,
    env: {
      TWILIO_ACCOUNT_SID: TWILIO_FAKE_ACCOUNT_SID,
      TWILIO_AUTH_TOKEN: TWILIO_FAKE_AUTH_TOKEN,
      TWILIO_FROM: TWILIO_FAKE_FROM,
      TWILIO_API_URL: apiUrl,
    },
    messages,
    requests,
    failNext: (status) => failures.push(status),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
