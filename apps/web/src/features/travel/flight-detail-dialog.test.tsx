import { useEffect, useState } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Flight } from '@vowa/shared/travel/travel-schemas';
import { jsonResponse, mockFetch, sampleUser } from '../../test/fetch-mock';
import { tokenStore } from '../../lib/session-storage';
import { renderWithApp, watchTargets } from '../../test/render-app';
import { FlightDetailDialog } from './flight-detail-dialog';
import { makeFlight, makeQuote, makeReturnFlight } from '../../test/travel-test-data';

afterEach(() => {
  vi.unstubAllGlobals();
  tokenStore.reset();
});

type Props = Partial<Parameters<typeof FlightDetailDialog>[0]>;

let swapFlight: (flight: Flight) => void = () => {};

function Harness({ initial, ...props }: Props & { initial: Flight }) {
  const [flight, setFlight] = useState(initial);
  useEffect(() => {
    swapFlight = setFlight;
  }, []);
  return <FlightDetailDialog open onClose={vi.fn()} flight={flight} {...props} />;
}

function renderFlight(flight: Flight = makeFlight(), props: Props = {}) {
  const handlers = {
    onClose: vi.fn(),
    onSelect: vi.fn(),
    onModified: vi.fn(),
    onGroupUpdate: vi.fn(),
  };
  renderWithApp(<Harness initial={flight} {...handlers} {...props} />);
  return handlers;
}

const dialog = () => screen.getByRole('dialog');
const inDialog = () => within(dialog());

/** The requote endpoint answering a flight re-quote with `price` and the difference to 445.50. */
function serveRequote(original: Flight, price = 1245.5) {
  return mockFetch(({ path }) => {
    if (path === '/travel/requote') {
      return jsonResponse(200, {
        kind: 'flight',
        flight: { ...original, id: 'fl-new', class: 'business', price, quote: makeQuote() },
        originalPrice: original.price,
        difference: price - (original.price ?? 0),
      });
    }
    return jsonResponse(404, { detail: 'Not found.' });
  });
}

