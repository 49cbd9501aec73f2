import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Flight, TripSuggestion } from '@vowa/shared/travel/travel-schemas';
import { jsonResponse, mockFetch, sampleUser } from '../../test/fetch-mock';
import { defaultSettings, unconnected } from '../../test/finance-test-data';
import { renderWithApp } from '../../test/render-app';
import {
  makeDeals,
  makeFlight,
  makeHotel,
  makeQuote,
  makeReturnFlight,
  makeSuggestions,
  makeTrip,
} from '../../test/travel-test-data';
import { SuggestionsPage } from './suggestions-page';
import { tripChangesStorageKey } from './trip-adjustments';

/**
 * Issue 13 §5 "Modify agrees with the card": a flight saved in the dialog's Modify mode moves
 * the card's dates, time, class and total, checks the budget and the savings again, and is
 * still there after a reload. The prices are the server's re-quote answers.
 */

const FUTURE = '2099-01-01T00:00:00.000Z';
const quote = () => makeQuote({ validUntil: FUTURE });

/**
 * The market-price evidence fields, in case the shared builder does not fill them yet (the
 * suggestions answer is being extended alongside); unknown keys are dropped by the schema.
 */
const evidence = { historyQuotes: 14, historyRange: null, distanceKm: 5837 } as object;

function parisTrip(): TripSuggestion {
  const trip = makeTrip({
    id: 'trip-paris',
    price: 3000,
    originalPrice: 3620,
    savings: 620,
    flightDetails: {
      outbound: makeFlight({ quote: quote() }),
      return: makeReturnFlight({ quote: quote() }),
    },
    hotel: makeHotel({ quote: quote() }),
  });
  return { ...evidence, ...trip };
}

/** The business fare on Mon, Mar 16 at 8:45, as the server re-quotes it (+$1,200 a person). */
function businessFare(original: Flight): Flight {
  return {
    ...original,
    id: 'fl-business',
    class: 'business',
    price: 1645.5,
    departure: { ...original.departure, date: '2026-03-16', time: '08:45' },
    arrival: { ...original.arrival, date: '2026-03-16', time: '22:10' },
    quote: quote(),
  };
}

function serve(trip: TripSuggestion, gate?: Promise<void>) {
  return mockFetch(async ({ path, method }) => {
    if (path === '/auth/users/me') return jsonResponse(200, sampleUser);
    if (path === '/finance/financials') return jsonResponse(200, unconnected);
    if (path === '/finance/budget_settings') return jsonResponse(200, defaultSettings);
    if (path.startsWith('/travel/suggestions') && method === 'GET') {
      return jsonResponse(200, makeSuggestions({ suggestions: [trip] }));
    }
    if (path.startsWith('/travel/deals')) return jsonResponse(200, makeDeals({ deals: [] }));
    if (path === '/travel/requote') {
      if (gate) await gate;
      const original = trip.flightDetails.outbound;
      return jsonResponse(200, {
        kind: 'flight',
        flight: businessFare(original),
        originalPrice: original.price,
        difference: 1200,
      });
    }
    return jsonResponse(404, { detail: 'Not found.' });
  });
}

const renderPage = () => renderWithApp(<SuggestionsPage />, { path: '/travel/suggestions' });
const findCard = async () =>
  within(await screen.findByRole('tabpanel')).findByRole('article', { name: 'Paris' });
const inDialog = () => within(screen.getByRole('dialog'));

