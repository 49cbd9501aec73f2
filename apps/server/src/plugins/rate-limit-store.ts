import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { RedisLink } from './redis';

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;

/** Counts a hit in a fixed window: the first hit of a window starts its expiry. */
const INCREMENT_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {current, redis.call('PTTL', KEYS[1])}
`;

/** Counters in this process: the store without Redis, and the fallback while Redis is down. */
function createLocalCounters() {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return (key: string, timeWindow: number): Counted => {
    const now = Date.now();
    if (windows.size > 10_000) {
      for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
    }
    let window = windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + timeWindow };
      windows.set(key, window);
    }
    window.count += 1;
    return { current: window.count, ttl: window.resetAt - now };
  };
}

/**
 * A rate-limit store that counts in Redis (shared by every instance) while Redis is up, and in
 * this process while it is not, so limits keep applying and requests never wait on Redis.
 */
export function createFailoverStore(
  link: RedisLink | undefined,
  keyPrefix = 'vowa-rate-limit:',
): FastifyRateLimitStoreCtor {
  const local = createLocalCounters();

  function store(prefix: string): FastifyRateLimitStore {
    return {
      incr(key: string, callback: Callback, timeWindow: number) {
        const fullKey = `${prefix}${key}`;
        if (!link?.isUp()) {
          callback(null, local(fullKey, timeWindow));
          return;
        }
        (link.client.eval(INCREMENT_SCRIPT, 1, fullKey, timeWindow) as Promise<[number, number]>)
          .then(([current, ttl]) => callback(null, { current, ttl }))
          .catch((error: unknown) => {
            link.markFailed(error);
            callback(null, local(fullKey, timeWindow));
          });
      },
      // Each limited route counts on its own (the plugin passes the route as `routeInfo`).
      child(options) {
        const route = (options as { routeInfo?: { method?: unknown; url?: string } }).routeInfo;
        return store(`${prefix}${String(route?.method ?? '')}${route?.url ?? ''}-`);
      },
    };
  }

  return class {
    constructor() {
      return store(keyPrefix);
    }
  } as unknown as FastifyRateLimitStoreCtor;
}
