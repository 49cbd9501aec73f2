import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import packageJson from '../package.json' with { type: 'json' };
import type { AppConfig } from './config/env';
import { loadOrCreateSecret } from './config/secrets';
import { openDatabase, type Database } from './db/database';
import { registerArtworkModule } from './modules/artwork/artwork-module';
import { registerAuthModule } from './modules/auth/auth-module';
import { registerAssistantModule } from './modules/assistant/assistant-module';
import { registerChatModule } from './modules/chat/chat-module';
import { registerGroupPlan } from './modules/chat/group-plan-module';
import { createGroupFellowship } from './modules/chat/group-fellowship';
import { registerBookingsModule } from './modules/bookings/bookings-module';
import { registerBucketListsModule } from './modules/bucket-lists/bucket-lists-module';
import { registerFinanceModule } from './modules/finance/finance-module';
import { registerJobsModule } from './modules/jobs/jobs-module';
import { registerHealthModule } from './modules/health/health-module';
import { registerMailModule } from './modules/mail/mail-module';
import { registerNotificationsModule } from './modules/notifications/notifications-module';
import { createSavedCardPort, registerPaymentsModule } from './modules/payments/payments-module';
import { registerProfileModule } from './modules/profile/profile-module';
import { registerRealtimeModule } from './modules/realtime/realtime-module';
import { createFileStore } from './modules/profile/uploads';
import { createSecondFactorGate, registerSecurityModule } from './modules/security/security-module';
import { createCurrencyPort, registerSettingsModule } from './modules/settings/settings-module';
import { createExchangeRates } from './modules/travel/fx/exchange-rates';
import { registerTravelModule } from './modules/travel/travel-module';
import { createWatchPeoplePort, registerWatchesModule } from './modules/watches/watches-module';
import { registerApiDocs } from './plugins/api-docs';
import { registerCompression } from './plugins/compression';
import { registerCors } from './plugins/cors';
import { registerErrorHandler } from './plugins/error-handler';
import { registerNoStore } from './plugins/no-store';
import { registerNulCharacterGuard } from './plugins/reject-nul-characters';
import { loggerOptions } from './plugins/logging';
import { registerRateLimit } from './plugins/rate-limit';
import { OneLineRequestLog } from './plugins/request-log';
import { closeRedis, openRedis } from './plugins/redis';
import { registerSecurityHeaders } from './plugins/security-headers';
import { findWebDist, registerWebApp } from './plugins/web-app';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Database;
  }
}

/**
 * The composition root: builds the whole application as one Fastify instance (API under /api,
 * its docs, the web app at /). Not listening yet: `main.ts` listens, tests use `inject`.
 *
 * Shutdown order, written here once. `app.close()` first closes the live connections (a
 * `preClose` hook of the realtime module: the HTTP server would wait for them forever; their
 * clients reconnect elsewhere), then stops accepting connections and lets requests in flight
 * finish (Fastify does that before any `onClose` hook). Then the `onClose` hooks run, last
 * registered first: so each module stops its own work (jobs, image searches, then queued mail)
 * before the modules it depends on, and the infrastructure hook, registered before every
 * module, runs last: Redis closes, then the database.
 */
