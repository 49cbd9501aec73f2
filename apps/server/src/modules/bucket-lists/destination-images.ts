import { createHash } from 'node:crypto';
import type { BucketCategory } from '@vowa/shared/bucket-lists/bucket-list-constants';
import type { FastifyBaseLogger } from 'fastify';

export type ImageQuery = {
  title: string;
  location: string;
  country: string;
  category: BucketCategory;
};

/** Finds a picture for a bucket-list destination; null when it has none. */
export type DestinationImageSource = {
  kind: 'unsplash' | 'artwork';
  find: (query: ImageQuery) => Promise<string | null>;
};

/** The category default, shown at once while a better image is looked for. */
export function categoryDefaultImage(category: BucketCategory): string {
  return `/artwork/bucket/${category}.svg`;
}

const ARTWORK_VARIANTS = 3;

/**
 * The embedded default: artwork that ships with the web app, three variants per category. The
 * same destination always gets the same picture, and different ones spread over the variants.
 */
export function createArtworkImageSource(): DestinationImageSource {
  return {
    kind: 'artwork',
    async find({ location, country, category }) {
      return artworkImageFor(location, country, category);
    },
  };
}

/** The shipped artwork variant for a place (also the trip suggestions' pictures). */
export function artworkImageFor(location: string, country: string, category: BucketCategory) {
  const digest = createHash('sha256')
    .update(`${location.trim().toLowerCase()}|${country.trim().toLowerCase()}`)
    .digest();
  const variant = (digest.readUInt32BE(0) % ARTWORK_VARIANTS) + 1;
  return `/artwork/bucket/${category}-${variant}.svg`;
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

type UnsplashSearch = { results?: { urls?: { regular?: unknown } }[] };

/**
 * Unsplash's search API (GET /search/photos, `Authorization: Client-ID …`): one result per page,
 * landscape, safe content; keeps the first result's regular-size URL. Tries the queries in turn;
 * a rate-limit or key error stops the series so a full quota is not hammered.
 */
export function createUnsplashImageSource(options: {
  accessKey: string;
  apiUrl: string;
  log: FastifyBaseLogger;
  fetchImpl?: typeof fetch;
}): DestinationImageSource {
  const fetchImpl = options.fetchImpl ?? fetch;
  return {
    kind: 'unsplash',
    async find(query) {
      for (const text of imageSearchQueries(query)) {
        const url = new URL('/search/photos', options.apiUrl);
        url.search = new URLSearchParams({
          query: text,
          per_page: '1',
          orientation: 'landscape',
          content_filter: 'high',
        }).toString();
        let response: Response;
        try {
          response = await fetchImpl(url, {
            headers: { Authorization: `Client-ID ${options.accessKey}`, 'Accept-Version': 'v1' },
            signal: AbortSignal.timeout(5_000),
          });
        } catch (error) {
          options.log.warn({ err: error, query: text }, 'unsplash request failed');
          continue;
        }
        if (response.status === 401 || response.status === 403 || response.status === 429) {
          options.log.warn(
            { status: response.status, remaining: response.headers.get('x-ratelimit-remaining') },
            'unsplash refused the search (key or rate limit); using the category image',
          );
          return null;
        }
        if (!response.ok) {
          options.log.warn({ status: response.status, query: text }, 'unsplash search failed');
          continue;
        }
        const body = (await response.json().catch(() => ({}))) as UnsplashSearch;
        const regular = body.results?.[0]?.urls?.regular;
        if (typeof regular === 'string' && /^https:\/\//.test(regular)) return regular;
      }
      return null;
    },
  };
}

/**
 * Looks for images in the background, a few at a time. Work is recorded in the database
 * (imageStatus 'fetching'), so items still waiting after a restart are picked up again.
 */
export function createImageFinder(options: {
  source: DestinationImageSource;
  save: (itemId: string, image: string) => Promise<void>;
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
    let image = categoryDefaultImage(job.query.category);
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
