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

/** A flag whose default depends on other variables: undefined when not set. */
const optionalBooleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .optional()
  .transform((value) =>
    value === undefined ? undefined : value === 'true' || value === '1' || value === 'yes',
  );

/** S3's bucket naming rules (3–63 characters: lowercase letters, digits, dots and hyphens). */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** The settings that mean nothing without S3_BUCKET, which selects object storage. */
const S3_SETTINGS = [
  'S3_REGION',
  'S3_ENDPOINT',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_PREFIX',
  'S3_FORCE_PATH_STYLE',
] as const;

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
  CHAT_RATE_LIMIT_MAX: z.coerce
    .number({ message: 'must be a number' })
    .int()
    .min(1, 'must be at least 1')
    .default(30),
  GROUP_MESSAGE_RATE_LIMIT_MAX: z.coerce
    .number({ message: 'must be a number' })
    .int()
    .min(1, 'must be at least 1')
    .default(60),
  SHARE_RATE_LIMIT_MAX: z.coerce
    .number({ message: 'must be a number' })
    .int()
    .min(1, 'must be at least 1')
    .default(20),
  GROUP_INVITE_RATE_LIMIT_MAX: z.coerce
    .number({ message: 'must be a number' })
    .int()
    .min(1, 'must be at least 1')
    .default(20),
  GROUP_JOIN_RATE_LIMIT_MAX: z.coerce
    .number({ message: 'must be a number' })
    .int()
    .min(1, 'must be at least 1')
    .default(10),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, 'must be a Twilio Account SID (AC followed by 32 hex digits)')
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16, 'must be a Twilio auth token').optional(),
  TWILIO_FROM: z
    .string()
    .regex(
      /^(\+\d{6,15}|[A-Za-z0-9 ]{1,11})$/,
      'must be a phone number like +15017122661 or an alphanumeric sender id',
    )
    .optional(),
  TWILIO_MESSAGING_SERVICE_SID: z
    .string()
    .regex(/^MG[0-9a-fA-F]{32}$/, 'must be a Messaging Service SID (MG followed by 32 hex digits)')
    .optional(),
  TWILIO_API_URL: optionalUrl(['http:', 'https:'], 'https://api.twilio.com'),
  TRUST_PROXY: booleanFlag,
  SUGGESTIONS_WARM_UP: optionalBooleanFlag,
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
  LLM_BASE_URL: optionalUrl(['http:', 'https:'], 'http://localhost:11434/v1'),
  LLM_API_KEY: z.string().min(1).optional(),
  LLM_MODEL: z.string().min(1).optional(),
  LLM_TIMEOUT_MS: z.coerce
    .number({ message: 'must be a number of milliseconds' })
    .int('must be a whole number')
    .min(100, 'must be at least 100')
    .default(30_000),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_test_… or pk_live_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'must be a Stripe webhook signing secret (whsec_…)')
    .optional(),
  STRIPE_API_BASE: optionalUrl(['http:', 'https:'], 'https://api.stripe.com'),
  DUFFEL_ACCESS_TOKEN: z
    .string()
    .regex(
      /^duffel_(test|live)_[\w-]+$/,
      'must be a Duffel access token (duffel_test_… or duffel_live_…)',
    )
    .optional(),
  DUFFEL_API_URL: optionalUrl(['http:', 'https:'], 'https://api.duffel.com'),
  FX_RATES_URL: optionalUrl(['http:', 'https:'], 'https://api.frankfurter.dev/v1'),
  GEOCODER_URL: optionalUrl(['http:', 'https:'], 'https://nominatim.openstreetmap.org'),
  JOBS_INTERVAL_MS: z.coerce
    .number({ message: 'must be a number of milliseconds' })
    .int('must be a whole number')
    .refine((value) => value === 0 || value >= 1000, 'must be 0 (off) or at least 1000')
    .default(300_000),
  WATCH_MONITOR_EVERY_MS: z.coerce
    .number({ message: 'must be a number of milliseconds' })
    .int('must be a whole number')
    .refine((value) => value === 0 || value >= 1000, 'must be 0 (off) or at least 1000')
    .default(60_000),
  WATCH_CHECK_INTERVAL_MS: z.coerce
    .number({ message: 'must be a number of milliseconds' })
    .int('must be a whole number')
    .min(1000, 'must be at least 1000')
    .default(3_600_000),
  JOBS_POLL_MS: z.coerce
    .number({ message: 'must be a number of milliseconds' })
    .int('must be a whole number')
    .refine((value) => value === 0 || value >= 100, 'must be 0 (off) or at least 100')
    .default(1000),
  S3_BUCKET: z
    .string()
    .regex(
      BUCKET_NAME,
      'must be a bucket name (3 to 63 lowercase letters, digits, dots or hyphens)',
    )
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'must be a region name like us-east-1')
    .optional(),
  S3_ENDPOINT: optionalUrl(['http:', 'https:'], 'http://127.0.0.1:9000'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PREFIX: z
    .string()
    .regex(
      /^(\/|[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\/?)$/,
      'must be a key prefix like uploads/ (letters, digits, . _ - and /), or / for none',
    )
    .refine((value) => !value.split('/').some((part) => part === '.' || part === '..'), {
      message: 'must not contain . or .. segments',
    })
    .optional(),
  S3_FORCE_PATH_STYLE: optionalBooleanFlag,
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(
      /^[A-Za-z0-9_-]{87}$/,
      'must be a VAPID public key (65 bytes in URL-safe base64, as npx web-push generate-vapid-keys prints)',
    )
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(
      /^[A-Za-z0-9_-]{43}$/,
      'must be a VAPID private key (32 bytes in URL-safe base64, as npx web-push generate-vapid-keys prints)',
    )
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'must be a mailto: address or an https: URL')
    .optional(),
});

