import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** After a command fails, Redis is left alone this long before it is tried again. */
const RETRY_AFTER_FAILURE_MS = 5000;

/**
 * The one Redis connection the app shares, with what the app knows of its health. Timeouts are
 * short: a Redis that is away must cost a request milliseconds, not seconds. Users of the link
 * ask `isUp()` before each use and fall back (rate limits count in this process) while it is
 * down; the change is logged once each way, not per request or per reconnect attempt.
 */
export type RedisLink = {
  client: Redis;
  /** Connected, and no command has failed in the last few seconds. */
  isUp: () => boolean;
  /** A command failed (timeout, connection lost): use the fallback for a while. */
  markFailed: (error: unknown) => void;
};

/** How long startup waits for Redis before serving with the fallback. */
const STARTUP_WAIT_MS = 1000;

export async function openRedis(
  url: string | undefined,
  log: FastifyBaseLogger,
): Promise<RedisLink | undefined> {
  if (!url) return undefined;
  const client = new Redis(url, {
    connectTimeout: 1000,
    commandTimeout: 1000,
    maxRetriesPerRequest: 1,
  });
  let failedUntil = 0;
  let reportedDown = false;

  const reportDown = (error: unknown) => {
    if (reportedDown) return;
    reportedDown = true;
    log.warn(
      { err: error },
      'Redis is unavailable: rate limits are counted in this process until it is back',
    );
  };
  client.on('error', reportDown);
  client.on('ready', () => {
    failedUntil = 0;
    if (reportedDown) log.info('Redis is back: rate limits are shared again');
    reportedDown = false;
  });

  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, STARTUP_WAIT_MS);
    client.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });

  return {
    client,
    isUp() {
      const up = client.status === 'ready' && Date.now() >= failedUntil;
      // A Redis that accepts connections but never answers raises no error: say so here.
      if (!up) reportDown(new Error(`Redis is ${client.status}`));
      return up;
    },
    markFailed(error) {
      failedUntil = Date.now() + RETRY_AFTER_FAILURE_MS;
      reportDown(error);
    },
  };
}

/** Ends the connection politely (pending replies first), or at once when Redis is away. */
export async function closeRedis(link: RedisLink | undefined) {
  if (!link) return;
  if (link.client.status !== 'ready') {
    link.client.disconnect();
    return;
  }
  await link.client.quit().catch(() => link.client.disconnect());
}
