import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
  type ECDH,
} from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local Web Push service, strict like the real ones (FCM, Mozilla autopush, Apple), and the
 * browser at the other end. A test subscribes a "browser" (a P-256 key pair and an auth secret,
 * as PushManager.subscribe makes them, bound to the server's VAPID key); the service accepts a
 * push only with a valid VAPID JWT (RFC 8292: ES256 over the `k` key, `aud` = this origin, `exp`
 * within 24 hours, a mailto:/https: `sub`) from the key the subscription was made with, then the
 * browser decrypts the aes128gcm body (RFC 8291 / RFC 8188) with its private key, as a service
 * worker's `push` event would receive it.
 */

/** `PushSubscription.toJSON()`, what the browser POSTs to the app. */
export type BrowserSubscription = { endpoint: string; keys: { p256dh: string; auth: string } };

export type ReceivedPush = {
  endpoint: string;
  /** The decrypted message, parsed as JSON. */
  payload: unknown;
  ttl: number;
  urgency: string | null;
  topic: string | null;
  /** The verified VAPID claims. */
  claims: { aud: string; exp: number; sub: string };
};

type Browser = {
  ecdh: ECDH;
  publicKey: Buffer;
  auth: Buffer;
  /** The VAPID public key the subscription was made with (applicationServerKey). */
  serverKey: string;
  /** What the service answers for this subscription (201, or 410 once unsubscribed, …). */
  status: number;
};

export type PushFake = {
  origin: string;
  /** A browser subscribes with the app's VAPID public key. */
  subscribe: (applicationServerKey: string) => BrowserSubscription;
  /** The browser unsubscribed: the service answers 410 Gone from now on. */
  unsubscribe: (endpoint: string) => void;
  /** The service answers `status` for this endpoint (a 503 outage, …). */
  answer: (endpoint: string, status: number) => void;
  /** Pushes delivered to this endpoint, decrypted, oldest first. */
  received: (endpoint: string) => ReceivedPush[];
  /** Every request the service turned down, and why. */
  refused: { endpoint: string; status: number; reason: string }[];
  /** Every request, accepted or not. */
  requests: () => number;
  close: () => Promise<void>;
};

const b64url = (data: Buffer) => data.toString('base64url');
const MAX_JWT_LIFETIME_S = 24 * 60 * 60;

class Refusal extends Error {
  constructor(
    readonly status: number,
    reason: string,
  ) {
    super(reason);
  }
}

/** Checks `Authorization: vapid t=<jwt>, k=<key>` as a push service does; the claims. */
function verifyVapid(header: string | undefined, origin: string, serverKey: string) {
  const match = header?.match(/^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/);
  if (!match) throw new Refusal(401, 'no VAPID authorization');
  const [, token, key] = match as unknown as [string, string, string];
  if (key !== serverKey) throw new Refusal(403, 'signed with another key than subscribed with');
  const raw = Buffer.from(key, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) throw new Refusal(401, 'k is not a P-256 public key');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: b64url(raw.subarray(1, 33)),
      y: b64url(raw.subarray(33, 65)),
    },
    format: 'jwk',
  });
  const [head, body, signature] = token.split('.');
  if (!head || !body || !signature) throw new Refusal(401, 'malformed JWT');
  const header_ = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as {
    alg?: string;
    typ?: string;
  };
  if (header_.alg !== 'ES256') throw new Refusal(401, `JWT alg ${header_.alg}, not ES256`);
  const valid = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Refusal(401, 'JWT signature does not verify');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as {
    aud: string;
    exp: number;
    sub: string;
  };
  if (claims.aud !== origin) throw new Refusal(401, `JWT aud ${claims.aud}, not ${origin}`);
  const now = Math.floor(Date.now() / 1000);
  if (!(claims.exp > now && claims.exp <= now + MAX_JWT_LIFETIME_S)) {
    throw new Refusal(401, 'JWT expired or valid for more than 24 hours');
  }
  if (!/^(mailto:|https:)/.test(claims.sub ?? '')) throw new Refusal(401, 'JWT sub missing');
  return claims;
}

