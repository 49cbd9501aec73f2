import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFailoverStore } from './rate-limit-store';
import { closeRedis, openRedis, type RedisLink } from './redis';

/** The counter after one more hit of `key` on `route`, as @fastify/rate-limit asks for it. */
function hit(store: FastifyRateLimitStore, route: string, key: string): Promise<number> {
  const child = store.child({ routeInfo: { method: 'GET', url: route } } as never);
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, result?: { current: number }) =>
      error ? reject(error) : resolve(result!.current);
    child.incr(key, done, 60_000, 100);
  });
}

const storeWith = (link: RedisLink | undefined, prefix: string) =>
  new (createFailoverStore(link, prefix))({} as never);

// In Redis when the suite runs with it (CI's second pass), in this process otherwise.
describe(`rate-limit counters (${process.env.REDIS_URL ? 'Redis' : 'in process'})`, () => {
  let link: RedisLink | undefined;
  const run = `${Date.now()}-${Math.random()}`;
  beforeAll(async () => {
    link = await openRedis(process.env.REDIS_URL, pino({ level: 'silent' }));
  });
  afterAll(async () => {
    await closeRedis(link);
  });

  it('count per route and client, shared by every store with the same prefix', async () => {
    const one = storeWith(link, `test-${run}:`);
    const other = storeWith(link, `test-${run}:`);
    expect(await hit(one, '/a', '127.0.0.1')).toBe(1);
    expect(await hit(other, '/a', '127.0.0.1')).toBe(link ? 2 : 1);
    expect(await hit(one, '/b', '127.0.0.1')).toBe(1);
    expect(await hit(one, '/a', '10.0.0.1')).toBe(1);
  });

  it('are apart under another prefix: one deployment’s (or test’s) hits never use up another’s', async () => {
    const first = storeWith(link, `first-${run}:`);
    const second = storeWith(link, `second-${run}:`);
    for (let i = 0; i < 5; i += 1) await hit(first, '/feed', '127.0.0.1');
    expect(await hit(second, '/feed', '127.0.0.1')).toBe(1);
    expect(await hit(first, '/feed', '127.0.0.1')).toBe(6);
  });
});
