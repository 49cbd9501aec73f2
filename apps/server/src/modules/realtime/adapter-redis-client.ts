import { Redis, type RedisOptions } from 'ioredis';

/** How long one stream read waits for news from other instances before it asks again. */
export const STREAM_READ_BLOCK_MS = 5000;

/**
 * The Redis client handed to the Socket.IO Redis Streams adapter. The adapter fires some commands
 * without waiting for them (SUBSCRIBE, PUBLISH, the session SET); while Redis is away each of
 * those rejects with nobody listening, and an unhandled rejection ends a Node process. Every
 * command's own promise is therefore marked handled here: whoever awaits it still receives the
 * error, and the outage itself is reported once by the app's Redis link.
 *
 * The client publishes with the app's short command timeout, so an emit falls back to this
 * instance quickly when Redis hangs. The adapter duplicates it for its blocking stream reads and
 * its subscriptions, and those have no command timeout: a timed-out read would leave the real
 * one blocked on the connection, and whatever it then returned would be thrown away.
 */
export class AdapterRedisClient extends Redis {
  static from(client: Redis): AdapterRedisClient {
    return new AdapterRedisClient(client.options);
  }

  constructor(options: RedisOptions) {
    super({ ...options, replyMapping: 'legacy' });
    // Connection errors are the app's Redis link's to report; without a listener ioredis prints
    // every reconnect attempt.
    this.on('error', () => {});
  }

  // Typed like the base method (generic in the reply mapping, which this client keeps legacy).
  override duplicate: Redis['duplicate'] = (override) =>
    new AdapterRedisClient({
      ...this.options,
      commandTimeout: undefined,
      ...override,
    }) as never;

  override sendCommand(
    ...args: Parameters<Redis['sendCommand']>
  ): ReturnType<Redis['sendCommand']> {
    const reply = super.sendCommand(...args);
    if (reply instanceof Promise) reply.catch(() => {});
    return reply;
  }
}
