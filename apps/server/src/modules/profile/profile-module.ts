import type { FastifyInstance } from 'fastify';
import packageJson from '../../../package.json' with { type: 'json' };
import type { AppConfig } from '../../config/env';
import type { Database } from '../../db/database';
import type { AuthService } from '../auth/auth-service';
import type { BucketListService } from '../bucket-lists/bucket-list-service';
import type { FinanceService } from '../finance/finance-service';
import type { JobQueue } from '../jobs/jobs-module';
import type { MailService } from '../mail/mailer';
import type { SettingsService } from '../settings/settings-service';
import type { TripsPort } from '../bookings/bookings-module';
import type { TravelPublicService } from '../travel/travel-module';
import { createProfileRepository } from './profile-repository';
import { profileRoutes, socialProfileRoutes } from './profile-routes';
import { createProfileService, type ProfileService } from './profile-service';
import { createBundledGeocoder, createNominatimGeocoder } from './reverse-geocoder';
import { registerUploadCleanup } from './upload-cleanup';
import { registerUploads, type UploadStore } from './uploads';

/**
 * The profile screen, public profiles and uploaded photos: /api/user_management,
 * /api/users and /uploads.
 */
export async function registerProfileModule(
  app: FastifyInstance,
  deps: {
    db: Database;
    auth: AuthService;
    bucketLists: BucketListService;
    /** Whether two people are in a group chat together (the chat module's port). */
    groups: { inGroupTogether: (a: string, b: string) => Promise<boolean> };
    finance: FinanceService;
    settings: SettingsService;
    travel: TravelPublicService;
    /** Booked trips (the bookings module's port): stats and the public profile's trips. */
    trips: TripsPort;
    files: UploadStore;
    mail: MailService;
    jobs: JobQueue;
    config: Pick<AppConfig, 'appUrl' | 'geocoderUrl'>;
  },
): Promise<ProfileService> {
  const { config } = deps;
  const repository = createProfileRepository(deps.db, deps.auth);
  const service = createProfileService({
    repository,
    auth: deps.auth,
    travel: deps.travel,
    trips: deps.trips,
    bucketLists: deps.bucketLists,
    groups: deps.groups,
    settings: deps.settings,
    finance: deps.finance,
    files: deps.files,
    geocoder: config.geocoderUrl
      ? createNominatimGeocoder({
          baseUrl: config.geocoderUrl,
          userAgent: `Vowa/${packageJson.version} (${config.appUrl})`,
          log: app.log,
        })
      : createBundledGeocoder(),
    mail: deps.mail,
    appUrl: config.appUrl,
    log: app.log,
  });
  await app.register(profileRoutes, { prefix: '/api/user_management', service });
  await app.register(socialProfileRoutes, { prefix: '/api/users', service });
  // Uploaded files under names the server chose; they never change, so they cache for good.
  await registerUploads(app, deps.files);
  // Photos uploaded but never shown on a profile are removed after a day (a recurring job).
  registerUploadCleanup(deps.jobs, {
    repository,
    files: deps.files,
    log: app.log,
  });
  return service;
}
