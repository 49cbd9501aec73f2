import { randomUUID } from 'node:crypto';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import packageJson from '../package.json' with { type: 'json' };
import type { AppConfig } from './config/env';
import { loadOrCreateSecret } from './config/secrets';
import { openDatabase, type Database } from './db/database';
import { createAccessTokens } from './modules/auth/access-tokens';
import { createAuthRepository } from './modules/auth/auth-repository';
import { authRoutes } from './modules/auth/auth-routes';
import { createAuthService } from './modules/auth/auth-service';
import { createSecurityRepository } from './modules/security/security-repository';
import { securityRoutes } from './modules/security/security-routes';
import { createSecurityService } from './modules/security/security-service';
import { createBucketListRepository } from './modules/bucket-lists/bucket-list-repository';
import { bucketListRoutes } from './modules/bucket-lists/bucket-list-routes';
import { createBucketListService } from './modules/bucket-lists/bucket-list-service';
import {
  createArtworkImageSource,
  createImageFinder,
  createUnsplashImageSource,
  type ImageFinder,
} from './modules/bucket-lists/destination-images';
import { createFinanceRepository } from './modules/finance/finance-repository';
import { createFileStore, registerUploads } from './modules/profile/uploads';
import { createSettingsRepository } from './modules/settings/settings-repository';
import { settingsRoutes } from './modules/settings/settings-routes';
import { createSettingsService } from './modules/settings/settings-service';
import { createProfileRepository } from './modules/profile/profile-repository';
import { profileRoutes, socialProfileRoutes } from './modules/profile/profile-routes';
import { createProfileService } from './modules/profile/profile-service';
import { createBundledGeocoder, createNominatimGeocoder } from './modules/profile/reverse-geocoder';
import { createAmadeusProvider } from './modules/travel/amadeus/amadeus-provider';
import { createExchangeRates, type ExchangeRates } from './modules/travel/fx/exchange-rates';
import { airlineName, findAirport } from './modules/travel/geo/airports';
import { aircraftTypes } from './modules/travel/offline/data/aircraft';
import { createOfflineProvider } from './modules/travel/offline/offline-provider';
import { createSuggestionEngine, type SuggestionEngine } from './modules/travel/suggestion-engine';
import { createTravelPlanner } from './modules/travel/travel-planner';
import type { TravelProvider } from './modules/travel/travel-provider';
import { createTravelRepository } from './modules/travel/travel-repository';
import { travelRoutes } from './modules/travel/travel-routes';
import { createTravelService } from './modules/travel/travel-service';
import { financeRoutes, plaidRoutes } from './modules/finance/finance-routes';
import { createFinanceService } from './modules/finance/finance-service';
import { createPlaidBank } from './modules/finance/plaid-bank';
import { createSandboxBank } from './modules/finance/sandbox-bank';
import { healthRoutes } from './modules/health/health-routes';
import { registerNotifications } from './modules/notifications/notifications';
import { createTokenSealer } from './lib/token-sealer';
import {
  createMailService,
  createOutboxTransport,
  createSmtpTransport,
  type MailService,
} from './modules/mail/mailer';
import { authenticatePlugin } from './plugins/authenticate';
import { OneLineRequestLog } from './plugins/request-log';
import { securityHeadersPlugin } from './plugins/security-headers';
import { registerErrorHandler } from './plugins/error-handler';
import { findWebDist, registerWebApp } from './plugins/web-app';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Database;
    mail: MailService;
    images: ImageFinder;
    travel: { provider: TravelProvider; engine: SuggestionEngine; rates: ExchangeRates };
  }
}

/** What leaves in logs: never bodies, headers, cookies or query strings (they carry tokens). */
const logSerializers = {
  req(request: { method: string; url: string; ip?: string; id?: string }) {
    return { method: request.method, url: request.url.split('?')[0], remoteAddress: request.ip };
  },
};

/**
 * Builds the whole application as one Fastify instance: API under /api, its OpenAPI docs, and
 * the built web app at /. Not listening yet: `main.ts` listens, tests use `inject`.
 */