describe('Flight detail dialog', () => {
  it('shows the title, leg, aircraft, class, both ends, baggage, amenities and price', () => {
    mockFetch(() => jsonResponse(404));
    renderFlight();
    expect(screen.getByRole('dialog', { name: 'Air France AF 23' })).toBeInTheDocument();
    const view = inDialog();
    expect(view.getByText('Outbound Flight')).toBeInTheDocument();
    expect(view.getByText('Aircraft: Boeing 777-300ER')).toBeInTheDocument();
    expect(view.getByText('Class: Economy')).toBeInTheDocument();

    const details = view.getByRole('region', { name: 'Flight details' });
    for (const text of [
      'JFK',
      'New York',
      '11:30 AM',
      'Sun, Mar 15, 2026',
      'Terminal 1',
      'CDG',
      'Paris',
      '12:55 AM',
      'Mon, Mar 16, 2026',
      'Terminal 2E',
      '7h 25m',
      'Non-stop',
    ]) {
      expect(within(details).getByText(text)).toBeInTheDocument();
    }

    const baggage = view.getByRole('region', { name: 'Baggage & policies' });
    expect(within(baggage).getByText('1 personal item')).toBeInTheDocument();
    expect(within(baggage).getByText('1 checked bag')).toBeInTheDocument();
    expect(within(baggage).getByText('Free cancellation within 24 hours')).toBeInTheDocument();

    const amenities = view.getByRole('region', { name: 'Amenities' });
    const tile = (name: string) => within(amenities).getByText(name).closest('li') as HTMLElement;
    expect(within(tile('Wi-Fi')).getByText('Available')).toBeInTheDocument();
    expect(within(tile('Entertainment')).getByText('Available')).toBeInTheDocument();
    expect(within(tile('Meals')).getByText('Available')).toBeInTheDocument();
    expect(within(tile('Seat Selection')).getByText('Not available')).toBeInTheDocument();
    expect(within(amenities).getByText('Power outlets')).toBeInTheDocument();

    const price = view.getByRole('region', { name: 'Price' });
    expect(within(price).getByText('Price per person')).toBeInTheDocument();
    expect(within(price).getByText('$445.50')).toBeInTheDocument();
    expect(within(price).getByText('including taxes and fees')).toBeInTheDocument();
    expect(
      within(price).getByText('Converted from €412.00 · ECB rate of Sun, Mar 1, 2026'),
    ).toBeInTheDocument();

    expect(view.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(view.getByRole('button', { name: 'Select Flight' })).toBeInTheDocument();
  });

  it('labels a return flight, counts stops and fills missing data with placeholders', () => {
    mockFetch(() => jsonResponse(404));
    renderFlight(
      makeReturnFlight({
        stops: 2,
        stopAirports: ['LIS', 'BOS'],
        aircraft: '',
        price: null,
        baggage: { carry: '', checked: '1 checked bag' },
        cancellation: '',
        amenities: [],
        quote: makeQuote({ sourceCurrency: 'USD' }),
      }),
      { isReturn: true },
    );
    const view = inDialog();
    expect(view.getByText('Return Flight')).toBeInTheDocument();
    expect(view.getByText('2 stops')).toBeInTheDocument();
    expect(view.getByText('via LIS, BOS')).toBeInTheDocument();
    expect(view.getByText('Aircraft: N/A')).toBeInTheDocument();
    expect(view.getByText('Price not available')).toBeInTheDocument();
    const baggage = view.getByRole('region', { name: 'Baggage & policies' });
    expect(within(baggage).getAllByText('N/A')).toHaveLength(2);
    expect(view.queryByText(/Converted from/)).not.toBeInTheDocument();
    expect(view.queryByText('Also on board')).not.toBeInTheDocument();
  });

  it('says "1 stop" for a single stop', () => {
    mockFetch(() => jsonResponse(404));
    renderFlight(makeFlight({ stops: 1, stopAirports: ['DUB'] }));
    expect(inDialog().getByText('1 stop')).toBeInTheDocument();
  });

  it('re-quotes a new class live, shows the new price and difference, and Cancel restores', async () => {
    const flight = makeFlight();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { calls } = mockFetch(async ({ path }) => {
      if (path !== '/travel/requote') return jsonResponse(404);
      await gate;
      return jsonResponse(200, {
        kind: 'flight',
        flight: { ...flight, id: 'fl-new', class: 'business', price: 1245.5, quote: makeQuote() },
        originalPrice: 445.5,
        difference: 800,
      });
    });
    const user = userEvent.setup();
    const handlers = renderFlight(flight);

    await user.click(inDialog().getByRole('button', { name: 'Modify' }));
    const travelClass = inDialog().getByLabelText('Travel class');
    expect(travelClass).toHaveFocus();
    expect(travelClass).toHaveValue('economy');
    expect(inDialog().getByLabelText('Departure date')).toHaveValue('2026-03-15');
    expect(inDialog().getByLabelText('Departure time')).toHaveValue('11:30');
    expect(
      within(inDialog().getByLabelText('Departure time'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['11:30 AM', '8:45 AM', '2:15 PM', '6:30 PM']);

    await user.selectOptions(travelClass, 'Business');
    const summary = screen.getByTestId('requote-summary');
    expect(summary).toHaveAttribute('aria-live', 'polite');
    expect(within(summary).getByText('Getting a new price...')).toBeInTheDocument();
    expect(inDialog().getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(calls.find((call) => call.path === '/travel/requote')?.body).toEqual({
      kind: 'flight',
      quoteId: flight.quote.quoteId,
      travelClass: 'business',
      departureDate: '2026-03-15',
      departureTime: '11:30',
    });

    release();
    expect(await within(summary).findByText('$1,245.50')).toBeInTheDocument();
    expect(within(summary).getByText('+$800.00')).toBeInTheDocument();

    await user.selectOptions(inDialog().getByLabelText('Departure date'), 'Mon, Mar 16, 2026');
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/travel/requote').at(-1)?.body).toMatchObject({
        travelClass: 'business',
        departureDate: '2026-03-16',
      }),
    );

    await user.click(inDialog().getByRole('button', { name: 'Cancel' }));
    expect(inDialog().queryByLabelText('Travel class')).not.toBeInTheDocument();
    expect(inDialog().getByText('Class: Economy')).toBeInTheDocument();
    expect(
      within(inDialog().getByRole('region', { name: 'Price' })).getByText('$445.50'),
    ).toBeInTheDocument();
    expect(inDialog().getByRole('button', { name: 'Modify' })).toHaveFocus();
    expect(handlers.onModified).not.toHaveBeenCalled();

    // Modify again: the choices start from the flight again.
    await user.click(inDialog().getByRole('button', { name: 'Modify' }));
    expect(inDialog().getByLabelText('Travel class')).toHaveValue('economy');
  });

  it('Save applies the re-quoted flight and reports it as modified in group context', async () => {
    const flight = makeFlight();
    serveRequote(flight);
    const user = userEvent.setup();
    const handlers = renderFlight(flight, { groupContext: true });
    await user.click(inDialog().getByRole('button', { name: 'Modify' }));
    await user.selectOptions(inDialog().getByLabelText('Travel class'), 'Business');
    expect(await inDialog().findByText('+$800.00')).toBeInTheDocument();
    await user.click(inDialog().getByRole('button', { name: 'Save' }));

    expect(handlers.onGroupUpdate).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'fl-new', class: 'business', price: 1245.5 }),
      'modified',
    );
    expect(handlers.onModified).toHaveBeenCalledWith(expect.objectContaining({ id: 'fl-new' }));
    expect(inDialog().queryByLabelText('Travel class')).not.toBeInTheDocument();
    expect(inDialog().getByText('Class: Business')).toBeInTheDocument();
    expect(
      within(inDialog().getByRole('region', { name: 'Price' })).getByText('$1,245.50'),
    ).toBeInTheDocument();
  });

  it("shows the server's detail when a re-quote fails and keeps Save disabled", async () => {
    mockFetch(({ path }) =>
      path === '/travel/requote'
        ? jsonResponse(409, { detail: 'This fare is no longer available.' })
        : jsonResponse(404),
    );
    const user = userEvent.setup();
    renderFlight();
    await user.click(inDialog().getByRole('button', { name: 'Modify' }));
    await user.selectOptions(inDialog().getByLabelText('Departure time'), '6:30 PM');
    expect(await inDialog().findByText('This fare is no longer available.')).toBeInTheDocument();
    expect(inDialog().getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('Select for Group reports the flight as selected, then closes', async () => {
    mockFetch(() => jsonResponse(404));
    const flight = makeFlight();
    const user = userEvent.setup();
    const handlers = renderFlight(flight, { groupContext: true });
    expect(inDialog().queryByRole('button', { name: 'Select Flight' })).not.toBeInTheDocument();
    await user.click(inDialog().getByRole('button', { name: 'Select for Group' }));
    expect(handlers.onGroupUpdate).toHaveBeenCalledWith(flight, 'selected');
    expect(handlers.onSelect).not.toHaveBeenCalled();
    expect(handlers.onClose).toHaveBeenCalled();
  });

  it('Select Flight outside a group calls onSelect and closes; Close only closes', async () => {
    mockFetch(() => jsonResponse(404));
    const flight = makeFlight();
    const user = userEvent.setup();
    const handlers = renderFlight(flight);
    await user.click(inDialog().getByRole('button', { name: 'Close' }));
    expect(handlers.onClose).toHaveBeenCalledTimes(1);
    await user.click(inDialog().getByRole('button', { name: 'Select Flight' }));
    expect(handlers.onSelect).toHaveBeenCalledWith(flight);
    expect(handlers.onGroupUpdate).not.toHaveBeenCalled();
    expect(handlers.onClose).toHaveBeenCalledTimes(2);
  });

  it('Watch price watches this flight for the trip’s travellers, named after where it lands', async () => {
    mockFetch(() => jsonResponse(404));
    const flight = makeFlight();
    const user = userEvent.setup();
    const handlers = renderFlight(flight, {
      trip: { total: 3000, currency: 'USD', maxTripBudget: null, travelers: 2, factor: 2 },
    });
    await user.click(inDialog().getByRole('button', { name: 'Watch price' }));
    expect(handlers.onClose).toHaveBeenCalledOnce();
    expect(watchTargets).toEqual([
      {
        kind: 'flight',
        mode: 'alert',
        items: [{ kind: 'flight', quoteId: flight.quote.quoteId }],
        travelers: 2,
        // The sample flight's arrival names no country code.
        title: { destination: 'Paris', country: 'France', countryCode: '' },
      },
    ]);
  });

  it('offers no Watch price in a group, where picks are the group’s', () => {
    mockFetch(() => jsonResponse(404));
    renderFlight(makeFlight(), { groupContext: true });
    expect(inDialog().queryByRole('button', { name: 'Watch price' })).not.toBeInTheDocument();
  });

  it('opens the flight’s price history on request, per person', async () => {
    const flight = makeFlight();
    localStorage.setItem('access_token', 'jwt');
    tokenStore.reset();
    const { calls } = mockFetch(({ path }) =>
      path === '/auth/users/me'
        ? jsonResponse(200, sampleUser)
        : path === '/travel/price_history'
          ? jsonResponse(200, {
              currency: 'USD',
              points: [
                { at: '2026-03-01T08:00:00Z', day: '2026-03-01', amount: 460, currency: 'USD' },
                { at: '2026-03-02T08:00:00Z', day: '2026-03-02', amount: 445.5, currency: 'USD' },
              ],
              market: { amount: 480, currency: 'USD' },
              target: { amount: 384, currency: 'USD' },
              thresholdPercent: 80,
              departureDate: '2026-03-15',
              advice: {
                advice: 'buy',
                confidence: 'low',
                score: 0.3,
                reasons: [{ code: 'departure_close', params: { days: 13 } }],
              },
            })
          : jsonResponse(404),
    );
    const user = userEvent.setup();
    renderFlight(flight);
    // For signed-in people only; nothing is read until asked for.
    const toggle = await inDialog().findByRole('button', { name: 'Price history' });
    expect(calls.some((call) => call.path === '/travel/price_history')).toBe(false);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(await inDialog().findByTestId('buy-or-wait')).toHaveTextContent(
      'Departure is 13 days away: fares usually climb from here.',
    );
    expect(calls.find((call) => call.path === '/travel/price_history')?.body).toEqual({
      items: [{ kind: 'flight', quoteId: flight.quote.quoteId }],
      travelers: 1,
    });
  });

  it('resets every edit choice when the flight changes', async () => {
    const flight = makeFlight();
    serveRequote(flight);
    const user = userEvent.setup();
    renderFlight(flight);
    await user.click(inDialog().getByRole('button', { name: 'Modify' }));
    await user.selectOptions(inDialog().getByLabelText('Travel class'), 'First Class');
    act(() => swapFlight(makeReturnFlight({ flightNumber: 'AF 1', class: 'premium' })));
    expect(screen.getByRole('dialog', { name: 'Air France AF 1' })).toBeInTheDocument();
    expect(inDialog().queryByLabelText('Travel class')).not.toBeInTheDocument();
    await user.click(inDialog().getByRole('button', { name: 'Modify' }));
    expect(inDialog().getByLabelText('Travel class')).toHaveValue('premium');
    expect(inDialog().getByLabelText('Departure date')).toHaveValue('2026-03-22');
  });
});

describe('Flight detail dialog: the details follow the edit (issue 13 §5)', () => {
  it('shows the chosen time, date and class under the price while editing, then the re-quote', async () => {
    const flight = makeFlight();
    mockFetch(({ path }) =>
      path === '/travel/requote'
        ? jsonResponse(200, {
            kind: 'flight',
            flight: {
              ...flight,
              id: 'fl-new',
              class: 'business',
              price: 1170.5,
              departure: { ...flight.departure, date: '2026-03-14', time: '08:45' },
              arrival: { ...flight.arrival, date: '2026-03-14', time: '22:10' },
              quote: makeQuote(),
            },
            originalPrice: 445.5,
            difference: 725,
          })
        : jsonResponse(404),
    );
    const user = userEvent.setup();
    renderFlight(flight, {
      trip: { total: 4500, currency: 'USD', maxTripBudget: 5000, travelers: 2, factor: 2 },
    });
    await user.click(inDialog().getByRole('button', { name: 'Modify' }));
    await user.selectOptions(inDialog().getByLabelText('Travel class'), 'Business');
    await user.selectOptions(inDialog().getByLabelText('Departure date'), 'Sat, Mar 14, 2026');
    await user.selectOptions(inDialog().getByLabelText('Departure time'), '8:45 AM');

    const details = inDialog().getByRole('region', { name: 'Flight details' });
    expect(await within(details).findByText('10:10 PM')).toBeInTheDocument();
    expect(within(details).getByText('8:45 AM')).toBeInTheDocument();
    expect(within(details).getAllByText('Sat, Mar 14, 2026')).toHaveLength(2);
    expect(within(details).queryByText('11:30 AM')).not.toBeInTheDocument();
    expect(inDialog().getByText('Class: Business')).toBeInTheDocument();
    expect(
      within(inDialog().getByRole('region', { name: 'Price' })).getByText('$1,170.50'),
    ).toBeInTheDocument();
    // $4,500 + $725 × 2 travellers: over the $5,000 budget, said before saving.
    const check = screen.getByTestId('trip-total-check');
    expect(within(check).getByText('$5,950')).toBeInTheDocument();
    expect(
      within(check).getByText('This change takes the trip over your $5,000 budget by $950.'),
    ).toBeInTheDocument();
  });
});

describe('Flight detail dialog: the route map', () => {
  it('draws the route between the airports on a world map, labelled for screen readers', async () => {
    mockFetch(() => jsonResponse(404));
    const flight = makeFlight();
    renderFlight({
      ...flight,
      departure: { ...flight.departure, coordinates: { latitude: 40.64, longitude: -73.78 } },
      arrival: { ...flight.arrival, coordinates: { latitude: 49.01, longitude: 2.55 } },
    });
    const region = inDialog().getByRole('region', { name: 'Route' });
    const map = await within(region).findByTestId('map');
    expect(map).toHaveAttribute('role', 'img');
    expect(map).toHaveAccessibleName('Map of the route from New York to Paris');
    // The land from the bundled world atlas, the great-circle arc, and both airports.
    expect(map.querySelector('path')?.getAttribute('d')).toBeTruthy();
    expect(within(region).getByTestId('map-route').getAttribute('d')).toMatch(/^M[\d.-]+,[\d.-]+/);
    expect(within(map as unknown as HTMLElement).getByText('JFK')).toBeInTheDocument();
    expect(within(map as unknown as HTMLElement).getByText('CDG')).toBeInTheDocument();
  });

  it('shows no map when the airports are not placed', () => {
    mockFetch(() => jsonResponse(404));
    renderFlight();
    expect(inDialog().queryByRole('region', { name: 'Route' })).not.toBeInTheDocument();
  });
});
