import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays } from '@vowa/shared/travel/travel-rules';
import { defaultCheckIn, type TripQuoteRequest } from '@vowa/shared/travel/trip-price-model';
import type { TripQuote, TripSuggestionsResponse } from '@vowa/shared/travel/trip-quote-schemas';
import type { PriceHistoryResponse } from '@vowa/shared/watches/watch-schemas';
import { jsonResponse, mockFetch, sampleUser, type RecordedCall } from '../../../test/fetch-mock';
import { renderWithApp } from '../../../test/render-app';
import {
  makeFlight,
  makeHotel,
  makeQuote,
  makeReturnFlight,
  makeTrip,
} from '../../../test/travel-test-data';
import { TripCustomizeDialog } from './trip-customize-dialog';
import { localToday } from './use-trip-customization';

/** The exact price the fake provider gives: 1,000 a traveller plus 500 a night. */
const exactTotal = (request: TripQuoteRequest) => request.travelers * 1000 + request.nights * 500;

function quoteFor(request: TripQuoteRequest): TripQuote {
  const checkOut = addDays(request.checkIn, request.nights);
  const total = exactTotal(request);
  const flights = [
    makeFlight({ quote: makeQuote({ quoteId: 'q-out' }) }),
    makeReturnFlight({ quote: makeQuote({ quoteId: 'q-back' }) }),
  ];
  const hotel = makeHotel({ quote: makeQuote({ quoteId: 'q-hotel' }) });
  return {
    currency: 'USD',
    quotedAt: '2026-11-26T10:00:00.000Z',
    validUntil: '2026-11-26T22:00:00.000Z',
    checkIn: request.checkIn,
    checkOut,
    nights: request.nights,
    travelers: request.travelers,
    flightClass: request.flightClass,
    hotelCategory: request.hotelCategory,
    stops: [],
    flights,
    hotels: [{ hotel, categoryMatched: true }],
    experiences: [],
    items: [
      { kind: 'flight', quoteId: 'q-out' },
      { kind: 'flight', quoteId: 'q-back' },
      { kind: 'hotel', quoteId: 'q-hotel' },
    ],
    breakdown: { flights: total - 500, hotels: 500, experiences: 0 },
    total,
    charged: { amount: total / 2, currency: 'EUR' },
    exchangeRate: { rate: 2, asOf: '2026-11-26', source: 'ECB' },
    estimate: null,
  };
}

const suggestions: TripSuggestionsResponse = {
  reply: 'Here is how to spend less on your trip to Paris, priced just now.',
  answeredBy: 'offline',
  suggestions: [
    {
      kind: 'hotel_category',
      hotelCategory: 'budget',
      hotelName: 'Kipstay Paris',
      stars: 3,
      stay: { amount: 1065.86, currency: 'USD' },
      difference: { amount: -275.65, currency: 'USD' },
      quoteId: 'q-budget',
      change: { setting: 'hotelCategory', hotelCategory: 'budget' },
    },
    {
      kind: 'experience',
      name: "Chef's tasting menu in Paris",
      experienceType: 'restaurant',
      rating: 4.9,
      price: { amount: 125.4, currency: 'USD' },
      quoteId: 'q-chef',
      change: null,
    },
    {
      kind: 'city',
      city: 'Lyon',
      country: 'France',
      countryCode: 'FR',
      distanceKm: 392,
      flight: { amount: 109, currency: 'USD' },
      quoteId: 'q-lyon',
      change: { setting: 'addCity', city: 'Lyon' },
    },
  ],
};

/** The server: trip quotes (held back by `gate` when given) and the assistant's ideas. */
function serve(options: { gate?: () => Promise<void>; failQuote?: boolean } = {}) {
  return mockFetch(async ({ path, body }) => {
    if (path === '/auth/users/me') return jsonResponse(200, sampleUser);
    if (path === '/travel/trip_quotes') {
      if (options.gate) await options.gate();
      if (options.failQuote) {
        return jsonResponse(422, {
          code: 'unknown_additional_city',
          detail: 'We couldn\'t find a city called "Atlantis".',
        });
      }
      return jsonResponse(200, quoteFor(body as TripQuoteRequest));
    }
    if (path === '/llm/trip_suggestions') return jsonResponse(200, suggestions);
    if (path === '/travel/price_history') return jsonResponse(200, priceHistory);
    return jsonResponse(404, { detail: 'Not found.' });
  });
}

