import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

describe('loadConfig', () => {
  it('runs on embedded defaults with nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8000,
      host: '0.0.0.0',
      appUrl: 'http://localhost:8000',
      dataDir: path.resolve('./data'),
      database: { kind: 'pglite', dataDir: path.resolve('./data/db') },
      redisUrl: undefined,
      smtpUrl: undefined,
      authRateLimitMax: 10,
      trustProxy: false,
    });
  });

  it('selects PostgreSQL and in-memory PGlite from DATABASE_URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/vowa' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u:p@db:5432/vowa',
    });
    expect(loadConfig({ DATABASE_URL: 'memory://' }).database).toEqual({
      kind: 'pglite',
      dataDir: 'memory://',
    });
  });

  it('treats empty values as unset and trims a trailing slash from APP_URL', () => {
    const config = loadConfig({ PORT: '', APP_URL: 'https://vowa.example.com/' });
    expect(config.port).toBe(8000);
    expect(config.appUrl).toBe('https://vowa.example.com');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT: must be a port number'],
    [{ PORT: '70000' }, 'PORT: must be between 1 and 65535'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL: must be a URL like postgres://'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL: must be a URL like redis://'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL: must be a URL like smtp://'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET: must be at least 32 characters'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL:'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY: must be true or false'],
  ])('stops with a clear message for %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('names the bad value in the message', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow('(got "eighty")');
  });
});
