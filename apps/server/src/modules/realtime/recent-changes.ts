import { RECENT_CHANGES_WINDOW_MS, type LiveTopic } from '@vowa/shared/realtime/live-events';
import type { RedisLink } from '../../plugins/redis';

const keyOf = (userId: string) => `vowa:live:changed:${userId}`;

/**
 * When each person's topics last changed, for the last minute: a page that connects after its
 * first reads asks what changed since it started (see HandshakeAuth). With Redis every instance
 * sees every change; this process's own record is kept too, and is what answers while Redis is
 * away.
 */
export function createRecentChanges(redis?: RedisLink) {
  const local = new Map<string, Map<LiveTopic, number>>();
  const sweep = setInterval(() => {
    const oldest = Date.now() - RECENT_CHANGES_WINDOW_MS;
    for (const [userId, topics] of local) {
      for (const [topic, at] of topics) if (at < oldest) topics.delete(topic);
      if (topics.size === 0) local.delete(userId);
    }
  }, RECENT_CHANGES_WINDOW_MS).unref();

  function recordLocally(userId: string, topic: LiveTopic, at: number) {
    const topics = local.get(userId) ?? new Map<LiveTopic, number>();
    topics.set(topic, at);
    local.set(userId, topics);
  }

  return {
    record(userIds: readonly string[], topic: LiveTopic) {
      const at = Date.now();
      for (const userId of userIds) recordLocally(userId, topic, at);
      if (!redis?.isUp() || userIds.length === 0) return;
      const batch = redis.client.multi();
      for (const userId of userIds) {
        batch.hset(keyOf(userId), topic, at).pexpire(keyOf(userId), RECENT_CHANGES_WINDOW_MS);
      }
      batch.exec().catch(redis.markFailed);
    },

    /** The person's topics changed at or after `sinceMs`. */
    async changedSince(userId: string, sinceMs: number): Promise<LiveTopic[]> {
      const times = new Map(local.get(userId));
      if (redis?.isUp()) {
        const shared = await redis.client.hgetall(keyOf(userId)).catch((error: unknown) => {
          redis.markFailed(error);
          return {};
        });
        for (const [topic, at] of Object.entries(shared)) {
          times.set(topic as LiveTopic, Math.max(Number(at), times.get(topic as LiveTopic) ?? 0));
        }
      }
      return [...times].filter(([, at]) => at >= sinceMs).map(([topic]) => topic);
    },

    close() {
      clearInterval(sweep);
    },
  };
}

export type RecentChanges = ReturnType<typeof createRecentChanges>;