/** The browser's side of RFC 8291: decrypts an aes128gcm message body. */
export function decryptPush(body: Buffer, browser: Pick<Browser, 'ecdh' | 'publicKey' | 'auth'>) {
  if (body.length < 21) throw new Refusal(400, 'body too short');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  if (idLength !== 65) throw new Refusal(400, 'keyid is not the sender’s public key');
  const records = body.subarray(21 + idLength);

  const sharedSecret = browser.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0', 'utf8'),
    browser.publicKey,
    senderKey,
  ]);
  const ikm = Buffer.from(hkdfSync('sha256', sharedSecret, browser.auth, keyInfo, 32));
  const cek = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0', 'utf8'), 16),
  );
  const baseNonce = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0', 'utf8'), 12),
  );

  const parts: Buffer[] = [];
  const count = Math.ceil(records.length / recordSize);
  for (let index = 0; index < count; index += 1) {
    const record = records.subarray(index * recordSize, (index + 1) * recordSize);
    const nonce = Buffer.from(baseNonce);
    // The record's sequence number XORed into the nonce's low bytes (fewer than 2^32 records).
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ index) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const plain = Buffer.concat([
      decipher.update(record.subarray(0, record.length - 16)),
      decipher.final(),
    ]);
    // Padding: a delimiter (2 on the last record, 1 before) and zeros.
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end -= 1;
    const last = index === count - 1;
    if (plain[end] !== (last ? 2 : 1)) throw new Refusal(400, 'bad padding delimiter');
    parts.push(plain.subarray(0, end));
  }
  return Buffer.concat(parts);
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startPushFake(): Promise<PushFake> {
  const browsers = new Map<string, Browser>();
  const deliveries = new Map<string, ReceivedPush[]>();
  const refused: PushFake['refused'] = [];
  let requests = 0;
  let origin = '';

  async function handle(request: IncomingMessage, response: ServerResponse) {
    requests += 1;
    const endpoint = `${origin}${request.url ?? ''}`;
    const browser = browsers.get(endpoint);
    try {
      const body = await readBody(request);
      if (request.method !== 'POST') throw new Refusal(405, 'not a POST');
      if (!browser) throw new Refusal(404, 'no such subscription');
      if (browser.status !== 201) {
        response.writeHead(browser.status).end();
        return;
      }
      const claims = verifyVapid(request.headers.authorization, origin, browser.serverKey);
      const ttl = Number(request.headers.ttl);
      if (!Number.isInteger(ttl) || ttl < 0) throw new Refusal(400, 'TTL header missing');
      if (request.headers['content-encoding'] !== 'aes128gcm') {
        throw new Refusal(415, 'content encoding is not aes128gcm');
      }
      if (body.length > 4096) throw new Refusal(413, 'payload too large');
      const payload = JSON.parse(decryptPush(body, browser).toString('utf8')) as unknown;
      const topic = request.headers.topic;
      const urgency = request.headers.urgency;
      deliveries.get(endpoint)!.push({
        endpoint,
        payload,
        ttl,
        topic: typeof topic === 'string' ? topic : null,
        urgency: typeof urgency === 'string' ? urgency : null,
        claims,
      });
      response.writeHead(201, { location: `${endpoint}/messages/${randomUUID()}` }).end();
    } catch (error) {
      const status = error instanceof Refusal ? error.status : 400;
      refused.push({ endpoint, status, reason: (error as Error).message });
      response.writeHead(status).end();
    }
  }

  const server = createServer((request, response) => {
    void handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    subscribe(applicationServerKey) {
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/push/${randomUUID()}`;
      browsers.set(endpoint, {
        ecdh,
        publicKey,
        auth,
        serverKey: applicationServerKey,
        status: 201,
      });
      deliveries.set(endpoint, []);
      return { endpoint, keys: { p256dh: b64url(publicKey), auth: b64url(auth) } };
    },
    unsubscribe(endpoint) {
      const browser = browsers.get(endpoint);
      if (browser) browser.status = 410;
    },
    answer(endpoint, status) {
      const browser = browsers.get(endpoint);
      if (browser) browser.status = status;
    },
    received: (endpoint) => [...(deliveries.get(endpoint) ?? [])],
    refused,
    requests: () => requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
