import { createHash, randomBytes } from 'node:crypto';

/** 256 bits from the OS CSPRNG, URL-safe: for refresh tokens and mailed links. */
export function createRandomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as this hash; a database leak does not hand out sessions. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
