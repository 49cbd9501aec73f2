import { REFRESH_TOKEN_TTL_SECONDS } from '@vowa/shared/auth/token-lifetimes';
import type { FastifyReply } from 'fastify';

export const REFRESH_COOKIE = 'refresh_token';

/**
 * HttpOnly so scripts never see it, SameSite=Strict so no other site can make the browser send
 * it, and scoped to the auth routes that read it.
 */
export function setRefreshCookie(reply: FastifyReply, token: string, secure: boolean) {
  reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    secure,
    sameSite: 'strict',
    path: '/api/auth',
    maxAge: REFRESH_TOKEN_TTL_SECONDS,
  });
}

export function clearRefreshCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(REFRESH_COOKIE, {
    httpOnly: true,
    secure,
    sameSite: 'strict',
    path: '/api/auth',
  });
}
