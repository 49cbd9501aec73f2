import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A software WebAuthn authenticator for the tests: a P-256 key pair, 'none' attestation and a
 * minimal CBOR encoder, producing the same JSON that @simplewebauthn/browser sends.
 */

type Cbor = number | string | Uint8Array | Map<number | string, Cbor>;

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  if (length < 65_536) {
    const out = Buffer.alloc(3);
    out[0] = (major << 5) | 25;
    out.writeUInt16BE(length, 1);
    return out;
  }
  const out = Buffer.alloc(5);
  out[0] = (major << 5) | 26;
  out.writeUInt32BE(length, 1);
  return out;
}

export function encodeCbor(value: Cbor): Buffer {
  if (typeof value === 'number') {
    return value >= 0 ? head(0, value) : head(1, -1 - value);
  }
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const parts: Buffer[] = [head(5, value.size)];
  for (const [key, item] of value) parts.push(encodeCbor(key), encodeCbor(item));
  return Buffer.concat(parts);
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export type SoftAuthenticator = ReturnType<typeof createSoftAuthenticator>;

export function createSoftAuthenticator(options: { rpId?: string; origin?: string } = {}) {
  const rpId = options.rpId ?? 'localhost';
  const origin = options.origin ?? 'http://localhost:8000';
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const credentialId = randomBytes(16);
  let counter = 0;
  let userHandle: string | undefined;

  function coseKey(key: KeyObject): Buffer {
    const jwk = key.export({ format: 'jwk' });
    return encodeCbor(
      new Map<number, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
  }

  function authData(flags: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([
      sha256(rpId),
      Buffer.from([flags]),
      count,
      ...(attested ? [attested] : []),
    ]);
  }

  function clientData(type: string, challenge: string, overrides: { origin?: string } = {}) {
    return Buffer.from(
      JSON.stringify({ type, challenge, origin: overrides.origin ?? origin, crossOrigin: false }),
    );
  }

  return {
    id: b64url(credentialId),

    /** Answers navigator.credentials.create() for the given creation options. */
    register(
      creation: { challenge: string; user: { id: string } },
      overrides: { origin?: string; challenge?: string } = {},
    ) {
      userHandle = creation.user.id;
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const attested = Buffer.concat([
        Buffer.alloc(16),
        idLength,
        credentialId,
        coseKey(publicKey),
      ]);
      const attestationObject = encodeCbor(
        new Map<string, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData(FLAG_UP | FLAG_UV | FLAG_AT, attested)],
        ]),
      );
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(
            clientData('webauthn.create', overrides.challenge ?? creation.challenge, overrides),
          ),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },

    /** Answers navigator.credentials.get() for the given request options. */
    authenticate(
      request: { challenge: string },
      overrides: { origin?: string; userVerified?: boolean; credentialId?: string } = {},
    ) {
      counter += 1;
      const data = authData(FLAG_UP | (overrides.userVerified === false ? 0 : FLAG_UV));
      const client = clientData('webauthn.get', request.challenge, overrides);
      const signature = sign('sha256', Buffer.concat([data, sha256(client)]), privateKey);
      const id = overrides.credentialId ?? b64url(credentialId);
      return {
        id,
        rawId: id,
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(client),
          authenticatorData: b64url(data),
          signature: b64url(signature),
          ...(userHandle ? { userHandle } : {}),
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
}
