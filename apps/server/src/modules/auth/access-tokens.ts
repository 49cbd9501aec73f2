import { ACCESS_TOKEN_TTL_SECONDS } from '@vowa/shared/auth/token-lifetimes';
import { SignJWT, jwtVerify } from 'jose';
import { LRUCache } from 'lru-cache';

const ISSUER = 'vowa';
const AUDIENCE = 'vowa-api';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && UUID_PATTERN.test(value);

export type AccessTokenClaims = { userId: string; sessionId: string };

export type AccessTokens = {
  issue: (claims: AccessTokenClaims) => Promise<string>;
  /** Returns the claims, or null for a token that is forged, expired or malformed. */
  verify: (token: string) => Promise<AccessTokenClaims | null>;
};

/**
 * Tokens already verified, until they expire. A client sends the same token with every request
 * for its whole lifetime, and checking the HMAC through WebCrypto took about a quarter of a
 * signed-in request's CPU. Only tokens whose signature and claims checked out get in, keyed by
 * the whole token, so a hit proves exactly what a fresh check would; the session behind the token
 * is still checked on every request (revocation applies at once).
 */
const VERIFIED_TOKENS_KEPT = 10_000;

/** Short-lived HS256 JWTs naming the user and the sign-in (session) they belong to. */
export function createAccessTokens(secret: string): AccessTokens {
  const key = new TextEncoder().encode(secret);
  const verified = new LRUCache<string, { claims: AccessTokenClaims; expiresAtMs: number }>({
    max: VERIFIED_TOKENS_KEPT,
  });
  return {
    issue: ({ userId, sessionId }) =>
      new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
        .sign(key),
    async verify(token) {
      const known = verified.get(token);
      // Expiry by the same clock jose checks `exp` with; an expired token goes on to be refused.
      if (known && Date.now() < known.expiresAtMs) return known.claims;
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
        });
        // Only ids the server could have issued: a signed token naming anything else (a leaked
        // or misused secret) must not reach the uuid columns it is looked up in.
        if (!isUuid(payload.sub) || !isUuid(payload.sid)) return null;
        const claims = { userId: payload.sub, sessionId: payload.sid };
        // Ours always carry `exp`; a token without one is never kept.
        if (payload.exp) verified.set(token, { claims, expiresAtMs: payload.exp * 1000 });
        return claims;
      } catch {
        return null;
      }
    },
  };
}