/** Rules between variables, reported like the others. */
const checkedEnvSchema = envSchema.superRefine((vars, context) => {
  // The key pair is used as a pair; one alone is a mistake, not a reason to look elsewhere.
  if (vars.S3_ACCESS_KEY_ID && !vars.S3_SECRET_ACCESS_KEY) {
    context.addIssue({
      code: 'custom',
      path: ['S3_SECRET_ACCESS_KEY'],
      message: 'must be set together with S3_ACCESS_KEY_ID',
    });
  }
  if (vars.S3_SECRET_ACCESS_KEY && !vars.S3_ACCESS_KEY_ID) {
    context.addIssue({
      code: 'custom',
      path: ['S3_ACCESS_KEY_ID'],
      message: 'must be set together with S3_SECRET_ACCESS_KEY',
    });
  }
  // Stripe needs all three keys: a secret alone could take payments the browser cannot confirm.
  const stripe = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;
  const stripeSet = stripe.filter((name) => vars[name] !== undefined);
  if (stripeSet.length > 0 && stripeSet.length < stripe.length) {
    for (const name of stripe.filter((each) => vars[each] === undefined)) {
      context.addIssue({
        code: 'custom',
        path: [name],
        message: `must be set together with ${stripeSet.join(', ')}`,
      });
    }
  }
  // Twilio needs its account, its token and a sender (a number or a Messaging Service).
  const twilioSet = (['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN'] as const).filter(
    (name) => vars[name] !== undefined,
  );
  const twilioSender = vars.TWILIO_FROM ?? vars.TWILIO_MESSAGING_SERVICE_SID;
  if (twilioSet.length > 0 || twilioSender !== undefined) {
    for (const name of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN'] as const) {
      if (vars[name] === undefined) {
        context.addIssue({
          code: 'custom',
          path: [name],
          message: 'must be set to send text messages through Twilio',
        });
      }
    }
    if (twilioSender === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['TWILIO_FROM'],
        message:
          'must be set (or TWILIO_MESSAGING_SERVICE_SID) to send text messages through Twilio',
      });
    }
  }
  // The VAPID key pair is used as a pair (pushes signed with one key, checked with the other).
  for (const [name, other] of [
    ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'],
    ['VAPID_PRIVATE_KEY', 'VAPID_PUBLIC_KEY'],
  ] as const) {
    if (vars[name] && !vars[other]) {
      context.addIssue({
        code: 'custom',
        path: [other],
        message: `must be set together with ${name}`,
      });
    }
  }
  // S3_BUCKET selects object storage; other S3_* settings without it would be silently ignored.
  const others = S3_SETTINGS.filter((name) => vars[name] !== undefined);
  if (!vars.S3_BUCKET && others.length > 0) {
    const verb = others.length === 1 ? 'is' : 'are';
    context.addIssue({
      code: 'custom',
      path: ['S3_BUCKET'],
      message: `is required to store uploads in S3 (${others.join(', ')} ${verb} set)`,
    });
  }
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
  /** Messages a person (or, signed out, an address) may send the assistant per minute. */
  chatRateLimitMax: number;
  /** Messages a person may send to their groups per minute (each one reaches every member). */
  groupMessageRateLimitMax: number;
  /** Bucket-list invitations a signed-in user may send per hour (each one mails someone). */
  shareRateLimitMax: number;
  /** Group invitations (mail or text message) a signed-in user may send per hour. */
  groupInviteRateLimitMax: number;
  /** Attempts to join a group with a code or link per person in 15 minutes (3× per address). */
  groupJoinRateLimitMax: number;
  trustProxy: boolean;
  /** Price the day's trip suggestions when the server starts and as each day begins (default on). */
  warmSuggestions: boolean;
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
  /** Stripe when its keys are set; otherwise sandbox payments. `apiBase` points at a fake. */
  stripe:
    | {
        secretKey: string;
        publishableKey: string;
        webhookSecret: string;
        apiBase: string | undefined;
      }
    | undefined;
  /** Duffel (flights and stays) when its access token is set; otherwise the offline inventory. */
  duffel: { accessToken: string; apiUrl: string } | undefined;
  /** An OpenAI-compatible chat-completions endpoint; the offline assistant answers without. */
  llm:
    | {
        baseUrl: string;
        apiKey: string | undefined;
        model: string;
        /** A model that has not finished its answer by then is given up on. */
        timeoutMs: number;
      }
    | undefined;
  /** Live reference exchange rates (Frankfurter API); otherwise the bundled table. */
  fxRatesUrl: string | undefined;
  /** Nominatim for "Detect location"; otherwise the nearest bundled city. */
  geocoderUrl: string | undefined;
  /** How often the background jobs (notification emails) run on this instance; 0: never. */
  jobsIntervalMs: number;
  /** How often this instance looks for due jobs of the job queue; 0: it works none. */
  jobsPollMs: number;
  /** How often the price-watch monitor runs (issue 16); 0: never scheduled. */
  watchMonitorEveryMs: number;
  /** How long after a check a watch is priced again. */
  watchCheckIntervalMs: number;
  /** Uploaded files (avatars) in an S3-compatible bucket with S3_BUCKET; else DATA_DIR/uploads. */
  s3: S3Config | undefined;
  /** Text messages through Twilio when configured; otherwise to DATA_DIR/outbox. */
  twilio: TwilioConfig | undefined;
  /** The VAPID key pair Web Push is signed with; otherwise generated once into the database. */
  vapid: { publicKey: string; privateKey: string } | undefined;
  /** Who push services may contact about our pushes: VAPID_SUBJECT, else mailto: MAIL_FROM. */
  vapidSubject: string | undefined;
};

