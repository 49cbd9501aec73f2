import type { BucketCategory } from '@vowa/shared/bucket-lists/bucket-list-constants';
import type { FastifyBaseLogger } from 'fastify';
import {
  artworkForPlace,
  searchUnsplashPhoto,
  triggerUnsplashDownload,
  type ArtworkPlace,
  type DestinationImage,
} from '../artwork/artwork-service';
import { curatedDestinationAirports, findAirport } from '../travel/geo/airports';
import { resolvePlace } from '../travel/geo/places';

export type ImageQuery = {
  title: string;
  location: string;
  country: string;
  category: BucketCategory;
};

/**
 * Finds a picture for a bucket-list destination, with the photographer's credit a photo must be
 * shown with (null for artwork); null when it has none.
 */
export type DestinationImageSource = {
  kind: 'unsplash' | 'artwork';
  find: (query: ImageQuery) => Promise<DestinationImage | null>;
};

/** The category default, shown at once while a better image is looked for. */
export function categoryDefaultImage(category: BucketCategory): string {
  return `/artwork/bucket/${category}.svg`;
}

/**
 * The embedded default: artwork drawn for the place (its landscape, climate and architecture)
 * when the place is known, else the category's picture. The same place always gets the same one.
 */
export function createArtworkImageSource(): DestinationImageSource {
  return {
    kind: 'artwork',
    async find({ location, country, category }) {
      return { url: artworkImageFor(location, country, category), credit: null };
    },
  };
}

/** The artwork for a place, or the category's own when the place is not one we know. */
export function artworkImageFor(location: string, country: string, category: BucketCategory) {
  const place = placeOf(location, country);
  return place ? artworkForPlace({ ...place, category }).url : categoryDefaultImage(category);
}

/** A curated destination by its name ("Santorini"), else a city of the bundled data set. */
function placeOf(location: string, country: string): Omit<ArtworkPlace, 'category'> | null {
  const name = location.trim().toLowerCase();
  const countryName = country.trim().toLowerCase();
  if (!name) return null;
  const curated = curatedDestinationAirports()
    .filter((destination) => destination.city.toLowerCase() === name)
    .map((destination) => ({ city: destination.city, airport: findAirport(destination.airport) }))
    .find(
      ({ airport }) =>
        airport &&
        (!countryName ||
          airport.country.toLowerCase() === countryName ||
          airport.countryCode.toLowerCase() === countryName),
    );
  if (curated?.airport) {
    const { countryCode, latitude, longitude } = curated.airport;
    return { name: curated.city, countryCode, latitude, longitude };
  }
  const found = resolvePlace(countryName ? `${location}, ${country}` : location);
  return found
    ? {
        name: found.name,
        countryCode: found.countryCode,
        latitude: found.latitude,
        longitude: found.longitude,
      }
    : null;
}

/** The spec's series of searches, most specific first (part 1 §4 "Item images"). */
export function imageSearchQueries({ title, location, country, category }: ImageQuery): string[] {
  const place = [location, country].filter(Boolean).join(' ');
  const queries = [
    `${place} landmarks`,
    `${location} ${category}`,
    `${place} travel`,
    `${title} ${location}`,
    `${country} ${category}`,
  ].map((query) => query.replace(/\s+/g, ' ').trim());
  return [...new Set(queries)].filter(Boolean);
}

/**
 * Unsplash's search API (GET /search/photos, `Authorization: Client-ID …`): one result per page,
 * landscape, safe content; keeps the first result's regular-size URL with its photographer's
 * credit and reports the photo as used (its download endpoint). Tries the queries in turn; a
 * rate-limit or key error stops the series so a full quota is not hammered.
 */
export function createUnsplashImageSource(options: {
  accessKey: string;
  apiUrl: string;
  log: FastifyBaseLogger;
  fetchImpl?: typeof fetch;
}): DestinationImageSource {
  return {
    kind: 'unsplash',
    async find(query) {
      const { photo } = await searchUnsplashPhoto(options, imageSearchQueries(query));
      if (!photo) return null;
      await triggerUnsplashDownload(options, photo);
      return { url: photo.url, credit: photo.credit };
    },
  };
}

/**
 * Looks for images in the background, a few at a time. Work is recorded in the database
 * (imageStatus 'fetching'), so items still waiting after a restart are picked up again.
 */
export function createImageFinder(options: {
  source: DestinationImageSource;
  save: (itemId: string, image: DestinationImage) => Promise<void>;
  log: FastifyBaseLogger;
  concurrency?: number;
}) {
  const concurrency = options.concurrency ?? 2;
  const queue: { itemId: string; query: ImageQuery }[] = [];
  const queued = new Set<string>();
  let running = 0;
  let idle: Promise<void> = Promise.resolve();
  let markIdle: (() => void) | undefined;

  async function work(job: { itemId: string; query: ImageQuery }) {
    // The place's artwork stands in when no photo is found (or the search fails).
    const { location, country, category } = job.query;
    let image: DestinationImage = {
      url: artworkImageFor(location, country, category),
      credit: null,
    };
    try {
      image = (await options.source.find(job.query)) ?? image;
    } catch (error) {
      options.log.error({ err: error, itemId: job.itemId }, 'image search failed');
    }
    try {
      await options.save(job.itemId, image);
    } catch (error) {
      options.log.error({ err: error, itemId: job.itemId }, 'saving the found image failed');
    }
  }

  function pump() {
    while (running < concurrency && queue.length > 0) {
      const job = queue.shift()!;
      running += 1;
      void work(job).finally(() => {
        running -= 1;
        queued.delete(job.itemId);
        if (running === 0 && queue.length === 0) markIdle?.();
        pump();
      });
    }
  }

  return {
    enqueue(itemId: string, query: ImageQuery) {
      if (queued.has(itemId)) return;
      if (running === 0 && queue.length === 0) {
        idle = new Promise<void>((resolve) => (markIdle = resolve));
      }
      queued.add(itemId);
      queue.push({ itemId, query });
      pump();
    },
    /** Resolves when nothing is queued or running (shutdown, tests). */
    drain: () => idle,
  };
}

export type ImageFinder = ReturnType<typeof createImageFinder>;
