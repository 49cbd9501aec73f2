import { ACCESS_TOKEN_TTL_SECONDS } from '@vowa/shared/auth/token-lifetimes';
import { SignJWT, jwtVerify } from 'jose';

const ISSUER = 'vowa';
const AUDIENCE = 'vowa-api';

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
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
        return { userId: payload.sub, sessionId: payload.sid };
      } catch {
        return null;
      }
    },
  };
}
