import { createAdapter } from '@socket.io/redis-streams-adapter';
import {
  REALTIME_PATH,
  RECENT_CHANGES_WINDOW_MS,
  type ClientToServerEvents,
  type HandshakeAuth,
  type LiveTopic,
  type ServerToClientEvents,
} from '@vowa/shared/realtime/live-events';
import type { FastifyBaseLogger } from 'fastify';
import type { Server as HttpServer } from 'node:http';
import type { Redis } from 'ioredis';
import { STREAM_READ_BLOCK_MS } from './adapter-redis-client';
import { decodeJwt } from 'jose';
import { Server, type Socket } from 'socket.io';
import type { EndedSessions } from '../auth/auth-service';
import type { RecentChanges } from './recent-changes';

/** How long a dropped connection can come back and receive what it missed. */
const RECOVERY_WINDOW_MS = 2 * 60 * 1000;

type SocketData = {
  userId: string;
  sessionId: string;
  expiresAtMs: number;
  /** Shown beside what they type in groups; read once per connection. */
  name: string;
  /** The groups the person was in when they connected: their rooms are joined with the socket. */
  groups: string[];
  /** When this socket last relayed `group_typing` (ms), for the throttle. */
  typedAtMs: number;
};
type LiveServer = Server<ClientToServerEvents, ServerToClientEvents, object, SocketData>;
type LiveSocket = Socket<ClientToServerEvents, ServerToClientEvents, object, SocketData>;

/** Resolves an access token to its live sign-in, or null (see the auth service). */
export type TokenCheck = (
  token: string,
) => Promise<{ userId: string; sessionId: string } | null | undefined>;

const userRoom = (userId: string) => `user:${userId}`;
const sessionRoom = (sessionId: string) => `session:${sessionId}`;
/** Where a group's messages go; only its members' sockets are in it. */
export const groupRoom = (conversationId: string) => `conversation:${conversationId}`;

/**
 * Taken off the start of a page a first connection names: the page's first reads may have run
 * on another instance, whose clock and whose answer's way to the browser differ a little.
 */
const REPLAY_MARGIN_MS = 2000;

/** How long ago the connecting page started, when the handshake says so sensibly. */
function changedWithinOf(auth: HandshakeAuth): number | undefined {
  const within = auth.changedWithinMs;
  return typeof within === 'number' && within >= 0 && within <= RECENT_CHANGES_WINDOW_MS
    ? within
    : undefined;
}

/** A person relays at most one typing notice per socket in this time. */
export const TYPING_THROTTLE_MS = 2000;

/**
 * Who is in which group, and what they are called. The chat module provides it after it
 * registers (realtime comes first, right after auth); until then sockets join no group rooms.
 */
export type GroupDirectory = {
  groupsOf: (userId: string) => Promise<string[]>;
  nameOf: (userId: string) => Promise<string>;
};

/** The server→client group events, each with its payload, as `toGroup` sends them. */
export type GroupEvent = Exclude<keyof ServerToClientEvents, 'changed'>;
export type GroupPayload<E extends GroupEvent> = Parameters<ServerToClientEvents[E]>[0];

/** Refusals carry the same code as the API's, so the client answers them the same way. */
function refusal() {
  return Object.assign(new Error('Your session has expired. Please sign in again.'), {
    data: { code: 'session_expired' },
  });
}

/** When the token stops being valid, by its own `exp` (already verified by `check`). */
function expiryOf(token: string): number {
  const { exp } = decodeJwt(token);
  return (exp ?? 0) * 1000;
}

/**
 * Socket.IO on the app's own HTTP server. A connection is a signed-in person's: the handshake
 * carries the access token (never the URL: URLs reach logs), checked like any API request, and
 * is refused without one. It lasts as long as its token, and longer only when the browser sends
 * the refreshed one; a sign-in that ends (signed out, revoked elsewhere) closes its connections
 * at once, on every instance. Each connection joins its person's room and its sign-in's room.
 *
 * With Redis, the Redis Streams adapter carries emits and disconnects between instances and lets
 * a dropped connection recover what it missed; without, all of it stays in this process.
 * WebSocket only: without long-polling, no instance needs sticky sessions.
 */