export async function buildApp(
  config: AppConfig,
  options: {
    logStream?: NodeJS.WritableStream;
    /** The clock travel prices are quoted by (tests move it to see prices drift). */
    now?: () => Date;
  } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(options.logStream ? { stream: options.logStream } : {}),
      serializers: logSerializers,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'res.headers["set-cookie"]',
          '*.password',
          '*.new_password',
          '*.access_token',
          '*.refresh_token',
          '*.public_token',
          '*.accessToken',
        ],
        censor: '[redacted]',
      },
      ...(config.env === 'development'
        ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } }
        : {}),
    },
    logController: new OneLineRequestLog(),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    genReqId: () => randomUUID(),
  });
  app.decorate('config', config);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The API speaks JSON (and multipart where a route says so); plain text is a client mistake.
  app.removeContentTypeParser('text/plain');
  registerErrorHandler(app);

  const database = await openDatabase(config.database);
  app.decorate('db', database.db);
  app.addHook('onClose', async () => database.close());

  const mailTransport = config.smtpUrl
    ? createSmtpTransport(config.smtpUrl, app.log)
    : createOutboxTransport(path.join(config.dataDir, 'outbox'), app.log);
  const mail = createMailService(mailTransport, config.mailFrom, app.log);
  app.decorate('mail', mail);
  // Registered after the database hook, so it runs first: queued mail is written before closing.
  app.addHook('onClose', async () => mail.close());

  const jwtSecret = config.jwtSecret ?? (await loadOrCreateSecret(config.dataDir, 'jwt-secret'));
  const encryptionKey =
    config.encryptionKey ?? (await loadOrCreateSecret(config.dataDir, 'encryption-key'));
  const authRepository = createAuthRepository(database.db);
  // Uploaded files (avatars): DATA_DIR/uploads, or an S3-compatible bucket with S3_*.
  const fileStore = await createFileStore(config);
  // Password changes, sign-ins, two-factor sign-in and passkeys; it asks the auth service to
  // open sign-ins, and the auth service asks it whether a sign-in needs a code.
  const securityService = createSecurityService({
    repository: createSecurityRepository(database.db),
    users: authRepository,
    openSession: (userId, client) => authService.openSession(userId, client),
    sealer: createTokenSealer(encryptionKey),
    mail,
    appUrl: config.appUrl,
    log: app.log,
    removeFile: (urlPath) => fileStore.remove(urlPath),
    now: options.now,
  });
  const authService = createAuthService({
    repository: authRepository,
    accessTokens: createAccessTokens(jwtSecret),
    mail,
    appUrl: config.appUrl,
    log: app.log,
    secondFactor: securityService.secondFactorGate,
  });

  const bucketListRepository = createBucketListRepository(database.db);
  const imageFinder = createImageFinder({
    source: config.unsplash
      ? createUnsplashImageSource({ ...config.unsplash, log: app.log })
      : createArtworkImageSource(),
    save: (itemId, image) => bucketListRepository.completeImageFetch(itemId, image),
    log: app.log,
  });
  app.decorate('images', imageFinder);
  // Registered after the database hook, so it runs first: searches in flight finish first.
  app.addHook('onClose', async () => imageFinder.drain());
  const bucketListService = createBucketListService(bucketListRepository, imageFinder);
  app.addHook('onReady', async () => bucketListService.resumeImageSearches());

  // The sandbox bank is the embedded default; Plaid replaces it when configured.
  const sandboxBank = config.plaid ? undefined : createSandboxBank(encryptionKey);
  const exchangeRates = createExchangeRates({ liveUrl: config.fxRatesUrl, log: app.log });
  const financeService = createFinanceService({
    repository: createFinanceRepository(database.db),
    users: authRepository,
    bank: config.plaid ? createPlaidBank(config.plaid) : sandboxBank!.provider,
    sealer: createTokenSealer(encryptionKey),
    log: app.log,
    rates: exchangeRates,
    currencyOf: (userId) => settingsService.currencyOf(userId),
  });

  const settingsService = createSettingsService({
    repository: createSettingsRepository(database.db),
    budget: financeService,
    // Two-factor sign-in (TOTP) and passkeys, from the Security tab.
    signInMethods: (userId) => securityService.signInMethods(userId),
  });

  const now = options.now ?? (() => new Date());
  // The offline inventory is the embedded default; Amadeus replaces it when configured.
  const travelProvider = config.amadeus
    ? createAmadeusProvider({
        ...config.amadeus,
        log: app.log,
        now,
        lookupAirport: findAirport,
        airlineName,
        aircraftName: (code) => aircraftTypes.find((type) => type.code === code)?.name ?? null,
      })
    : createOfflineProvider({ now });
  const travelRepository = createTravelRepository(database.db);
  const travelService = createTravelService({
    repository: travelRepository,
    provider: travelProvider,
    rates: exchangeRates,
    now,
  });
  const suggestionEngine = createSuggestionEngine({
    provider: travelProvider,
    repository: travelRepository,
    travel: travelService,
    rates: exchangeRates,
    log: app.log,
    now,
  });
  const travelPlanner = createTravelPlanner({
    repository: travelRepository,
    engine: suggestionEngine,
    rates: exchangeRates,
    providerCurrency: travelProvider.currency,
    budgetSettings: (userId) => financeService.budgetSettings(userId),
    profileLocation: async (userId) => (await authRepository.findUserById(userId))?.location ?? '',
    now,
  });
  app.decorate('travel', {
    provider: travelProvider,
    engine: suggestionEngine,
    rates: exchangeRates,
  });
  if (config.fxRatesUrl) app.addHook('onReady', async () => exchangeRates.refresh());

  // Deal alerts and the weekly digest (background jobs); `app.notifications.send` for the rest.
  registerNotifications(app, {
    users: authRepository,
    settings: settingsService,
    planner: travelPlanner,
    bucketLists: bucketListService,
    mail,
    now,
    intervalMs: config.jobsIntervalMs,
  });

  const profileService = createProfileService({
    repository: createProfileRepository(database.db),
    auth: authRepository,
    travel: travelRepository,
    finance: financeService,
    files: fileStore,
    geocoder: config.geocoderUrl
      ? createNominatimGeocoder({
          baseUrl: config.geocoderUrl,
          userAgent: `Vowa/${packageJson.version} (${config.appUrl})`,
          log: app.log,
        })
      : createBundledGeocoder(),
    mail,
    appUrl: config.appUrl,
    log: app.log,
    currencyOf: (userId) => settingsService.currencyOf(userId),
  });

  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Plaid Link is a script and a frame from Plaid's CDN, allowed only when Plaid is on.
        scriptSrc: ["'self'", ...(config.plaid ? ['https://cdn.plaid.com'] : [])],
        frameSrc: config.plaid ? ['https://cdn.plaid.com'] : ["'none'"],
        // React and Radix set inline style attributes (positions, transforms).
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(config.plaid ? ['https://*.plaid.com'] : [])],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // Only meaningful over HTTPS; harmless otherwise.
    strictTransportSecurity: config.appUrl.startsWith('https:'),
  });
  await app.register(fastifyCors, {
    origin: [new URL(config.appUrl).origin],
    credentials: true,
  });
  await app.register(fastifyCookie);

  const redis = config.redisUrl
    ? new Redis(config.redisUrl, {
        maxRetriesPerRequest: 1,
        connectTimeout: 2000,
        lazyConnect: false,
      })
    : undefined;
  if (redis) {
    redis.on('error', (error) => app.log.warn({ err: error }, 'redis error'));
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  }
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'vowa-rate-limit:' } : {}),
    // If Redis is briefly away, keep serving rather than failing every sign-in.
    skipOnError: true,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      detail: `Too many requests. Please try again in ${context.after}.`,
      message: `Too many requests. Please try again in ${context.after}.`,
    }),
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Vowa API',
        description: 'The API of Vowa, the AI-assisted, budget-aware travel planner.',
        version: packageJson.version,
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(authenticatePlugin, { authService });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, {
        db: database.db,
        databaseKind: database.kind,
        mailKind: mail.transportKind,
        version: packageJson.version,
      });
      await api.register(authRoutes, {
        prefix: '/auth',
        authService,
        secureCookies: config.appUrl.startsWith('https:'),
        rateLimitMax: config.authRateLimitMax,
      });
      await api.register(securityRoutes, {
        prefix: '/auth',
        service: securityService,
        secureCookies: config.appUrl.startsWith('https:'),
        rateLimitMax: config.authRateLimitMax,
      });
      await api.register(financeRoutes, { prefix: '/finance', service: financeService });
      await api.register(plaidRoutes, {
        prefix: '/plaid',
        service: financeService,
        sandbox: sandboxBank,
      });
      await api.register(bucketListRoutes, {
        prefix: '/travel/bucket_lists',
        service: bucketListService,
      });
      await api.register(profileRoutes, { prefix: '/user_management', service: profileService });
      await api.register(settingsRoutes, { prefix: '/user_management', service: settingsService });
      await api.register(socialProfileRoutes, { prefix: '/users', service: profileService });
      await api.register(travelRoutes, {
        prefix: '/travel',
        service: travelService,
        planner: travelPlanner,
        rateLimitMax: config.travelRateLimitMax,
        currencyOf: (userId: string) => settingsService.currencyOf(userId),
      });
    },
    { prefix: '/api' },
  );

  // Uploaded files under names the server chose; they never change, so they cache for good.
  await registerUploads(app, fileStore);
  await registerWebApp(app, findWebDist(config.webDistDir));
  return app;
}
