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
    const keys = { JWT_SECRET: 'j'.repeat(32), ENCRYPTION_KEY: 'e'.repeat(32) };
    expect(loadConfig({ ...keys, DATABASE_URL: 'postgres://u:p@db:5432/vowa' }).database).toEqual({
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

  it('refuses a shared PostgreSQL database without JWT_SECRET and ENCRYPTION_KEY, naming them', () => {
    const shared = { DATABASE_URL: 'postgres://db.internal:5432/vowa' };
    expect(() => loadConfig(shared)).toThrow(ConfigError);
    expect(() => loadConfig(shared)).toThrow(
      /JWT_SECRET: must be set[\s\S]*ENCRYPTION_KEY: must be set/,
    );
    expect(() => loadConfig({ ...shared, JWT_SECRET: 'j'.repeat(32) })).toThrow(
      /ENCRYPTION_KEY: must be set/,
    );
    const keys = { JWT_SECRET: 'j'.repeat(32), ENCRYPTION_KEY: 'e'.repeat(32) };
    expect(loadConfig({ ...shared, ...keys }).database.kind).toBe('postgres');
    // The embedded database belongs to one instance: its keys may be generated.
    expect(loadConfig({}).jwtSecret).toBeUndefined();
  });

  it('names the bad value in the message', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow('(got "eighty")');
  });
});

describe('Duffel', () => {
  it('stays on the offline inventory unless DUFFEL_ACCESS_TOKEN is set', () => {
    expect(loadConfig({}).duffel).toBeUndefined();
    expect(loadConfig({ DUFFEL_ACCESS_TOKEN: 'duffel_test_abc123' }).duffel).toEqual({
      accessToken: 'duffel_test_abc123',
      apiUrl: 'https://api.duffel.com',
    });
    expect(
      loadConfig({ DUFFEL_ACCESS_TOKEN: 'duffel_live_x', DUFFEL_API_URL: 'http://127.0.0.1:9/' })
        .duffel?.apiUrl,
    ).toBe('http://127.0.0.1:9');
  });

  it('refuses something that is not a Duffel token without repeating it', () => {
    const attempt = () => loadConfig({ DUFFEL_ACCESS_TOKEN: 'sk_live_do-not-print-me' });
    expect(attempt).toThrow(/DUFFEL_ACCESS_TOKEN: must be a Duffel access token/);
    expect(attempt).toThrow('(got a value of 23 characters)');
  });
});