export function createRealtimeGateway(options: {
  server: HttpServer;
  checkToken: TokenCheck;
  redis?: Redis;
  /** False while Redis is away: then events reach this instance's connections at once. */
  redisIsUp?: () => boolean;
  recentChanges: RecentChanges;
  log: FastifyBaseLogger;
}) {
  const io: LiveServer = new Server(options.server, {
    path: REALTIME_PATH,
    serveClient: false,
    transports: ['websocket'],
    connectionStateRecovery: {
      maxDisconnectionDuration: RECOVERY_WINDOW_MS,
      // A recovered connection is checked again like a new one: its sign-in may have ended.
      skipMiddlewares: false,
    },
    ...(options.redis
      ? { adapter: createAdapter(options.redis, { blockTimeInMs: STREAM_READ_BLOCK_MS }) }
      : {}),
  });
  // While Redis is away a cluster emit first waits for its publish to fail (up to the command
  // timeout) and other instances miss it anyway; this instance's people should not wait.
  const everywhere = () => (options.redisIsUp?.() === false ? io.local : io);
  const expiryTimers = new Map<string, NodeJS.Timeout>();
  let directory: GroupDirectory | undefined;

  /** Read in the handshake, so a connection that is up is already in its groups' rooms. */
  async function groupsAndName(userId: string) {
    if (!directory) return { groups: [], name: '' };
    const [groups, name] = await Promise.all([
      directory.groupsOf(userId),
      directory.nameOf(userId),
    ]);
    return { groups, name };
  }

  /** Relays typing to the rest of the group: members only, never back to the typist's devices. */
  function relayTyping(socket: LiveSocket, conversationId: unknown) {
    if (typeof conversationId !== 'string') return;
    const room = groupRoom(conversationId);
    if (!socket.rooms.has(room)) return;
    const now = Date.now();
    if (now - socket.data.typedAtMs < TYPING_THROTTLE_MS) return;
    socket.data.typedAtMs = now;
    const { userId, name } = socket.data;
    everywhere()
      .to(room)
      .except(userRoom(userId))
      .emit('group_typing', { conversationId, userId, name });
  }

  /** Tells a page's first connection what changed since the page started (HandshakeAuth). */
  async function replayRecentChanges(socket: LiveSocket) {
    const within = changedWithinOf((socket.handshake.auth ?? {}) as HandshakeAuth);
    if (within === undefined) return;
    const since = Date.now() - within - REPLAY_MARGIN_MS;
    const topics = await options.recentChanges.changedSince(socket.data.userId, since);
    for (const topic of topics) socket.emit('changed', topic);
  }

  function dropWhenExpired(socket: LiveSocket) {
    clearTimeout(expiryTimers.get(socket.id));
    const remaining = Math.max(0, socket.data.expiresAtMs - Date.now());
    expiryTimers.set(socket.id, setTimeout(() => socket.disconnect(true), remaining).unref());
  }

  io.use((socket, next) => {
    const { token } = (socket.handshake.auth ?? {}) as HandshakeAuth;
    if (typeof token !== 'string' || token.length === 0 || token.length > 4096) {
      return next(refusal());
    }
    options
      .checkToken(token)
      .then(async (claims) => {
        if (!claims) return null;
        return { ...claims, ...(await groupsAndName(claims.userId)) };
      })
      .then(
        (found) => {
          if (!found) return next(refusal());
          socket.data = { ...found, expiresAtMs: expiryOf(token), typedAtMs: 0 };
          next();
        },
        (error: unknown) => {
          options.log.warn({ err: error }, 'realtime handshake could not be checked');
          next(refusal());
        },
      );
  });

  io.on('connection', (socket) => {
    void socket.join([
      userRoom(socket.data.userId),
      sessionRoom(socket.data.sessionId),
      ...socket.data.groups.map(groupRoom),
    ]);
    dropWhenExpired(socket);
    void replayRecentChanges(socket);
    socket.on('authenticate', (token, ack) => {
      if (typeof ack !== 'function') return;
      const refuse = () => ack({ ok: false, code: 'session_expired' });
      if (typeof token !== 'string' || token.length === 0 || token.length > 4096) return refuse();
      void options.checkToken(token).then((claims) => {
        // Only a newer token of the same sign-in extends the connection; otherwise it keeps
        // the time its own token gives it.
        if (claims?.sessionId !== socket.data.sessionId) return refuse();
        socket.data.expiresAtMs = expiryOf(token);
        dropWhenExpired(socket);
        ack({ ok: true });
      }, refuse);
    });
    socket.on('group_typing', (conversationId) => relayTyping(socket, conversationId));
    socket.on('disconnect', () => {
      clearTimeout(expiryTimers.get(socket.id));
      expiryTimers.delete(socket.id);
    });
  });

  return {
    io,
    /** Tells each person's open tabs and devices, on any instance, that `topic` changed. */
    tell(userIds: Iterable<string>, topic: LiveTopic) {
      const people = [...new Set(userIds)];
      options.recentChanges.record(people, topic);
      if (people.length > 0) everywhere().to(people.map(userRoom)).emit('changed', topic);
    },
    /** Late-bound by the chat module, which registers after the gateway. */
    setGroupDirectory(found: GroupDirectory) {
      directory = found;
    },
    /** Sends a group event to the sockets of its members, on every instance. */
    toGroup<E extends GroupEvent>(conversationId: string, event: E, payload: GroupPayload<E>) {
      const room = everywhere().to(groupRoom(conversationId));
      (room.emit as (name: E, data: GroupPayload<E>) => boolean)(event, payload);
    },
    /** Puts these people's open sockets, on every instance, in the group's room. */
    joinGroup(userIds: Iterable<string>, conversationId: string) {
      const rooms = [...new Set(userIds)].map(userRoom);
      if (rooms.length > 0) everywhere().in(rooms).socketsJoin(groupRoom(conversationId));
    },
    /** Takes these people's sockets out of the group's room: they hear nothing more of it. */
    leaveGroup(userIds: Iterable<string>, conversationId: string) {
      const rooms = [...new Set(userIds)].map(userRoom);
      if (rooms.length > 0) everywhere().in(rooms).socketsLeave(groupRoom(conversationId));
    },
    /** Closes the connections of sign-ins that ended, on every instance. */
    dropEndedSessions({ userId, sessionId, exceptSessionId }: EndedSessions) {
      const io = everywhere();
      if (sessionId) io.in(sessionRoom(sessionId)).disconnectSockets(true);
      else if (exceptSessionId) {
        io.in(userRoom(userId)).except(sessionRoom(exceptSessionId)).disconnectSockets(true);
      } else io.in(userRoom(userId)).disconnectSockets(true);
    },
    /**
     * Closes this instance's connections (their clients reconnect, to another instance when
     * there is one) and stops listening to other instances. It runs before the HTTP server
     * closes, which would otherwise wait for these connections forever.
     */
    async close() {
      for (const timer of expiryTimers.values()) clearTimeout(timer);
      options.recentChanges.close();
      io.local.disconnectSockets(true);
      await io.of('/').adapter.close();
      io.engine.close();
    },
  };
}

export type RealtimeGateway = ReturnType<typeof createRealtimeGateway>;