export type TwilioConfig = {
  accountSid: string;
  authToken: string;
  /** The sender: a number (or alphanumeric id), or a Messaging Service that picks one. */
  from: { kind: 'number'; from: string } | { kind: 'service'; messagingServiceSid: string };
  /** Twilio's REST API; another origin only for a local fake or a proxy. */
  apiUrl: string | undefined;
};

export type S3Config = {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, R2, …); AWS S3 itself when undefined. */
  endpoint: string | undefined;
  /** Both keys, or undefined for the AWS SDK's default chain (environment, profile, role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Put before every object key: '' or ending in '/', like `uploads/`. */
  prefix: string;
  /** `https://host/bucket/key` rather than `https://bucket.host/key`. */
  forcePathStyle: boolean;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * With a shared database (PostgreSQL) several instances may serve the same accounts, so each
 * must sign tokens and seal secrets with the same keys: a key generated into one instance's
 * DATA_DIR would make the others' bank calls and two-factor codes fail.
 */
function requireSharedSecrets(vars: {
  DATABASE_URL?: string;
  JWT_SECRET?: string;
  ENCRYPTION_KEY?: string;
}) {
  if (!vars.DATABASE_URL?.startsWith('postgres')) return;
  const missing = (['JWT_SECRET', 'ENCRYPTION_KEY'] as const).filter((name) => !vars[name]);
  if (missing.length === 0) return;
  throw new ConfigError(
    missing.map(
      (name) =>
        `${name}: must be set when DATABASE_URL names a shared PostgreSQL database, the same on every instance (for example: openssl rand -base64 48)`,
    ),
  );
}

/** Tokens, secrets and keys are never repeated in a start-up error (it is logged): only their length. */
const SECRET_NAME = /(TOKEN|SECRET|_KEY)$/;
const shownValue = (name: string, value: string | undefined) =>
  value !== undefined && SECRET_NAME.test(name)
    ? `a value of ${value.length} characters`
    : JSON.stringify(value ?? null);

