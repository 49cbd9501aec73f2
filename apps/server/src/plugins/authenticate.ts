import type { User } from '@vowa/shared/auth/auth-schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { authMessages, type AuthService } from '../modules/auth/auth-service';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook for routes that need a signed-in user (before validation); sets `request.auth`. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    /** The signed-in user and sign-in, and the user's account as read with the session. */
    auth: { userId: string; sessionId: string; user: User } | null;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

export const authenticatePlugin = fp<{ authService: AuthService }>(
  async (app, { authService }) => {
    app.decorateRequest('auth', null);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = bearerToken(request);
      if (!token) throw new AppError('not_authenticated', authMessages.notAuthenticated);
      const claims = await authService.authenticate(token);
      if (!claims) throw new AppError('session_expired', authMessages.sessionExpired);
      request.auth = claims;
    });
  },
  { name: 'authenticate' },
);

/** For handlers behind `authenticate`: the signed-in user, never null there. */
export function requireAuth(request: FastifyRequest) {
  if (!request.auth) throw new AppError('not_authenticated', authMessages.notAuthenticated);
  return request.auth;
}
