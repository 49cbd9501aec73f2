import path from 'node:path';
import { z } from 'zod';

/**
 * The only place that reads environment variables (ARCHITECTURE.md). Every variable is optional:
 * with none set, Vowa runs on its embedded defaults. Each one is listed in `.env.example`.
 */
const optionalUrl = (protocols: string[], example: string) =>
  z
    .string()
    .optional()
    .refine(
      (value) => {
        if (value === undefined) return true;
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      { message: `must be a URL like ${example}` },
    );

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .optional()
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce
    .number({ message: 'must be a port number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 65535')
    .max(65535, 'must be between 1 and 65535')
    .default(8000),
  APP_URL: optionalUrl(['http:', 'https:'], 'http://localhost:8000'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl(
    ['postgres:', 'postgresql:', 'memory:'],
    'postgres://user:password@localhost:5432/vowa',
  ),
  REDIS_URL: optionalUrl(['redis:', 'rediss:'], 'redis://127.0.0.1:6379'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: optionalUrl(['smtp:', 'smtps:'], 'smtp://user:password@smtp.example.com:587'),
  MAIL_FROM: z.string().min(3).default('Vowa <no-reply@vowa.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_RATE_LIMIT_MAX: z.coerce
    .number({ message: 'must be a number' })
    .int()
    .min(1, 'must be at least 1')
    .default(10),
  TRAVEL_RATE_LIMIT_MAX: z.coerce
    .number({ message: 'must be a number' })
    .int()
    .min(1, 'must be at least 1')
    .default(300),
  TRUST_PROXY: booleanFlag,
  WEB_DIST_DIR: z.string().min(1).optional(),
  UNSPLASH_ACCESS_KEY: z.string().min(1).optional(),
  ENCRYPTION_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  PLAID_CLIENT_ID: z.string().min(1).optional(),
  PLAID_SECRET: z.string().min(1).optional(),
  PLAID_ENV: z
    .enum(['sandbox', 'production'], { message: 'must be sandbox or production' })
    .default('sandbox'),
  PLAID_BASE_URL: optionalUrl(['http:', 'https:'], 'https://sandbox.plaid.com'),
  UNSPLASH_API_URL: optionalUrl(['http:', 'https:'], 'https://api.unsplash.com'),
  AMADEUS_CLIENT_ID: z.string().min(1).optional(),
  AMADEUS_CLIENT_SECRET: z.string().min(1).optional(),
  AMADEUS_BASE_URL: optionalUrl(['http:', 'https:'], 'https://test.api.amadeus.com'),
  FX_RATES_URL: optionalUrl(['http:', 'https:'], 'https://api.frankfurter.dev/v1'),
  GEOCODER_URL: optionalUrl(['http:', 'https:'], 'https://nominatim.openstreetmap.org'),
});

export type DatabaseConfig =
  { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

export type AppConfig = {
  env: 'production' | 'development' | 'test';
  host: string;
  port: number;
  /** The public origin of the web app: mailed links and CORS are built from it. */
  appUrl: string;
  dataDir: string;
  database: DatabaseConfig;
  redisUrl: string | undefined;
  jwtSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Requests a client may make per minute to each of login, register, forgot and reset. */
  authRateLimitMax: number;
  /** Travel searches and re-quotes a signed-in user may make per minute (provider quotas). */
  travelRateLimitMax: number;
  trustProxy: boolean;
  /** Where the built web app lives; `undefined` lets the server find apps/web/dist. */
  webDistDir: string | undefined;
  /** Destination images from Unsplash when a key is set; otherwise the shipped artwork. */
  unsplash: { accessKey: string; apiUrl: string } | undefined;
  /** Seals bank access tokens at rest; generated into DATA_DIR when not set. */
  encryptionKey: string | undefined;
  /** Plaid when both credentials are set; otherwise the sandbox bank. */
  plaid:
    | {
        clientId: string;
        secret: string;
        env: 'sandbox' | 'production';
        baseUrl: string | undefined;
      }
    | undefined;
  /** Amadeus Self-Service when both credentials are set; otherwise the offline inventory. */
  amadeus: { clientId: string; clientSecret: string; baseUrl: string } | undefined;
  /** Live reference exchange rates (Frankfurter API); otherwise the bundled table. */
  fxRatesUrl: string | undefined;
  /** Nominatim for "Detect location"; otherwise the nearest bundled city. */
  geocoderUrl: string | undefined;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment once at start; a bad value stops the start with a clear message. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  // An empty value in a .env file means "not set", not "set to nothing".
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = issue.path.join('.');
        return `${name}: ${issue.message} (got ${JSON.stringify(present[name] ?? null)})`;
      }),
    );
  }
  const vars = parsed.data;
  const dataDir = path.resolve(vars.DATA_DIR);
  return {
    env: vars.NODE_ENV,
    host: vars.HOST,
    port: vars.PORT,
    appUrl: (vars.APP_URL ?? `http://localhost:${vars.PORT}`).replace(/\/+$/, ''),
    dataDir,
    database: databaseConfig(vars.DATABASE_URL, dataDir),
    redisUrl: vars.REDIS_URL,
    jwtSecret: vars.JWT_SECRET,
    smtpUrl: vars.SMTP_URL,
    mailFrom: vars.MAIL_FROM,
    logLevel: vars.LOG_LEVEL,
    authRateLimitMax: vars.AUTH_RATE_LIMIT_MAX,
    travelRateLimitMax: vars.TRAVEL_RATE_LIMIT_MAX,
    trustProxy: vars.TRUST_PROXY,
    webDistDir: vars.WEB_DIST_DIR ? path.resolve(vars.WEB_DIST_DIR) : undefined,
    unsplash: vars.UNSPLASH_ACCESS_KEY
      ? {
          accessKey: vars.UNSPLASH_ACCESS_KEY,
          apiUrl: vars.UNSPLASH_API_URL ?? 'https://api.unsplash.com',
        }
      : undefined,
    encryptionKey: vars.ENCRYPTION_KEY,
    plaid:
      vars.PLAID_CLIENT_ID && vars.PLAID_SECRET
        ? {
            clientId: vars.PLAID_CLIENT_ID,
            secret: vars.PLAID_SECRET,
            env: vars.PLAID_ENV,
            baseUrl: vars.PLAID_BASE_URL,
          }
        : undefined,
    amadeus:
      vars.AMADEUS_CLIENT_ID && vars.AMADEUS_CLIENT_SECRET
        ? {
            clientId: vars.AMADEUS_CLIENT_ID,
            clientSecret: vars.AMADEUS_CLIENT_SECRET,
            baseUrl: vars.AMADEUS_BASE_URL ?? 'https://test.api.amadeus.com',
          }
        : undefined,
    fxRatesUrl: vars.FX_RATES_URL,
    geocoderUrl: vars.GEOCODER_URL,
  };
}

function databaseConfig(url: string | undefined, dataDir: string): DatabaseConfig {
  if (url === undefined) return { kind: 'pglite', dataDir: path.join(dataDir, 'db') };
  // memory:// is an in-memory PGlite database: for tests and throwaway demos.
  if (url.startsWith('memory:')) return { kind: 'pglite', dataDir: 'memory://' };
  return { kind: 'postgres', url };
}
