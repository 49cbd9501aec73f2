import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/env';
import { artworkRoutes } from './artwork-routes';
import { createDestinationPhotos, type DestinationPhotos } from './artwork-service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Destination photos for trip cards (tests wait on `drain`). */
    destinationPhotos: DestinationPhotos;
  }
}

/**
 * Destination pictures: the generated artwork under /api/artwork (drawn from each place's
 * landscape, climate and architecture) and, with `UNSPLASH_ACCESS_KEY`, Unsplash photos with
 * their photographer's credit.
 */
export async function registerArtworkModule(
  app: FastifyInstance,
  deps: { config: Pick<AppConfig, 'unsplash'> },
): Promise<Pick<DestinationPhotos, 'imageFor'>> {
  const photos = createDestinationPhotos({ unsplash: deps.config.unsplash, log: app.log });
  app.decorate('destinationPhotos', photos);
  app.addHook('onClose', async () => photos.drain());
  await app.register(artworkRoutes, { prefix: '/api/artwork' });
  return { imageFor: photos.imageFor };
}
