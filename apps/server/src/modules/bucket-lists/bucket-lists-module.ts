import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/env';
import type { Database } from '../../db/database';
import type { AuthService } from '../auth/auth-service';
import type { MailService } from '../mail/mailer';
import type { CurrencyLookup } from '../settings/settings-service';
import { announceChanges, type LiveUpdates } from '../realtime/realtime-module';
import { createBucketListRepository } from './bucket-list-repository';
import { bucketListRoutes } from './bucket-list-routes';
import {
  createBucketListService,
  IMAGE_SEARCH_LEASE_MS,
  type BucketListService,
} from './bucket-list-service';
import {
  createArtworkImageSource,
  createImageFinder,
  createUnsplashImageSource,
  type ImageFinder,
} from './destination-images';

declare module 'fastify' {
  interface FastifyInstance {
    /** The destination-image searches in the background (tests wait on `drain`). */
    images: ImageFinder;
  }
}

/** Bucket lists, their items, sharing and destination images: /api/travel/bucket_lists. */
export async function registerBucketListsModule(
  app: FastifyInstance,
  deps: {
    db: Database;
    /** Owners' names and photos, and the addresses lists are shared with. */
    accounts: AuthService['accounts'];
    mail: MailService;
    live: LiveUpdates;
    config: Pick<AppConfig, 'unsplash' | 'appUrl' | 'shareRateLimitMax'>;
    /** The Settings currency estimated costs are entered in. */
    currency?: CurrencyLookup;
    now?: () => Date;
  },
): Promise<BucketListService> {
  const repository = createBucketListRepository(deps.db, deps.accounts);
  const images = createImageFinder({
    source: deps.config.unsplash
      ? createUnsplashImageSource({ ...deps.config.unsplash, log: app.log })
      : createArtworkImageSource(),
    save: (itemId, image) => repository.completeImageFetch(itemId, image),
    log: app.log,
  });
  app.decorate('images', images);
  const service = createBucketListService(repository, images, {
    mail: deps.mail,
    appUrl: deps.config.appUrl,
    now: deps.now,
    currencyOf: deps.currency?.currencyOf,
  });
  // Unfinished searches resume at start; those changed just before it, once their lease is out.
  let laterSweep: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await service.resumeImageSearches();
    laterSweep = setTimeout(() => {
      service.resumeImageSearches().catch((error: unknown) => {
        app.log.error({ err: error }, 'resuming image searches failed');
      });
    }, IMAGE_SEARCH_LEASE_MS);
    laterSweep.unref();
  });
  // Searches in flight finish (and save) before the database closes.
  app.addHook('onClose', async () => {
    clearTimeout(laterSweep);
    await images.drain();
  });
  await app.register(async (scope) => {
    // A change reaches everyone who sees the list, and the owner when an invitation is answered.
    announceChanges(scope, deps.live, 'bucket-lists', async (request) => {
      const params = request.params as { listId?: string; invitationId?: string };
      return service.audienceOf(params);
    });
    await scope.register(bucketListRoutes, {
      prefix: '/api/travel/bucket_lists',
      service,
      shareRateLimitMax: deps.config.shareRateLimitMax,
    });
  });
  return service;
}