describe('S3 file storage', () => {
  it('stays on DATA_DIR/uploads unless S3_BUCKET is set', () => {
    expect(loadConfig({}).s3).toBeUndefined();
  });

  it('selects AWS S3 from S3_BUCKET, with the SDK credential chain and defaults', () => {
    expect(loadConfig({ S3_BUCKET: 'vowa-uploads' }).s3).toEqual({
      bucket: 'vowa-uploads',
      region: 'us-east-1',
      endpoint: undefined,
      credentials: undefined,
      prefix: 'uploads/',
      forcePathStyle: false,
    });
  });

  it('addresses an S3-compatible endpoint by path, with static keys', () => {
    const s3 = loadConfig({
      S3_BUCKET: 'avatars.example',
      S3_REGION: 'auto',
      S3_ENDPOINT: 'https://account.r2.cloudflarestorage.com',
      S3_ACCESS_KEY_ID: 'key-id',
      S3_SECRET_ACCESS_KEY: 'secret-key',
      S3_PREFIX: 'vowa/files',
    }).s3;
    expect(s3).toEqual({
      bucket: 'avatars.example',
      region: 'auto',
      endpoint: 'https://account.r2.cloudflarestorage.com',
      credentials: { accessKeyId: 'key-id', secretAccessKey: 'secret-key' },
      prefix: 'vowa/files/',
      forcePathStyle: true,
    });
    expect(
      loadConfig({
        S3_BUCKET: 'b12',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_FORCE_PATH_STYLE: 'false',
      }).s3?.forcePathStyle,
    ).toBe(false);
    expect(loadConfig({ S3_BUCKET: 'b12', S3_FORCE_PATH_STYLE: 'true' }).s3?.forcePathStyle).toBe(
      true,
    );
    // "/" stores keys at the bucket's root.
    expect(loadConfig({ S3_BUCKET: 'b12', S3_PREFIX: '/' }).s3?.prefix).toBe('');
  });

  it.each([
    [
      { S3_BUCKET: 'b12', S3_ACCESS_KEY_ID: 'key-id' },
      'S3_SECRET_ACCESS_KEY: must be set together with S3_ACCESS_KEY_ID (got null)',
    ],
    [
      { S3_BUCKET: 'b12', S3_SECRET_ACCESS_KEY: 'secret-key' },
      'S3_ACCESS_KEY_ID: must be set together with S3_SECRET_ACCESS_KEY (got null)',
    ],
    [
      { S3_ENDPOINT: 'http://127.0.0.1:9000', S3_REGION: 'auto' },
      'S3_BUCKET: is required to store uploads in S3 (S3_REGION, S3_ENDPOINT are set)',
    ],
    [{ S3_BUCKET: 'My_Bucket' }, 'S3_BUCKET: must be a bucket name'],
    [{ S3_BUCKET: 'b12', S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT: must be a URL like http://'],
    [{ S3_BUCKET: 'b12', S3_REGION: 'US East' }, 'S3_REGION: must be a region name'],
    [{ S3_BUCKET: 'b12', S3_PREFIX: '../elsewhere/' }, 'S3_PREFIX: must not contain . or ..'],
    [
      { S3_BUCKET: 'b12', S3_PREFIX: '/absolute/' },
      'S3_PREFIX: must be a key prefix like uploads/',
    ],
    [
      { S3_BUCKET: 'b12', S3_FORCE_PATH_STYLE: 'maybe' },
      'S3_FORCE_PATH_STYLE: must be true or false',
    ],
  ])('stops with a clear message for %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('does not repeat the secret key when the pair is incomplete', () => {
    const error = (() => {
      try {
        loadConfig({ S3_BUCKET: 'b12', S3_SECRET_ACCESS_KEY: 'do-not-print-me' });
      } catch (caught) {
        return caught as ConfigError;
      }
    })();
    expect(error?.problems).toHaveLength(1);
    expect(error?.message).not.toContain('do-not-print-me');
  });
});

describe('Web Push (VAPID)', () => {
  const pair = {
    VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}`,
    VAPID_PRIVATE_KEY: 'k'.repeat(43),
  };

  it('generates its key pair into the database unless both keys are set', () => {
    expect(loadConfig({})).toMatchObject({ vapid: undefined, vapidSubject: undefined });
    expect(loadConfig({ ...pair, VAPID_SUBJECT: 'mailto:ops@vowa.example' })).toMatchObject({
      vapid: { publicKey: pair.VAPID_PUBLIC_KEY, privateKey: pair.VAPID_PRIVATE_KEY },
      vapidSubject: 'mailto:ops@vowa.example',
    });
  });

  it.each([
    [{ VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY }, 'VAPID_PRIVATE_KEY: must be set together'],
    [{ VAPID_PRIVATE_KEY: pair.VAPID_PRIVATE_KEY }, 'VAPID_PUBLIC_KEY: must be set together'],
    [{ ...pair, VAPID_PUBLIC_KEY: 'short' }, 'VAPID_PUBLIC_KEY: must be a VAPID public key'],
    [{ VAPID_SUBJECT: 'http://vowa.example' }, 'VAPID_SUBJECT: must be a mailto: address'],
  ])('stops with a clear message for %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('never repeats the private key in an error', () => {
    const secret = `${'s'.repeat(42)}!`;
    expect(() => loadConfig({ ...pair, VAPID_PRIVATE_KEY: secret })).toThrow(ConfigError);
    expect(() => loadConfig({ ...pair, VAPID_PRIVATE_KEY: secret })).not.toThrow(secret);
  });
});