/** The customised trip's recorded prices (POST /travel/price_history). */
const priceHistory: PriceHistoryResponse = {
  currency: 'USD',
  points: [
    { at: '2026-11-25T08:00:00Z', day: '2026-11-25', amount: 2950, currency: 'USD' },
    { at: '2026-11-26T08:00:00Z', day: '2026-11-26', amount: 3000, currency: 'USD' },
  ],
  market: null,
  target: null,
  thresholdPercent: 80,
  departureDate: null,
  advice: {
    advice: 'buy',
    confidence: 'low',
    score: 0.2,
    reasons: [{ code: 'little_history', params: { days: 2 } }],
  },
};

const quoteCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.path === '/travel/trip_quotes');
const lastQuoteRequest = (calls: RecordedCall[]) =>
  quoteCalls(calls).at(-1)?.body as TripQuoteRequest | undefined;

const trip = makeTrip({ price: 3000 });
function renderDialog() {
  const onBook = vi.fn();
  const onOpenChange = vi.fn();
  renderWithApp(
    <TripCustomizeDialog trip={trip} open onOpenChange={onOpenChange} onBook={onBook} />,
  );
  return { onBook, onOpenChange };
}
const dialog = () => within(screen.getByRole('dialog'));

beforeEach(() => {
  localStorage.setItem('access_token', 'jwt');
  localStorage.setItem('vowa.user', JSON.stringify(sampleUser));
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('TripCustomizeDialog', () => {
  it('opens on the spec’s defaults with three tabs, Cancel and Book Trip', async () => {
    const { calls } = serve();
    renderDialog();
    expect(dialog().getByRole('heading', { name: 'Customize your trip to Paris' })).toBeVisible();
    const tabs = dialog()
      .getAllByRole('tab')
      .map((tab) => tab.textContent);
    expect(tabs).toEqual(['Trip Details', 'Customize', 'AI Assistant']);
    expect(dialog().getByLabelText('Travelers')).toHaveValue(2);
    expect(dialog().getByLabelText('Nights')).toHaveValue(7);
    expect(dialog().getByLabelText('Flight class')).toHaveValue('economy');
    expect(dialog().getByLabelText('Hotel category')).toHaveValue('mid-range');
    const checkIn = defaultCheckIn(localToday());
    expect(dialog().getByLabelText(/^Check-in/)).toHaveValue(checkIn);
    expect(dialog().getByTestId('check-out')).toHaveTextContent(
      new Intl.DateTimeFormat('en', {
        weekday: 'short',
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(`${addDays(checkIn, 7)}T00:00:00Z`)),
    );
    // The estimate at once: the 6-night trip's stay stretched to 7 nights (1,687 + 1,188 × 7 / 6
    // + 125) at multiplier 1; then the provider's exact price for the defaults.
    expect(within(dialog().getByTestId('trip-estimate')).getByText('$3,198')).toBeVisible();
    expect(dialog().getByRole('button', { name: 'Book Trip' })).toBeDisabled();
    expect(await dialog().findByTestId('trip-quoted')).toHaveTextContent('$5,500.00');
    expect(lastQuoteRequest(calls)).toMatchObject({
      origin: 'JFK',
      destination: 'CDG',
      checkIn,
      nights: 7,
      travelers: 2,
      flightClass: 'economy',
      hotelCategory: 'mid-range',
      additionalCities: [],
      basis: { hotelQuoteId: trip.hotel.quote.quoteId },
    });
    expect(dialog().getByText(/Charged as €2,750.00/)).toBeVisible();
    expect(dialog().getByRole('button', { name: 'Book Trip' })).toBeEnabled();
    expect(dialog().getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });

  it('shows the §9 estimate 1.5 s after a change, labelled, while the exact quote loads', async () => {
    let release: () => void = () => {};
    let held = false;
    const { calls } = serve({
      gate: () =>
        held
          ? new Promise<void>((resolve) => {
              release = resolve;
            })
          : Promise.resolve(),
    });
    const user = userEvent.setup();
    renderDialog();
    await dialog().findByTestId('trip-quoted');
    held = true;
    await user.click(dialog().getByRole('button', { name: 'One more traveler' }));
    await user.selectOptions(dialog().getByLabelText('Hotel category'), 'luxury');
    // Right after the change: nothing asked yet, the figures say they are being recalculated.
    expect(quoteCalls(calls)).toHaveLength(1);
    expect(dialog().getByText('Recalculating for your changes…')).toBeVisible();
    expect(dialog().getByRole('button', { name: 'Book Trip' })).toBeDisabled();
    // 1.5 s later: 3 travellers (1.45) and luxury (+0.4) → 3,198 × 1.85, and the exact quote asked.
    const estimate = await dialog().findByTestId('trip-estimate', {}, { timeout: 3000 });
    await waitFor(() => expect(estimate).toHaveTextContent('$5,916.30'), { timeout: 3000 });
    expect(within(estimate).getByText('Estimate')).toBeVisible();
    expect(dialog().getByText('Getting the exact price from the provider…')).toBeVisible();
    expect(lastQuoteRequest(calls)).toMatchObject({ travelers: 3, hotelCategory: 'luxury' });
    expect(quoteCalls(calls)).toHaveLength(2);
    act(() => release());
    const quoted = await dialog().findByTestId('trip-quoted');
    expect(within(quoted).getByText('Quoted price')).toBeVisible();
    expect(quoted).toHaveTextContent('$6,500.00');
    expect(quoted).toHaveTextContent('The instant estimate was');
  });

  it('keeps travellers within 1–10 and nights within 1–30', async () => {
    serve();
    const user = userEvent.setup();
    renderDialog();
    await user.click(dialog().getByRole('button', { name: 'One traveler fewer' }));
    expect(dialog().getByLabelText('Travelers')).toHaveValue(1);
    expect(dialog().getByRole('button', { name: 'One traveler fewer' })).toBeDisabled();
    const nights = dialog().getByLabelText('Nights');
    await user.clear(nights);
    await user.type(nights, '45');
    await user.tab();
    expect(nights).toHaveValue(30);
    expect(dialog().getByRole('button', { name: 'One more night' })).toBeDisabled();
    const travelers = dialog().getByLabelText('Travelers');
    await user.clear(travelers);
    await user.type(travelers, '12');
    await user.tab();
    expect(travelers).toHaveValue(10);
  });

  it('adds trimmed additional cities with Enter, refuses blanks and duplicates, and removes them', async () => {
    const { calls } = serve();
    const user = userEvent.setup();
    renderDialog();
    const field = dialog().getByLabelText('Additional cities');
    await user.type(field, '  Lyon {Enter}');
    const list = dialog().getByRole('list', { name: 'Cities on this trip' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Lyon']);
    expect(field).toHaveValue('');
    await user.type(field, 'lyon{Enter}');
    expect(dialog().getByText('lyon is already on the list.')).toBeVisible();
    await user.clear(field);
    await user.type(field, '   {Enter}');
    expect(dialog().getByText('Type a city name first.')).toBeVisible();
    await user.clear(field);
    await user.type(field, 'Nice');
    await user.click(dialog().getByRole('button', { name: 'Add city' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await waitFor(
      () => expect(lastQuoteRequest(calls)?.additionalCities).toEqual(['Lyon', 'Nice']),
      {
        timeout: 3000,
      },
    );
    await user.click(dialog().getByRole('button', { name: 'Remove Lyon' }));
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Nice']);
  });

  it('books the exact quotes with the special requests', async () => {
    serve();
    const user = userEvent.setup();
    const { onBook, onOpenChange } = renderDialog();
    await user.type(dialog().getByLabelText('Special requests'), 'A quiet room, please');
    await dialog().findByTestId('trip-quoted');
    await user.click(dialog().getByRole('button', { name: 'Book Trip' }));
    expect(onBook).toHaveBeenCalledWith({
      items: [
        { kind: 'flight', quoteId: 'q-out' },
        { kind: 'flight', quoteId: 'q-back' },
        { kind: 'hotel', quoteId: 'q-hotel' },
      ],
      travelers: 2,
      source: 'customized',
      tripTitle: { destination: 'Paris', country: 'France', countryCode: 'FR' },
      specialRequests: 'A quiet room, please',
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('says why the trip cannot be priced, and keeps Book Trip off', async () => {
    serve({ failQuote: true });
    renderDialog();
    expect(await dialog().findByRole('alert')).toHaveTextContent(
      'We couldn’t find one of the additional cities. Check its spelling.',
    );
    expect(dialog().getByRole('button', { name: 'Book Trip' })).toBeDisabled();
  });

  it('shows the itinerary the provider priced on the Trip Details tab', async () => {
    serve();
    const user = userEvent.setup();
    renderDialog();
    await dialog().findByTestId('trip-quoted');
    await user.click(dialog().getByRole('tab', { name: 'Trip Details' }));
    const panel = dialog().getByRole('tabpanel');
    expect(within(panel).getByText('New York → Paris → New York')).toBeVisible();
    expect(within(panel).getByRole('region', { name: 'Flights' })).toHaveTextContent('AF 23');
    expect(within(panel).getByRole('region', { name: 'Stays' })).toBeVisible();
  });

  it('shows the customised trip’s price history and the buy-or-wait advice on Trip Details', async () => {
    const { calls } = serve();
    const user = userEvent.setup();
    renderDialog();
    await dialog().findByTestId('trip-quoted');
    await user.click(dialog().getByRole('tab', { name: 'Trip Details' }));
    const history = within(dialog().getByRole('region', { name: 'Price history' }));
    expect(await history.findByTestId('buy-or-wait')).toHaveTextContent('Buy now');
    expect(
      history.getByText('Only 2 days of prices so far: take this as a first guess.'),
    ).toBeVisible();
    // The exact quotes Book Trip would book, for its travellers.
    expect(calls.find((call) => call.path === '/travel/price_history')?.body).toEqual({
      items: [
        { kind: 'flight', quoteId: 'q-out' },
        { kind: 'flight', quoteId: 'q-back' },
        { kind: 'hotel', quoteId: 'q-hotel' },
      ],
      travelers: 2,
    });
  });

  it('asks the assistant for this trip and applies an idea to the settings', async () => {
    const { calls } = serve();
    const user = userEvent.setup();
    renderDialog();
    await user.click(dialog().getByRole('tab', { name: 'AI Assistant' }));
    const ask = dialog().getByRole('button', { name: 'Ask the assistant' });
    expect(ask).toBeDisabled();
    await user.type(dialog().getByLabelText('What would you like for this trip?'), '   ');
    expect(ask).toBeDisabled();
    await user.type(dialog().getByLabelText('What would you like for this trip?'), 'Cheaper?');
    await user.click(ask);
    const answer = await dialog().findByTestId('assistant-answer');
    expect(answer).toHaveTextContent('Here is how to spend less on your trip to Paris');
    expect(within(answer).getAllByRole('listitem')).toHaveLength(3);
    expect(answer).toHaveTextContent('Stay in a Budget hotel');
    expect(answer).toHaveTextContent('-$275.65');
    expect(answer).toHaveTextContent("Chef's tasting menu in Paris");
    const asked = calls.find((call) => call.path === '/llm/trip_suggestions');
    expect(asked?.body).toMatchObject({ message: 'Cheaper?', trip: { destination: 'CDG' } });
    await user.click(within(answer).getByRole('button', { name: 'Apply: Stay in a Budget hotel' }));
    await user.click(within(answer).getByRole('button', { name: 'Apply: Add Lyon' }));
    await user.click(dialog().getByRole('tab', { name: 'Customize' }));
    expect(dialog().getByLabelText('Hotel category')).toHaveValue('budget');
    expect(
      within(dialog().getByRole('list', { name: 'Cities on this trip' })).getByText('Lyon'),
    ).toBeVisible();
    // The answer is still there when the person comes back, with what they applied.
    await user.click(dialog().getByRole('tab', { name: 'AI Assistant' }));
    expect(
      dialog().getByRole('button', { name: 'Applied: Stay in a Budget hotel' }),
    ).toBeDisabled();
  });
});
