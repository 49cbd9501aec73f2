import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/env';
import type { Database } from '../../db/database';
import { authenticatePlugin } from '../../plugins/authenticate';
import type { MailService } from '../mail/mailer';
import { createAccessTokens } from './access-tokens';
import { createAuthRepository } from './auth-repository';
import { authRoutes } from './auth-routes';
import { createRefreshTokenChain } from './refresh-token-chain';
import { createAuthService, type AuthService, type SecondFactorGate } from './auth-service';

/**
 * Accounts and sign-ins: /api/auth routes and the `authenticate` hook every other module's
 * routes use. `secondFactor` comes from the security module (see its `createSecondFactorGate`).
 */
export async function registerAuthModule(
  app: FastifyInstance,
  deps: {
    db: Database;
    mail: MailService;
    jwtSecret: string;
    secondFactor: SecondFactorGate;
    config: Pick<AppConfig, 'appUrl' | 'authRateLimitMax'>;
  },
): Promise<AuthService> {
  const service = createAuthService({
    repository: createAuthRepository(deps.db),
    accessTokens: createAccessTokens(deps.jwtSecret),
    refreshTokens: createRefreshTokenChain(deps.jwtSecret),
    mail: deps.mail,
    appUrl: deps.config.appUrl,
    log: app.log,
    secondFactor: deps.secondFactor,
  });
  await app.register(authenticatePlugin, { authService: service });
  await app.register(authRoutes, {
    prefix: '/api/auth',
    authService: service,
    secureCookies: deps.config.appUrl.startsWith('https:'),
    rateLimitMax: deps.config.authRateLimitMax,
  });
  return service;
}
