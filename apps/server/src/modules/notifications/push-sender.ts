import { createHash } from 'node:crypto';
import type { PushPayload } from '@vowa/shared/notifications/notification-schemas';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { VapidKeys } from './vapid-keys';

/**
 * What became of one push: `gone` (404/410: the browser unsubscribed, forget it), `retry` (the
 * push service is busy or unreachable), `refused` (any other answer: retrying will not help).
 */
export type PushOutcome = 'sent' | 'gone' | 'retry' | 'refused';

export type PushTarget = { endpoint: string; p256dh: string; auth: string };

/** A push is news for a day; after that the push service may drop it. */
const PUSH_TTL_SECONDS = 86_400;
const PUSH_TIMEOUT_MS = 10_000;

/** The push service's `Topic` (at most 32 URL-safe characters): a newer push replaces an older. */
const topicOf = (tag: string) => createHash('sha256').update(tag).digest('base64url').slice(0, 32);

/**
 * Sends Web Push messages (RFC 8030) with `web-push`: the payload encrypted for the browser
 * (RFC 8291, aes128gcm) and signed with the VAPID key (RFC 8292). web-push builds the request;
 * it is sent with fetch (no redirects, a time limit), so a slow push service holds nothing up.
 */
export function createPushSender(deps: { keys: () => Promise<VapidKeys>; log: FastifyBaseLogger }) {
  return {
    async send(target: PushTarget, payload: PushPayload): Promise<PushOutcome> {
      const keys = await deps.keys();
      let request: ReturnType<typeof webpush.generateRequestDetails>;
      try {
        request = webpush.generateRequestDetails(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          JSON.stringify(payload),
          {
            vapidDetails: keys,
            TTL: PUSH_TTL_SECONDS,
            topic: topicOf(payload.tag),
            contentEncoding: 'aes128gcm',
          },
        );
      } catch (error) {
        // Keys no browser could have made: nothing can ever be sent to it.
        deps.log.warn({ err: error }, 'push subscription unusable');
        return 'gone';
      }
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers)) {
        if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
      }
      let status: number;
      try {
        const response = await fetch(request.endpoint, {
          method: request.method,
          headers,
          body: request.body ? new Uint8Array(request.body) : undefined,
          redirect: 'manual',
          signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
        });
        status = response.status;
        await response.body?.cancel();
      } catch (error) {
        deps.log.warn({ err: error }, 'push service unreachable');
        return 'retry';
      }
      if (status >= 200 && status < 300) return 'sent';
      if (status === 404 || status === 410) return 'gone';
      if (status === 429 || status >= 500) return 'retry';
      deps.log.warn({ status }, 'push service refused a message');
      return 'refused';
    },
  };
}

export type PushSender = ReturnType<typeof createPushSender>;
