import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addDays } from '@vowa/shared/travel/travel-rules';
import type { Flight } from '@vowa/shared/travel/travel-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, person } from '../../../test/api-helpers';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { startDuffelFake, type DuffelFake } from '../../../test/duffel-fake';

// The configured services, end to end through the API: Duffel (against the local fake of its
// HTTP contract) instead of the offline inventory, and live reference rates instead of the
// bundled table.
const NOW = new Date('2026-11-21T10:00:00Z');
const departureDate = addDays('2026-11-21', 30);

let duffel: DuffelFake;
let rates: Server;
let ratesUrl: string;
let rateRequests = 0;
let t: TestApp;

beforeAll(async () => {
  duffel = await startDuffelFake({ now: () => NOW });
  rates = createServer((request, response) => {
    rateRequests += 1;
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== '/v1/latest' || url.searchParams.get('base') !== 'EUR') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        amount: 1,
        base: 'EUR',
        date: '2026-11-20',
        rates: { USD: 1.25, GBP: 0.9, JPY: 160, CAD: 1.5 },
      }),
    );
  });
  await new Promise<void>((resolve) => rates.listen(0, '127.0.0.1', resolve));
  ratesUrl = `http://127.0.0.1:${(rates.address() as AddressInfo).port}/v1`;
  t = await createTestApp(
    {
      ...duffel.env(),
      FX_RATES_URL: ratesUrl,
    },
    { now: () => NOW },
  );
});
afterAll(async () => {
  await t.close();
  await duffel.close();
  await new Promise((resolve) => rates.close(resolve));
});

const search = async () => {
  const someone = await person(t.app, 'Duffel User');
  return as(t.app, someone).post('/api/travel/search', {
    type: 'flights',
    origin: 'JFK',
    destination: 'CDG',
    departureDate,
    adults: 2,
  });
};

describe('with DUFFEL_ACCESS_TOKEN set', () => {
  it('searches through Duffel and converts with the live ECB rates', async () => {
    const response = await search();
    expect(response.statusCode).toBe(200);
    const flights = (response.json() as { flights: Flight[] }).flights;
    expect(flights.length).toBeGreaterThan(0);
    expect(flights.every((flight) => flight.quote.provider === 'duffel')).toBe(true);
    expect(flights.map((flight) => flight.flightNumber)).toContain('BA100');
    // Duffel quotes in GBP here; shown in dollars through the live EUR table (GBP 0.9, USD 1.25).
    expect(flights[0]!.quote.sourceCurrency).toBe('GBP');
    expect(flights[0]!.quote.exchangeRate).toMatchObject({ source: 'ECB', asOf: '2026-11-20' });
    expect(flights[0]!.price).toBeCloseTo((flights[0]!.quote.sourceAmount / 0.9) * 1.25, 1);
    expect(rateRequests).toBe(1);
    expect(duffel.requests.some((request) => request.path === '/air/offer_requests')).toBe(true);
    // What Duffel needs to book it (the raw offer, its passenger ids) stays on the server.
    expect(response.body).not.toContain('"raw"');
    expect(response.body).not.toContain('pas_0000');
  });

  it('re-quotes through a new offer request', async () => {
    const [flight] = ((await search()).json() as { flights: Flight[] }).flights;
    const someone = await person(t.app, 'Requoter');
    duffel.reset();
    const response = await as(t.app, someone).post('/api/travel/requote', {
      kind: 'flight',
      quoteId: flight!.quote.quoteId,
      travelClass: 'business',
      departureDate: flight!.departure.date,
      departureTime: flight!.departure.time,
    });
    expect(response.statusCode).toBe(200);
    expect(duffel.requests.map((request) => request.path)).toEqual(['/air/offer_requests']);
  });

  it('answers 503 with a clear detail when Duffel fails or is rate limited', async () => {
    duffel.failNext(10);
    const failed = await search();
    expect(failed.statusCode).toBe(503);
    expect(failed.json().detail).toBe(
      'The travel provider is unavailable right now. Please try again later.',
    );
    duffel.reset();
    duffel.rateLimitNext(10);
    const busy = await search();
    expect(busy.statusCode).toBe(503);
    expect(busy.json().detail).toBe('The travel provider is busy. Please try again in a minute.');
    duffel.reset();
    // The token never reaches the logs.
    expect(t.logs.join('')).not.toContain(duffel.token);
  });

  it('still offers experiences, from the offline inventory', async () => {
    const someone = await person(t.app, 'Explorer');
    const response = await as(t.app, someone).get('/api/travel/experiences?city=Lisbon');
    expect(response.statusCode).toBe(200);
    expect(response.json().experiences.length).toBeGreaterThan(0);
  });
});

describe('TRAVEL_RATE_LIMIT_MAX', () => {
  it('limits searches per user per minute, without touching other users', async () => {
    const limited = await createTestApp({ TRAVEL_RATE_LIMIT_MAX: '2' }, { now: () => NOW });
    try {
      const first = as(limited.app, await person(limited.app, 'Eager'));
      const second = as(limited.app, await person(limited.app, 'Patient'));
      const query = '/api/travel/experiences?city=Lisbon';
      expect((await first.get(query)).statusCode).toBe(200);
      expect((await first.get(query)).statusCode).toBe(200);
      const refused = await first.get(query);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().detail).toMatch(/^Too many requests/);
      expect((await second.get(query)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
