import { ACCESS_TOKEN_TTL_SECONDS } from '@vowa/shared/auth/token-lifetimes';
import { SignJWT, jwtVerify } from 'jose';

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

/** Short-lived HS256 JWTs naming the user and the sign-in (session) they belong to. */
export function createAccessTokens(secret: string): AccessTokens {
  const key = new TextEncoder().encode(secret);
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
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
        });
        // Only ids the server could have issued: a signed token naming anything else (a leaked
        // or misused secret) must not reach the uuid columns it is looked up in.
        if (!isUuid(payload.sub) || !isUuid(payload.sid)) return null;
        return { userId: payload.sub, sessionId: payload.sid };
      } catch {
        return null;
      }
    },
  };
}
