/**
 * The realtime contract between the server's gateway (apps/server/src/modules/realtime) and the
 * web client (apps/web/src/app/live-updates.tsx). Socket.IO carries it on /socket.io, WebSocket
 * only, so any instance can take any connection without sticky sessions.
 */

export const REALTIME_PATH = '/socket.io';

/**
 * What a person changed in one tab or device, so their other tabs and devices read it again.
 * An event names the topic, never the data: every figure still comes through the API, with its
 * checks, and a client that missed an event loses nothing but a refresh.
 */
export const LIVE_TOPICS = [
  'settings',
  'finance',
  'bucket-lists',
  'conversations',
  'bookings',
  // Issue 16: the notification centre (a new notification, read marks) and price watches.
  'notifications',
  'watches',
] as const;
export type LiveTopic = (typeof LIVE_TOPICS)[number];

/**
 * The handshake carries the access token in Socket.IO's `auth` payload, never in the URL. A
 * page's first connection also says how long ago the page started (`changedWithinMs`, at most
 * `RECENT_CHANGES_WINDOW_MS`): the server then sends `changed` for each topic changed since,
 * so what changed between the page's first reads and the link coming up is not missed.
 */
export type HandshakeAuth = { token?: string; changedWithinMs?: number };

/** How far back a first connection can ask what changed. */
export const RECENT_CHANGES_WINDOW_MS = 60_000;

/** An answer to `authenticate`: the token was accepted, or why not. */
export type AuthenticateAck = { ok: true } | { ok: false; code: 'session_expired' };

/**
 * Group chats (issue 15) are the exception to "topics, not data": a group message is delivered
 * as it is, to the room `conversation:<id>`, which only the sockets of the group's members join
 * (the server adds and removes them as membership changes, on every instance). `seq` orders
 * messages; a client that reconnects reads what came after the last seq it holds.
 */
export type GroupMessageEvent = {
  conversationId: string;
  /** A `chatMessageSchema` message, as `GET …/messages` returns it. */
  message: unknown;
};
/** Someone in the group is typing (sent at most every few seconds while they type). */
export type GroupTypingEvent = { conversationId: string; userId: string; name: string };
/** The assistant's progress on an @vowa question in a group; null when it has answered. */
export type GroupAssistantEvent = {
  conversationId: string;
  status:
    | 'thinking'
    | 'searching_flights'
    | 'searching_hotels'
    | 'searching_experiences'
    | 'planning_trips'
    | null;
};
/** Something of the group itself changed: its name, members, or plan (picks, votes, booking). */
export type GroupChangedEvent = { conversationId: string; what: 'group' | 'members' | 'plan' };

export interface ServerToClientEvents {
  /** Something of this topic changed for the signed-in person. */
  changed: (topic: LiveTopic) => void;
  group_message: (event: GroupMessageEvent) => void;
  group_typing: (event: GroupTypingEvent) => void;
  group_assistant: (event: GroupAssistantEvent) => void;
  group_changed: (event: GroupChangedEvent) => void;
}

export interface ClientToServerEvents {
  /**
   * A fresh access token for the same sign-in (after the browser refreshed it). Without one the
   * server drops the connection when the token it was opened with expires.
   */
  authenticate: (token: string, ack: (answer: AuthenticateAck) => void) => void;
  /** The person is typing in this group; ignored unless their socket is in its room. */
  group_typing: (conversationId: string) => void;
}
