import {
  artworkSceneUrl,
  type ArtworkScene,
  type PhotoCredit,
} from '@vowa/shared/artwork/artwork-scene';
import type { FastifyBaseLogger } from 'fastify';
import { sceneForPlace, type ArtworkPlace } from './place-traits';
import {
  searchUnsplashPhoto,
  triggerUnsplashDownload,
  type UnsplashOptions,
} from './unsplash-photos';

export { landmarkFits, sceneForPlace, type ArtworkPlace } from './place-traits';
export {
  searchUnsplashPhoto,
  triggerUnsplashDownload,
  type UnsplashOptions,
  type UnsplashPhoto,
} from './unsplash-photos';

/** The generated artwork of a place: what it shows, and where the web app loads it from. */
export function artworkForPlace(place: ArtworkPlace): { scene: ArtworkScene; url: string } {
  const scene = sceneForPlace(place);
  return { scene, url: artworkSceneUrl(scene) };
}

/** A destination's picture: a real photo with its credit, or the generated artwork. */
export type DestinationImage = { url: string; credit: PhotoCredit | null };

const DAY_MS = 86_400_000;

/**
 * Photos for destinations shown on trip cards (issue 13 §2). Without an Unsplash key every
 * destination shows its artwork. With one, `imageFor` answers at once from memory and looks up
 * a photo in the background for the next answer (one search at a time, a day's cache, an hour's
 * pause after a rate limit), so a trip list never waits on Unsplash. A photo is reported to
 * Unsplash's download endpoint the first time it is used, as its guidelines require.
 */
export function createDestinationPhotos(options: {
  unsplash: Omit<UnsplashOptions, 'log'> | undefined;
  log: FastifyBaseLogger;
  now?: () => number;
}) {
  const now = options.now ?? Date.now;
  const unsplash = options.unsplash ? { ...options.unsplash, log: options.log } : undefined;
  const found = new Map<string, { image: DestinationImage | null; at: number }>();
  const queue: { key: string; place: ArtworkPlace & { country: string } }[] = [];
  const queued = new Set<string>();
  let pausedUntil = 0;
  let running: Promise<void> | null = null;

  async function work() {
    while (queue.length > 0) {
      const job = queue.shift()!;
      try {
        if (now() < pausedUntil) continue;
        const { name, country } = job.place;
        const { photo, limited } = await searchUnsplashPhoto(unsplash!, [
          `${name} ${country} landmarks`,
          `${name} ${country} travel`,
          `${name} skyline`,
        ]);
        if (limited) {
          pausedUntil = now() + 3_600_000;
          continue;
        }
        found.set(job.key, {
          image: photo ? { url: photo.url, credit: photo.credit } : null,
          at: now(),
        });
        if (photo) await triggerUnsplashDownload(unsplash!, photo);
      } catch (error) {
        options.log.error({ err: error }, 'destination photo search failed');
      } finally {
        queued.delete(job.key);
      }
    }
  }

  return {
    kind: unsplash ? ('unsplash' as const) : ('artwork' as const),
    /** The picture to show now: a photo already found, else the place's artwork. */
    imageFor(place: ArtworkPlace & { country: string }): DestinationImage {
      const artwork: DestinationImage = { url: artworkForPlace(place).url, credit: null };
      if (!unsplash) return artwork;
      const key = `${place.countryCode}|${place.name}`.toLowerCase();
      const cached = found.get(key);
      if (cached && now() - cached.at < DAY_MS) return cached.image ?? artwork;
      if (!queued.has(key) && now() >= pausedUntil) {
        queued.add(key);
        queue.push({ key, place });
        running ??= work().finally(() => {
          running = null;
        });
      }
      return cached?.image ?? artwork;
    },
    /** Resolves once no search is waiting or running (shutdown, tests). */
    async drain() {
      while (running) await running;
    },
  };
}

export type DestinationPhotos = ReturnType<typeof createDestinationPhotos>;
