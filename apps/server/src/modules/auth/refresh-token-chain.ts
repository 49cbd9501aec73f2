import { createHmac, hkdfSync } from 'node:crypto';
import { createRandomToken } from '../../lib/random-token';

export type RefreshTokenChain = {
  /** The first refresh token of a sign-in: random. */
  first: () => string;
  /**
   * The token that follows `token`: HMAC(key, token). Deterministic, so a refresh repeated
   * within the grace window hands out the very token the first one did, without the server
   * keeping any token in a readable form. Unguessable without both the key and `token`.
   */
  next: (token: string) => string;
};

export function createRefreshTokenChain(secret: string): RefreshTokenChain {
  // Its own key, derived from the server secret, so no other signature can be replayed as one.
  const key = Buffer.from(hkdfSync('sha256', secret, '', 'vowa refresh-token chain', 32));
  return {
    first: createRandomToken,
    next: (token) => createHmac('sha256', key).update(token).digest('base64url'),
  };
}