beforeEach(() => {
  localStorage.setItem('access_token', 'jwt');
  localStorage.setItem('vowa.user', JSON.stringify(sampleUser));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** Opens the card's flight, picks Business on Mon, Mar 16 at 8:45 AM. */
async function modifyFlight(user: ReturnType<typeof userEvent.setup>) {
  const card = await findCard();
  await user.click(within(card).getByRole('button', { name: /^Flights / }));
  // The dialog's code loads when it first opens.
  await screen.findByRole('dialog');
  await user.click(inDialog().getByRole('button', { name: 'Modify' }));
  await user.selectOptions(inDialog().getByLabelText('Travel class'), 'Business');
  await user.selectOptions(inDialog().getByLabelText('Departure date'), 'Mon, Mar 16, 2026');
  await user.selectOptions(inDialog().getByLabelText('Departure time'), '8:45 AM');
  return card;
}

describe('Modify agrees with the card (issue 13 §5)', () => {
  it('shows the pending choice in the details while editing, and the budget check before Save', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    serve(parisTrip(), gate);
    const user = userEvent.setup();
    renderPage();
    await modifyFlight(user);

    // Before the re-quote answers: the chosen class, date and time already; the arrival waits.
    const details = inDialog().getByRole('region', { name: 'Flight details' });
    expect(within(details).getByText('Showing your change, not saved yet')).toBeInTheDocument();
    expect(within(details).getByText('8:45 AM')).toBeInTheDocument();
    expect(within(details).getAllByText('Mon, Mar 16, 2026')).toHaveLength(1);
    expect(within(details).queryByText('11:30 AM')).not.toBeInTheDocument();
    expect(within(details).getByText('Getting a new price...')).toBeInTheDocument();
    expect(inDialog().getByText('Class: Business')).toBeInTheDocument();

    act(() => release());
    // The re-quoted offer: its arrival, its price, and the trip's new total over the budget.
    expect(await within(details).findByText('10:10 PM')).toBeInTheDocument();
    expect(
      within(inDialog().getByRole('region', { name: 'Price' })).getByText('$1,645.50'),
    ).toBeInTheDocument();
    const check = screen.getByTestId('trip-total-check');
    expect(within(check).getByText('Trip total for 2 travelers')).toBeInTheDocument();
    expect(within(check).getByText('$5,400')).toBeInTheDocument();
    expect(
      within(check).getByText('This change takes the trip over your $5,000 budget by $400.'),
    ).toBeInTheDocument();

    // Cancel: the flight as it was.
    await user.click(inDialog().getByRole('button', { name: 'Cancel' }));
    expect(within(details).getByText('11:30 AM')).toBeInTheDocument();
    expect(inDialog().getByText('Class: Economy')).toBeInTheDocument();
  });

  it('a saved flight moves the card’s date, time, class and total, checks budget and savings, and survives a reload', async () => {
    serve(parisTrip());
    const user = userEvent.setup();
    const { unmount } = renderPage();
    let card = await modifyFlight(user);
    expect(await inDialog().findByText('+$1,200.00')).toBeInTheDocument();
    await user.click(inDialog().getByRole('button', { name: 'Save' }));
    await user.click(inDialog().getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const expectModified = (view: HTMLElement) => {
      const inCard = within(view);
      expect(inCard.getByTestId('trip-departs')).toHaveTextContent('Mar 16');
      expect(inCard.getByText('8:45 AM · Business')).toBeInTheDocument();
      expect(inCard.getByTestId('trip-price')).toHaveTextContent('$5,400');
      expect(inCard.getByTestId('over-budget')).toHaveTextContent(
        'Over your $5,000 budget by $400',
      );
      // No saving against the $3,620 market price any more: said, not silently dropped.
      expect(inCard.getByTestId('no-saving')).toHaveTextContent('No saving at this price');
      expect(inCard.queryByText(/^Save \$/)).not.toBeInTheDocument();
      expect(inCard.getByText('Market price $3,620')).toBeInTheDocument();
      expect(inCard.getByRole('button', { name: /^Flights .* Modified$/ })).toBeInTheDocument();
    };
    expectModified(card);
    expect(localStorage.getItem(tripChangesStorageKey(sampleUser.id))).toContain('fl-business');

    // A reload: the page comes back with the same trip, and the change is still applied.
    unmount();
    renderPage();
    card = await findCard();
    expectModified(card);
  });

  it('drops a stored change once its quote has expired', async () => {
    serve(parisTrip());
    const user = userEvent.setup();
    const { unmount } = renderPage();
    await modifyFlight(user);
    expect(await inDialog().findByText('+$1,200.00')).toBeInTheDocument();
    await user.click(inDialog().getByRole('button', { name: 'Save' }));
    unmount();

    const key = tripChangesStorageKey(sampleUser.id);
    const stored = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<
      string,
      { expiresAt: string }
    >;
    expect(stored['trip-paris']?.expiresAt).toBe(FUTURE);
    stored['trip-paris']!.expiresAt = '2000-01-01T00:00:00.000Z';
    localStorage.setItem(key, JSON.stringify(stored));

    renderPage();
    const card = await findCard();
    expect(within(card).getByTestId('trip-price')).toHaveTextContent('$3,000');
    expect(within(card).getByTestId('trip-departs')).toHaveTextContent('Mar 15');
    expect(within(card).getByText('Save $620')).toBeInTheDocument();
  });
});
