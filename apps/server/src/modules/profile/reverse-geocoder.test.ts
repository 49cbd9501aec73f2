import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createBundledGeocoder, createNominatimGeocoder } from './reverse-geocoder';

// A local stand-in for Nominatim's documented /reverse contract (jsonv2 with addressdetails).
let server: Server;
let baseUrl: string;
const seen: { path: string; userAgent: string | undefined }[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: {} };

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push({ path: request.url ?? '', userAgent: request.headers['user-agent'] });
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const log = { warn: vi.fn() } as unknown as FastifyBaseLogger;
const geocoder = () => createNominatimGeocoder({ baseUrl, userAgent: 'Vowa/test', log });

describe('Nominatim geocoder', () => {
  it('asks /reverse with an identifying User-Agent and joins city, state and country', async () => {
    answer = {
      status: 200,
      body: { address: { town: 'Annecy', state: 'Auvergne-Rhône-Alpes', country: 'France' } },
    };
    const place = await geocoder().locate({ latitude: 45.9, longitude: 6.12 });
    expect(place).toEqual({
      city: 'Annecy',
      state: 'Auvergne-Rhône-Alpes',
      country: 'France',
      label: 'Annecy, Auvergne-Rhône-Alpes, France',
      source: 'nominatim',
    });
    const request = seen.at(-1)!;
    expect(request.path).toMatch(/^\/reverse\?format=jsonv2&lat=45.9&lon=6.12/);
    expect(request.userAgent).toBe('Vowa/test');
  });

  it('falls back to the bundled cities when Nominatim fails or finds nothing', async () => {
    answer = { status: 503, body: { error: 'busy' } };
    expect(await geocoder().locate({ latitude: 48.8566, longitude: 2.3522 })).toMatchObject({
      city: 'Paris',
      source: 'bundled',
    });
    answer = { status: 200, body: { error: 'Unable to geocode' } };
    expect(await geocoder().locate({ latitude: -40, longitude: -120 })).toBeNull();
  });
});

describe('bundled geocoder', () => {
  it('names the nearest city within reach', async () => {
    expect(
      await createBundledGeocoder().locate({ latitude: 35.68, longitude: 139.69 }),
    ).toMatchObject({
      city: 'Tokyo',
      country: 'Japan',
    });
  });
});
