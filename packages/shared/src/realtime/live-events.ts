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
export const LIVE_TOPICS = ['settings', 'finance', 'bucket-lists', 'conversations'] as const;
export type LiveTopic = (typeof LIVE_TOPICS)[number];

/** The handshake carries the access token in Socket.IO's `auth` payload, never in the URL. */
export type HandshakeAuth = { token?: string };

/** An answer to `authenticate`: the token was accepted, or why not. */
export type AuthenticateAck = { ok: true } | { ok: false; code: 'session_expired' };

export interface ServerToClientEvents {
  /** Something of this topic changed for the signed-in person. */
  changed: (topic: LiveTopic) => void;
}

export interface ClientToServerEvents {
  /**
   * A fresh access token for the same sign-in (after the browser refreshed it). Without one the
   * server drops the connection when the token it was opened with expires.
   */
  authenticate: (token: string, ack: (answer: AuthenticateAck) => void) => void;
}
