import type { PhotoCredit } from '@vowa/shared/artwork/artwork-scene';
import type { FastifyBaseLogger } from 'fastify';

export type UnsplashOptions = {
  accessKey: string;
  apiUrl: string;
  log: FastifyBaseLogger;
  fetchImpl?: typeof fetch;
};

/** A photo found on Unsplash, with what its guidelines require to show and use it. */
export type UnsplashPhoto = {
  id: string;
  url: string;
  /** Unsplash's own description, when it has one. */
  description: string | null;
  credit: PhotoCredit;
  /** Unsplash's download endpoint for this photo (GET it once the photo is used). */
  downloadLocation: string;
};

/** Links back to Unsplash carry our app name and `utm_medium=referral` (API guidelines). */
const UTM = 'utm_source=vowa&utm_medium=referral';

function withUtm(link: string): string {
  const url = new URL(link);
  url.searchParams.set('utm_source', 'vowa');
  url.searchParams.set('utm_medium', 'referral');
  return url.toString();
}

type SearchResult = {
  id?: unknown;
  urls?: { regular?: unknown };
  alt_description?: unknown;
  description?: unknown;
  user?: { name?: unknown; username?: unknown; links?: { html?: unknown } };
  links?: { download_location?: unknown };
};

function photoOf(result: SearchResult | undefined, apiUrl: string): UnsplashPhoto | null {
  const regular = result?.urls?.regular;
  if (typeof regular !== 'string' || !/^https:\/\//.test(regular)) return null;
  const id = typeof result?.id === 'string' ? result.id : '';
  const name = typeof result?.user?.name === 'string' ? result.user.name.trim() : '';
  const username = typeof result?.user?.username === 'string' ? result.user.username : '';
  const profile =
    typeof result?.user?.links?.html === 'string' &&
    /^https:\/\/unsplash\.com\//.test(result.user.links.html)
      ? result.user.links.html
      : username
        ? `https://unsplash.com/@${encodeURIComponent(username)}`
        : 'https://unsplash.com/';
  // The key is only ever sent to the configured API: a download location elsewhere is rebuilt.
  const given = result?.links?.download_location;
  const api = new URL(apiUrl);
  const downloadLocation =
    typeof given === 'string' && URL.canParse(given) && new URL(given).origin === api.origin
      ? given
      : new URL(`/photos/${encodeURIComponent(id)}/download`, api).toString();
  const description =
    typeof result?.alt_description === 'string'
      ? result.alt_description
      : typeof result?.description === 'string'
        ? result.description
        : null;
  return {
    id,
    url: regular,
    description,
    credit: {
      photographer: name || username || 'Unsplash',
      photographerUrl: withUtm(profile),
      sourceUrl: `https://unsplash.com/?${UTM}`,
    },
    downloadLocation,
  };
}

/**
 * Unsplash's search API (GET /search/photos, `Authorization: Client-ID …`): one landscape, safe
 * result per query; tries the queries in turn. A key or rate-limit refusal stops the series
 * (`limited` is then true) so a spent quota is not hammered.
 */
export async function searchUnsplashPhoto(
  options: UnsplashOptions,
  queries: string[],
): Promise<{ photo: UnsplashPhoto | null; limited: boolean }> {
  const fetchImpl = options.fetchImpl ?? fetch;
  for (const text of queries) {
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
      return { photo: null, limited: true };
    }
    if (!response.ok) {
      options.log.warn({ status: response.status, query: text }, 'unsplash search failed');
      continue;
    }
    const body = (await response.json().catch(() => ({}))) as { results?: SearchResult[] };
    const photo = photoOf(body.results?.[0], options.apiUrl);
    if (photo) return { photo, limited: false };
  }
  return { photo: null, limited: false };
}

/**
 * Tells Unsplash a photo is used (its download endpoint, required by the API guidelines when a
 * photo is shown in the app). Failures are logged, never thrown: the photo stays usable.
 */
export async function triggerUnsplashDownload(
  options: UnsplashOptions,
  photo: Pick<UnsplashPhoto, 'id' | 'downloadLocation'>,
): Promise<void> {
  const fetchImpl = options.fetchImpl ?? fetch;
  try {
    const response = await fetchImpl(photo.downloadLocation, {
      headers: { Authorization: `Client-ID ${options.accessKey}`, 'Accept-Version': 'v1' },
      signal: AbortSignal.timeout(5_000),
    });
    if (!response.ok) {
      options.log.warn(
        { status: response.status, photo: photo.id },
        'unsplash download tracking failed',
      );
    }
  } catch (error) {
    options.log.warn({ err: error, photo: photo.id }, 'unsplash download tracking failed');
  }
}
