import type { Conversation } from '@vowa/shared/assistant/assistant-schemas';
import type { Language } from '@vowa/shared/settings/settings-constants';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/env';
import { loadOrCreateSecret } from '../../config/secrets';
import type { Database } from '../../db/database';
import type { AuthService } from '../auth/auth-service';
import { createGroupInviteRepository } from './group-invite-repository';
import { groupInviteRoutes, groupInviteUserRoutes } from './group-invite-routes';
import { createGroupInviteService, type GroupInviteService } from './group-invite-service';

/**
 * Group invitations (issue 15 §4): `POST /api/user_management/users/invite` and, under
 * /api/llm, invite codes and joining. Registered by the chat module, which owns groups.
 */
export async function registerGroupInvites(
  app: FastifyInstance,
  deps: {
    db: Database;
    joinGroup: (conversationId: string, userId: string) => Promise<Conversation>;
    people: Pick<AuthService, 'findUserById'>;
    languageOf: (userId: string) => Promise<Language>;
    config: Pick<
      AppConfig,
      'appUrl' | 'dataDir' | 'encryptionKey' | 'groupInviteRateLimitMax' | 'groupJoinRateLimitMax'
    >;
    now: () => Date;
  },
): Promise<GroupInviteService> {
  const { config } = deps;
  // The same key on every instance (ENCRYPTION_KEY is required with a shared database), so a
  // code made on one instance is redeemed on another.
  const secret =
    config.encryptionKey ?? (await loadOrCreateSecret(config.dataDir, 'encryption-key'));
  const service = createGroupInviteService({
    repository: createGroupInviteRepository(deps.db),
    joinGroup: deps.joinGroup,
    people: deps.people,
    languageOf: deps.languageOf,
    mail: app.mail,
    sms: app.sms,
    appUrl: config.appUrl,
    secret,
    now: deps.now,
  });
  await app.register(groupInviteUserRoutes, {
    prefix: '/api/user_management',
    service,
    inviteRateLimitMax: config.groupInviteRateLimitMax,
  });
  await app.register(groupInviteRoutes, {
    prefix: '/api/llm',
    service,
    joinRateLimitMax: config.groupJoinRateLimitMax,
  });
  return service;
}
