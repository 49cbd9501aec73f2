import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { nearestCity } from '../travel/geo/places';

export type GeocodedPlace = {
  city: string;
  state: string | null;
  country: string;
  label: string;
  source: 'nominatim' | 'bundled';
};

export type ReverseGeocoder = {
  kind: 'nominatim' | 'bundled';
  /** The place at a point; null when nothing sensible is near (the open sea). */
  locate(point: { latitude: number; longitude: number }): Promise<GeocodedPlace | null>;
};

const joinLabel = (parts: (string | null | undefined)[]) =>
  parts.filter((part): part is string => Boolean(part && part.trim())).join(', ');

/** Furthest a point may be from the nearest bundled city and still be "in" it. */
const MAX_CITY_DISTANCE_KM = 150;

/** The embedded default: the nearest of the 7,300 bundled cities. */
export function createBundledGeocoder(): ReverseGeocoder {
  return {
    kind: 'bundled',
    async locate(point) {
      const near = nearestCity(point);
      if (!near || near.distanceKm > MAX_CITY_DISTANCE_KM) return null;
      const { name, state, country } = near.place;
      return {
        city: name,
        state,
        country,
        label: joinLabel([name, state, country]),
        source: 'bundled',
      };
    },
  };
}

const nominatimAnswer = z.object({
  address: z
    .object({
      city: z.string().optional(),
      town: z.string().optional(),
      village: z.string().optional(),
      municipality: z.string().optional(),
      state: z.string().optional(),
      country: z.string().optional(),
    })
    .optional(),
  error: z.string().optional(),
});

/**
 * Nominatim's /reverse (jsonv2). Its usage policy asks for an identifying User-Agent and at most
 * one request a second, which a person pressing "Detect location" stays well within. A failure
 * falls back to the bundled cities so the button still works.
 */
export function createNominatimGeocoder(options: {
  baseUrl: string;
  userAgent: string;
  log: FastifyBaseLogger;
  fetchImpl?: typeof fetch;
}): ReverseGeocoder {
  const fetchImpl = options.fetchImpl ?? fetch;
  const fallback = createBundledGeocoder();
  return {
    kind: 'nominatim',
    async locate(point) {
      try {
        const url = new URL(
          'reverse',
          options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`,
        );
        url.search = new URLSearchParams({
          format: 'jsonv2',
          lat: String(point.latitude),
          lon: String(point.longitude),
          zoom: '10',
          addressdetails: '1',
          'accept-language': 'en',
        }).toString();
        const response = await fetchImpl(url, {
          headers: { 'user-agent': options.userAgent, accept: 'application/json' },
          signal: AbortSignal.timeout(5000),
        });
        if (!response.ok) throw new Error(`status ${response.status}`);
        const body = nominatimAnswer.parse(await response.json());
        const address = body.address;
        const city = address?.city ?? address?.town ?? address?.village ?? address?.municipality;
        if (body.error || !address?.country || !city) return fallback.locate(point);
        return {
          city,
          state: address.state ?? null,
          country: address.country,
          label: joinLabel([city, address.state, address.country]),
          source: 'nominatim',
        };
      } catch (error) {
        options.log.warn(
          { err: error instanceof Error ? error.message : String(error) },
          'reverse geocoding failed; using the bundled cities',
        );
        return fallback.locate(point);
      }
    },
  };
}
