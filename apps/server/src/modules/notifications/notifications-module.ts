import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/env';
import type { AuthService } from '../auth/auth-service';
import type { BucketListService } from '../bucket-lists/bucket-list-service';
import type { MailService } from '../mail/mailer';
import type { SettingsService } from '../settings/settings-service';
import type { TravelPublicService } from '../travel/travel-module';
import { registerNotifications, type Notifications } from './notifications';

/** Deal alerts and the weekly digest (background jobs); `send` for the other modules. */
export async function registerNotificationsModule(
  app: FastifyInstance,
  deps: {
    auth: Pick<AuthService, 'findUserById'>;
    settings: SettingsService;
    travel: TravelPublicService;
    bucketLists: BucketListService;
    mail: MailService;
    config: Pick<AppConfig, 'jobsIntervalMs'>;
    now: () => Date;
  },
): Promise<Notifications> {
  return registerNotifications(app, {
    users: deps.auth,
    settings: deps.settings,
    planner: deps.travel,
    bucketLists: deps.bucketLists,
    mail: deps.mail,
    now: deps.now,
    intervalMs: deps.config.jobsIntervalMs,
  });
}