/** Parses the environment once at start; a bad value stops the start with a clear message. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  // An empty value in a .env file means "not set", not "set to nothing".
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const parsed = checkedEnvSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = issue.path.join('.');
        return `${name}: ${issue.message} (got ${shownValue(name, present[name])})`;
      }),
    );
  }
  const vars = parsed.data;
  requireSharedSecrets(vars);
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
    chatRateLimitMax: vars.CHAT_RATE_LIMIT_MAX,
    groupMessageRateLimitMax: vars.GROUP_MESSAGE_RATE_LIMIT_MAX,
    shareRateLimitMax: vars.SHARE_RATE_LIMIT_MAX,
    groupInviteRateLimitMax: vars.GROUP_INVITE_RATE_LIMIT_MAX,
    groupJoinRateLimitMax: vars.GROUP_JOIN_RATE_LIMIT_MAX,
    trustProxy: vars.TRUST_PROXY,
    warmSuggestions: vars.SUGGESTIONS_WARM_UP ?? true,
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
    llm:
      vars.LLM_BASE_URL && vars.LLM_MODEL
        ? {
            baseUrl: vars.LLM_BASE_URL,
            apiKey: vars.LLM_API_KEY,
            model: vars.LLM_MODEL,
            timeoutMs: vars.LLM_TIMEOUT_MS,
          }
        : undefined,
    stripe:
      vars.STRIPE_SECRET_KEY && vars.STRIPE_PUBLISHABLE_KEY && vars.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: vars.STRIPE_SECRET_KEY,
            publishableKey: vars.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: vars.STRIPE_WEBHOOK_SECRET,
            apiBase: vars.STRIPE_API_BASE,
          }
        : undefined,
    duffel: vars.DUFFEL_ACCESS_TOKEN
      ? {
          accessToken: vars.DUFFEL_ACCESS_TOKEN,
          apiUrl: (vars.DUFFEL_API_URL ?? 'https://api.duffel.com').replace(/\/+$/, ''),
        }
      : undefined,
    fxRatesUrl: vars.FX_RATES_URL,
    geocoderUrl: vars.GEOCODER_URL,
    jobsIntervalMs: vars.JOBS_INTERVAL_MS,
    jobsPollMs: vars.JOBS_POLL_MS,
    watchMonitorEveryMs: vars.WATCH_MONITOR_EVERY_MS,
    watchCheckIntervalMs: vars.WATCH_CHECK_INTERVAL_MS,
    s3: vars.S3_BUCKET
      ? {
          bucket: vars.S3_BUCKET,
          region: vars.S3_REGION ?? 'us-east-1',
          endpoint: vars.S3_ENDPOINT,
          credentials:
            vars.S3_ACCESS_KEY_ID && vars.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: vars.S3_ACCESS_KEY_ID, secretAccessKey: vars.S3_SECRET_ACCESS_KEY }
              : undefined,
          prefix: s3Prefix(vars.S3_PREFIX),
          // S3-compatible services (MinIO, R2, …) are addressed by path; AWS by bucket host name.
          forcePathStyle: vars.S3_FORCE_PATH_STYLE ?? vars.S3_ENDPOINT !== undefined,
        }
      : undefined,
    twilio:
      vars.TWILIO_ACCOUNT_SID && vars.TWILIO_AUTH_TOKEN
        ? {
            accountSid: vars.TWILIO_ACCOUNT_SID,
            authToken: vars.TWILIO_AUTH_TOKEN,
            from: vars.TWILIO_MESSAGING_SERVICE_SID
              ? { kind: 'service', messagingServiceSid: vars.TWILIO_MESSAGING_SERVICE_SID }
              : { kind: 'number', from: vars.TWILIO_FROM ?? '' },
            apiUrl: vars.TWILIO_API_URL?.replace(/\/+$/, ''),
          }
        : undefined,
    vapid:
      vars.VAPID_PUBLIC_KEY && vars.VAPID_PRIVATE_KEY
        ? { publicKey: vars.VAPID_PUBLIC_KEY, privateKey: vars.VAPID_PRIVATE_KEY }
        : undefined,
    vapidSubject: vars.VAPID_SUBJECT,
  };
}

/** `uploads` → `uploads/`; `/` → no prefix (keys at the bucket's root). */
function s3Prefix(prefix: string | undefined): string {
  if (prefix === undefined) return 'uploads/';
  if (prefix === '/') return '';
  return prefix.endsWith('/') ? prefix : `${prefix}/`;
}

function databaseConfig(url: string | undefined, dataDir: string): DatabaseConfig {
  if (url === undefined) return { kind: 'pglite', dataDir: path.join(dataDir, 'db') };
  // memory:// is an in-memory PGlite database: for tests and throwaway demos.
  if (url.startsWith('memory:')) return { kind: 'pglite', dataDir: 'memory://' };
  return { kind: 'postgres', url };
}
