import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AppConfig } from '../config/env';
import { serializeError } from '../lib/serialize-error';
import { loggerOptions } from './logging';
import { OneLineRequestLog } from './request-log';

/** A bare Fastify app with the app's logger, writing its lines into an array. */
function loggedApp() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  const config = { logLevel: 'info', env: 'production' } as AppConfig;
  const app = Fastify({
    logger: loggerOptions(config, stream),
    logController: new OneLineRequestLog(),
  });
  return { app, lines };
}

describe('log lines', () => {
  it('censor secret fields of a logged object and of a logged error', () => {
    const { app, lines } = loggedApp();
    const error = Object.assign(new Error('refresh failed'), { refresh_token: 'rt-secret' });
    app.log.info(
      {
        body: { email: 'a@example.com', password: 'pw-secret', new_password: 'np-secret' },
        err: error,
      },
      'something happened',
    );
    const text = JSON.stringify(lines);
    expect(text).not.toMatch(/pw-secret|np-secret|rt-secret/);
    expect(lines[0]).toMatchObject({
      msg: 'something happened',
      body: { email: 'a@example.com', password: '[redacted]', new_password: '[redacted]' },
      err: { type: 'Error', message: 'refresh failed', refresh_token: '[redacted]' },
    });
    // The logged objects themselves are left as they were.
    expect(error.refresh_token).toBe('rt-secret');
    expect(serializeError(error)).toMatchObject({ refresh_token: 'rt-secret' });
  });

  it('write one line per request, without headers, cookies or query strings', async () => {
    const { app, lines } = loggedApp();
    app.get('/thing', async () => ({ ok: true }));
    await app.inject({
      url: '/thing?token=query-secret',
      headers: { authorization: 'Bearer header-secret', cookie: 'refresh=cookie-secret' },
    });
    await app.close();
    const requestLines = lines.filter((line) => line.msg === 'request completed');
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({
      req: { method: 'GET', url: '/thing' },
      res: { statusCode: 200 },
    });
    expect(JSON.stringify(lines)).not.toMatch(/query-secret|header-secret|cookie-secret/);
  });
});
