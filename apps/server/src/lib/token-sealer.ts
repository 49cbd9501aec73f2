import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for secrets kept at rest (bank access tokens). The key is derived from
 * ENCRYPTION_KEY, or from a secret generated once into DATA_DIR; a tampered value fails to open.
 */
export function createTokenSealer(secret: string) {
  const key = Buffer.from(hkdfSync('sha256', secret, 'vowa', 'bank-access-tokens', 32));
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
    },
    open(sealed: string): string {
      const [version, payload] = sealed.split('.');
      if (version !== 'v1' || !payload) throw new Error('unknown sealed format');
      const raw = Buffer.from(payload, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}

export type TokenSealer = ReturnType<typeof createTokenSealer>;
