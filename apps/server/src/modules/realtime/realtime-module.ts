import type { LiveTopic } from '@vowa/shared/realtime/live-events';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RedisLink } from '../../plugins/redis';
import type { AuthService } from '../auth/auth-service';
import { AdapterRedisClient } from './adapter-redis-client';
import {
  createRealtimeGateway,
  type GroupDirectory,
  type GroupEvent,
  type GroupPayload,
} from './realtime-gateway';
import { createRecentChanges } from './recent-changes';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** False on a write that changes nothing another tab shows (a step of the bank link). */
    announces?: boolean;
  }
}

/** What other modules use to reach a person's open tabs and devices. */
export type LiveUpdates = {
  /** Tells these people's other tabs and devices that `topic` changed, on every instance. */
  tell: (userIds: Iterable<string>, topic: LiveTopic) => void;
  /** Sends a group event (a message, typing, the assistant's progress, a change) to its members. */
  toGroup: <E extends GroupEvent>(
    conversationId: string,
    event: E,
    payload: GroupPayload<E>,
  ) => void;
  /** These people joined the group: their open sockets join its room. */
  joinGroup: (userIds: Iterable<string>, conversationId: string) => void;
  /** These people left (or were removed from) the group: their sockets leave its room. */
  leaveGroup: (userIds: Iterable<string>, conversationId: string) => void;
  /** The chat module says who is in which group once it has registered. */
  setGroupDirectory: (directory: GroupDirectory) => void;
};

/**
 * The realtime gateway on /socket.io (see `createRealtimeGateway`), and its first users: ended
 * sign-ins lose their connections at once. Registered after auth, whose tokens it checks; other
 * modules receive the returned `LiveUpdates` to announce their changes.
 */
export async function registerRealtimeModule(
  app: FastifyInstance,
  deps: {
    auth: Pick<AuthService, 'authenticate' | 'onSessionsEnded'>;
    redis?: RedisLink;
  },
): Promise<LiveUpdates> {
  // Connections of its own: the adapter's stream reads block, so they must not share (or time
  // out like) the app's short-timeout commands.
  const redis = deps.redis && AdapterRedisClient.from(deps.redis.client);
  const gateway = createRealtimeGateway({
    server: app.server,
    checkToken: async (token) => {
      const found = await deps.auth.authenticate(token);
      return found && { userId: found.userId, sessionId: found.sessionId };
    },
    redis,
    redisIsUp: deps.redis?.isUp,
    recentChanges: createRecentChanges(deps.redis),
    log: app.log,
  });
  const stopListening = deps.auth.onSessionsEnded((ended) => gateway.dropEndedSessions(ended));
  app.addHook('preClose', async () => {
    stopListening();
    await gateway.close();
    redis?.disconnect();
  });
  return {
    tell: gateway.tell,
    toGroup: gateway.toGroup,
    joinGroup: gateway.joinGroup,
    leaveGroup: gateway.leaveGroup,
    setGroupDirectory: gateway.setGroupDirectory,
  };
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const changesNothing = (request: FastifyRequest) =>
  READS.has(request.method) || request.routeOptions.config?.announces === false;

/**
 * After a change through the routes of `scope` succeeds, tells the person's other tabs and
 * devices, and anyone else `audienceOf` names: read before and after the change, so people who
 * lose access (a list deleted, a share removed) hear of it too. Reads, and routes configured
 * with `announces: false`, announce nothing. Nothing here can fail the request: an audience
 * that cannot be read is nobody.
 */
export function announceChanges(
  scope: FastifyInstance,
  live: LiveUpdates,
  topic: LiveTopic,
  audienceOf?: (request: FastifyRequest) => Promise<string[]>,
) {
  const audience = (request: FastifyRequest) =>
    audienceOf ? audienceOf(request).catch(() => []) : Promise.resolve([]);
  const before = new WeakMap<FastifyRequest, string[]>();
  if (audienceOf) {
    scope.addHook('preHandler', async (request) => {
      if (!changesNothing(request)) before.set(request, await audience(request));
    });
  }
  // Before the response is sent: whoever made the change hears of it no later than they see it.
  scope.addHook('onSend', async (request, reply, payload) => {
    if (changesNothing(request) || reply.statusCode >= 300 || !request.auth) return payload;
    const after = await audience(request);
    live.tell([request.auth.userId, ...(before.get(request) ?? []), ...after], topic);
    return payload;
  });
}