export async function buildApp(
  config: AppConfig,
  options: {
    logStream?: NodeJS.WritableStream;
    /** The clock travel prices are quoted by (tests move it to see prices drift). */
    now?: () => Date;
    /**
     * Where the rate-limit counters live in Redis. Every instance of one deployment shares the
     * default; test apps, all calling from 127.0.0.1 into one Redis, each count on their own.
     */
    rateLimitKeyPrefix?: string;
  } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
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
  registerNulCharacterGuard(app);
  registerNoStore(app);

  // Infrastructure, shared by the modules.
  const database = await openDatabase(config.database, app.log);
  const db = database.db;
  app.decorate('db', db);
  const redis = await openRedis(config.redisUrl, app.log);
  app.addHook('onClose', async () => {
    await closeRedis(redis);
    await database.close();
  });
  const jwtSecret = config.jwtSecret ?? (await loadOrCreateSecret(config.dataDir, 'jwt-secret'));
  const encryptionKey =
    config.encryptionKey ?? (await loadOrCreateSecret(config.dataDir, 'encryption-key'));
  const files = await createFileStore(config);
  const rates = createExchangeRates({ liveUrl: config.fxRatesUrl, log: app.log });
  if (config.fxRatesUrl) app.addHook('onReady', async () => rates.refresh());
  const now = options.now ?? (() => new Date());

  // HTTP infrastructure, before any route.
  await registerSecurityHeaders(app, config);
  await registerCors(app, config);
  await app.register(fastifyCookie);
  await registerCompression(app);
  await registerRateLimit(app, redis, options.rateLimitKeyPrefix);
  await registerApiDocs(app, packageJson.version);

  // The modules, each after the modules it uses. Two ports break the only cycles: auth asks
  // security for a second factor, settings shows finance's auto-booking flag.
  const mail = await registerMailModule(app, { config });
  // Registered after mail, so on close it stops first: running jobs finish before mail closes.
  const jobs = await registerJobsModule(app, {
    db,
    log: app.log,
    pollMs: config.jobsPollMs,
    now: options.now,
  });
  await registerHealthModule(app, {
    db,
    databaseKind: database.kind,
    mailKind: mail.transportKind,
    version: packageJson.version,
    redisUp: redis?.isUp,
  });
  const auth = await registerAuthModule(app, {
    db,
    mail,
    jwtSecret,
    secondFactor: createSecondFactorGate(db, options.now),
    config,
  });
  // Live connections (/socket.io) are signed-in people's, so the gateway comes right after auth.
  const live = await registerRealtimeModule(app, { auth, redis });
  const security = await registerSecurityModule(app, {
    db,
    auth,
    mail,
    encryptionKey,
    removeFile: (urlPath) => files.remove(urlPath),
    config,
    now: options.now,
  });
  const finance = await registerFinanceModule(app, {
    db,
    auth,
    currency: createCurrencyPort(db),
    rates,
    encryptionKey,
    config,
    live,
    savedCards: createSavedCardPort(db),
  });
  const settings = await registerSettingsModule(app, { db, finance, security, live });
  const artwork = await registerArtworkModule(app, { config });
  const bucketLists = await registerBucketListsModule(app, {
    db,
    accounts: auth.accounts,
    mail,
    live,
    config,
    currency: settings,
    now: options.now,
  });
  const travel = await registerTravelModule(app, {
    db,
    auth,
    finance,
    currency: settings,
    rates,
    images: artwork,
    config,
    now,
    warmUp: config.warmSuggestions,
  });
  const notifications = await registerNotificationsModule(app, {
    users: auth,
    settings,
    planner: travel,
    bucketLists,
    mail,
    jobs,
    live,
    encryptionKey,
    now,
    intervalMs: config.jobsIntervalMs,
  });
  const assistant = await registerAssistantModule(app, {
    travel,
    finance,
    bucketLists,
    live,
    config,
  });
  const chat = await registerChatModule(app, {
    db,
    settings,
    finance,
    travel,
    assistant,
    people: auth,
    live,
    config,
    now,
  });
  // The group plan (issue 15 §5): its port is how bookings book a group's agreed plan.
  const groupPlans = await registerGroupPlan(app, {
    db,
    groups: chat.groups,
    travel,
    live,
    people: auth,
    currency: settings,
    rates,
    rateLimitMax: config.groupMessageRateLimitMax,
    now,
  });
  // Payments before bookings, which pay through its service (no background work of its own).
  const payments = await registerPaymentsModule(app, {
    db,
    auth,
    encryptionKey,
    config,
    live,
    now: options.now,
  });
  // Bookings pay through payments, book through travel, mail through notifications; the
  // profile reads trips through the port it returns. No hook of its own: its requests finish
  // before any hook runs, and its jobs stop with the job queue.
  const bookings = await registerBookingsModule(app, {
    travel,
    payments,
    notifications,
    settings,
    rates,
    jobs,
    live,
    groupPlans,
    now,
  });
  // Price watches (issue 16): priced by the travel clock, booked through bookings' port.
  await registerWatchesModule(app, {
    db,
    travel,
    bookings: bookings.autoBooking,
    notifications,
    people: createWatchPeoplePort({ finance, settings, auth, cards: createSavedCardPort(db) }),
    bucketLists,
    jobs,
    live,
    rates,
    config,
    now,
  });
  await registerProfileModule(app, {
    db,
    auth,
    bucketLists,
    groups: createGroupFellowship(db),
    finance,
    settings,
    travel,
    trips: bookings.trips,
    files,
    mail,
    jobs,
    config,
  });

  await registerWebApp(app, findWebDist(config.webDistDir));
  return app;
}
