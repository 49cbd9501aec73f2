import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/env';
import type { Database } from '../../db/database';
import { createTokenSealer } from '../../lib/token-sealer';
import type { AuthService, SecondFactorGate } from '../auth/auth-service';
import type { MailService } from '../mail/mailer';
import { createSecurityRepository } from './security-repository';
import { securityRoutes } from './security-routes';
import {
  createSecondFactorGateFor,
  createSecurityService,
  type SecurityService,
} from './security-service';

/**
 * The port the auth module asks at sign-in whether a code is needed. It needs nothing but the
 * database, so it is built before the auth module, and the security module (which opens
 * sign-ins through the auth service) after it: the two never wait on each other.
 */
export function createSecondFactorGate(db: Database, now?: () => Date): SecondFactorGate {
  return createSecondFactorGateFor(createSecurityRepository(db), now);
}

/** Password changes, sign-ins, two-factor sign-in, passkeys and deleting the account. */
export async function registerSecurityModule(
  app: FastifyInstance,
  deps: {
    db: Database;
    auth: AuthService;
    mail: MailService;
    encryptionKey: string;
    /** Removes an uploaded file (the avatar) when an account is deleted. */
    removeFile: (urlPath: string) => Promise<void>;
    config: Pick<AppConfig, 'appUrl' | 'authRateLimitMax'>;
    now?: () => Date;
  },
): Promise<SecurityService> {
  const service = createSecurityService({
    repository: createSecurityRepository(deps.db),
    users: deps.auth,
    openSession: deps.auth.openSession,
    sealer: createTokenSealer(deps.encryptionKey),
    mail: deps.mail,
    appUrl: deps.config.appUrl,
    log: app.log,
    removeFile: deps.removeFile,
    now: deps.now,
  });
  await app.register(securityRoutes, {
    prefix: '/api/auth',
    service,
    secureCookies: deps.config.appUrl.startsWith('https:'),
    rateLimitMax: deps.config.authRateLimitMax,
  });
  return service;
}
