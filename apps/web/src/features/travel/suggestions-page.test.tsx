import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DealsResponse, SuggestionsResponse } from '@vowa/shared/travel/travel-schemas';
import { jsonResponse, mockFetch, sampleUser, type RecordedCall } from '../../test/fetch-mock';
import { renderWithApp, startedBookings, watchTargets } from '../../test/render-app';
import { defaultSettings, makeFinancials, unconnected } from '../../test/finance-test-data';
import { financeKeys } from '../../lib/use-financial-status';
import { SuggestionsPage } from './suggestions-page';
import { cdg, makeDeals, makeQuote, makeSuggestions } from '../../test/travel-test-data';

const HOUR = 3_600_000;

function serve({
  suggestions = makeSuggestions(),
  deals = (category: string) => makeDeals({ category: category as DealsResponse['category'] }),
  connected = true,
  hold,
  extra,
}: {
  suggestions?: SuggestionsResponse;
  deals?: (category: string) => DealsResponse;
  connected?: boolean;
  /** Keeps GET /travel/suggestions waiting until the promise resolves. */
  hold?: Promise<void>;
  extra?: (call: RecordedCall) => Response | undefined;
} = {}) {
  return mockFetch(async (call) => {
    const { path, method } = call;
    const answer = extra?.(call);
    if (answer) return answer;
    if (path === '/auth/users/me') return jsonResponse(200, sampleUser);
    if (path === '/finance/financials')
      return jsonResponse(200, connected ? makeFinancials() : unconnected);
    if (path === '/finance/budget_settings') return jsonResponse(200, defaultSettings);
    if (path.startsWith('/travel/suggestions') && method === 'GET') {
      if (hold) await hold;
      return jsonResponse(200, suggestions);
    }
    if (path.startsWith('/travel/deals?category=')) {
      return jsonResponse(200, deals(path.split('=')[1] ?? 'all'));
    }
    return jsonResponse(404, { detail: 'Not found.' });
  });
}

const renderPage = () => renderWithApp(<SuggestionsPage />, { path: '/travel/suggestions' });
const panel = () => screen.getByRole('tabpanel');
const card = (destination: string) => within(panel()).getByRole('article', { name: destination });
/** A suggestion card (the deals list below has cards of its own). */
async function findCard(destination: string) {
  return within(await screen.findByRole('tabpanel')).findByRole('article', { name: destination });
}
const cardsInPanel = () => within(panel()).queryAllByRole('article');

beforeEach(() => {
  localStorage.setItem('access_token', 'jwt');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const tomorrow = () => new Date(Date.now() + 24 * 3_600_000).toISOString();

/**
 * The sample trips with quotes still valid now: a change made on a card lasts only as long as
 * the quotes behind it (trip-adjustments.ts), and the samples' quotes are dated in the past.
 */
function withLiveQuotes(data: ReturnType<typeof makeSuggestions>) {
  const live = <T extends { quote: { validUntil: string } }>(offer: T): T => ({
    ...offer,
    quote: { ...offer.quote, validUntil: tomorrow() },
  });
  return {
    ...data,
    suggestions: data.suggestions.map((trip) => ({
      ...trip,
      flightDetails: {
        outbound: live(trip.flightDetails.outbound),
        return: live(trip.flightDetails.return),
      },
      hotel: live(trip.hotel),
    })),
  };
}

describe('AI Travel Suggestions', () => {
  it('shows the loading texts while the suggestions are requested', async () => {
    let release: () => void = () => {};
    const hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    serve({ hold });
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'AI Travel Suggestions', level: 1 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Finding Your Perfect Trips')).toBeInTheDocument();
    expect(
      screen.getByText('Scanning 500+ travel APIs for the best deals within your $5,000 budget...'),
    ).toBeInTheDocument();
    act(() => release());
    expect(await findCard('Paris')).toBeInTheDocument();
    expect(screen.queryByText('Finding Your Perfect Trips')).not.toBeInTheDocument();
  });

  it('says whose budget the trips fit when the bank is connected', async () => {
    serve({ suggestions: makeSuggestions({ maxTripBudget: 7300 }) });
    renderPage();
    expect(
      await screen.findByText('Personalized recommendations within your $7,300 budget'),
    ).toBeInTheDocument();
    expect(await screen.findByText('From New York (JFK)')).toBeInTheDocument();
  });

  it('asks to connect the bank when it is not connected', async () => {
    serve({ connected: false });
    renderPage();
    expect(
      await screen.findByText(/^Connect your bank for personalized budget recommendations/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Connect your bank' })).toHaveAttribute(
      'href',
      '/financial/connect',
    );
  });

  it('counts and filters the trips by the suggestion rules; Show All Trips resets', async () => {
    serve();
    const user = userEvent.setup();
    renderPage();
    await findCard('Paris');
    const tabs = screen.getByRole('tablist', { name: 'Filter trips' });
    const tab = (name: string) => within(tabs).getByRole('tab', { name });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['All Trips 4', 'Budget Friendly 3', 'Hot Deals 2', 'Auto-Book Ready 2']);
    expect(tab('All Trips 4')).toHaveAttribute('aria-selected', 'true');
    expect(cardsInPanel()).toHaveLength(4);

    await user.click(tab('Budget Friendly 3'));
    expect(
      cardsInPanel().map(
        (c) => c.getAttribute('aria-labelledby') && c.querySelector('h2')?.textContent,
      ),
    ).toEqual(['Paris', 'Lisbon', 'Rome']);
    expect(panel()).toHaveAccessibleName('Budget Friendly 3');

    await user.click(tab('Hot Deals 2'));
    expect(cardsInPanel().map((c) => c.querySelector('h2')?.textContent)).toEqual([
      'Paris',
      'Tokyo',
    ]);

    // Auto-booking is off, so Auto-Book Ready shows none although it counts two.
    await user.click(tab('Auto-Book Ready 2'));
    expect(cardsInPanel()).toHaveLength(0);
    expect(screen.getByRole('heading', { name: 'No trips found' })).toBeInTheDocument();
    expect(
      screen.getByText('Try adjusting your budget or filter settings to see more options.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show All Trips' }));
    expect(tab('All Trips 4')).toHaveAttribute('aria-selected', 'true');
    expect(cardsInPanel()).toHaveLength(4);

    // The tabs follow the arrow keys.
    tab('All Trips 4').focus();
    await user.keyboard('{ArrowRight}');
    expect(tab('Budget Friendly 3')).toHaveFocus();
    expect(tab('Budget Friendly 3')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(tab('Auto-Book Ready 2')).toHaveAttribute('aria-selected', 'true');
  });

  it('shows the Auto-Book Ready trips when auto-booking is on', async () => {
    serve({ suggestions: makeSuggestions({ autoBookingEnabled: true }) });
    const user = userEvent.setup();
    renderPage();
    await findCard('Paris');
    await user.click(screen.getByRole('tab', { name: 'Auto-Book Ready 2' }));
    expect(cardsInPanel().map((c) => c.querySelector('h2')?.textContent)).toEqual([
      'Paris',
      'Tokyo',
    ]);
  });

  it('shows the empty state when no trip fits the budget', async () => {
    serve({ suggestions: makeSuggestions({ suggestions: [] }) });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No trips found' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'All Trips 0' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show All Trips' })).toBeInTheDocument();
  });

  it('shows what a card promises, and no booking buttons', async () => {
    const base = makeSuggestions();
    const [paris, lisbon, tokyo, rome] = base.suggestions;
    const now = Date.now();
    serve({
      suggestions: {
        ...base,
        suggestions: [
          { ...paris!, dealExpiry: new Date(now + 5 * HOUR + 10 * 60_000).toISOString() },
          { ...lisbon!, dealExpiry: new Date(now + 30 * 60_000 + 20_000).toISOString() },
          { ...tokyo!, dealExpiry: new Date(now + 3 * 24 * HOUR).toISOString() },
          { ...rome!, dealExpiry: new Date(now - HOUR).toISOString() },
        ],
      },
    });
    renderPage();
    const parisCard = await findCard('Paris');
    const view = within(parisCard);
    expect(view.getByRole('img', { name: 'Paris, France' })).toHaveAttribute(
      'src',
      '/artwork/bucket/city-1.svg',
    );
    expect(view.getByText('Ends in 5h')).toBeInTheDocument();
    expect(view.getByText('Save $620')).toBeInTheDocument();
    expect(view.getByText('France')).toBeInTheDocument();
    expect(view.getByText('Rated 4.6 out of 5')).toBeInTheDocument();
    expect(view.getByText('Total for 2 travelers')).toBeInTheDocument();
    expect(view.getByTestId('trip-price')).toHaveTextContent('$3,000');
    expect(view.getByText('Market price $3,620')).toBeInTheDocument();
    expect(view.getByText('Market price: median of 31 recorded prices')).toBeInTheDocument();
    expect(view.getByText('92% confidence')).toBeInTheDocument();
    expect(view.getByText('6 nights')).toBeInTheDocument();
    expect(view.getByText('Mar 15')).toBeInTheDocument();
    expect(view.getByText('Mar 22')).toBeInTheDocument();
    expect(view.getByText('New York to Paris')).toBeInTheDocument();
    expect(view.getByRole('button', { name: 'Flights $1,687' })).toBeInTheDocument();
    expect(view.getByRole('button', { name: 'Hotels $1,188' })).toBeInTheDocument();
    expect(view.getByRole('button', { name: 'Experiences $125' })).toBeInTheDocument();
    expect(view.getByText('Eligible for auto-booking')).toBeInTheDocument();

    expect(within(card('Lisbon')).getByText('Ends in 31m')).toBeInTheDocument();
    expect(
      within(card('Lisbon')).getByText('Market price: provider reference fare'),
    ).toBeInTheDocument();
    expect(within(card('Lisbon')).queryByText('Eligible for auto-booking')).not.toBeInTheDocument();
    expect(within(card('Tokyo')).getByText('Ends in 3d')).toBeInTheDocument();
    const romeCard = within(card('Rome'));
    expect(romeCard.getByText('Expired')).toBeInTheDocument();
    expect(romeCard.queryByText(/^Save /)).not.toBeInTheDocument();
    expect(romeCard.queryByText(/^Market price \$/)).not.toBeInTheDocument();

    // Every card books (issue 14): Book Now, and Customize & Book; no Auto-Book yet (issue 16).
    expect(view.getByRole('button', { name: 'Book Now' })).toBeInTheDocument();
    expect(view.getByRole('button', { name: 'Customize & Book' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Auto-Book' })).not.toBeInTheDocument();
  });

  it('Book Now books the trip as shown: both flights, the stay and its experiences', async () => {
    const data = makeSuggestions();
    serve({ suggestions: data });
    const user = userEvent.setup();
    renderPage();
    const paris = within(await findCard('Paris'));
    const trip = data.suggestions[0]!;
    await user.click(paris.getByRole('button', { name: 'Book Now' }));
    expect(startedBookings).toEqual([
      {
        items: [
          { kind: 'flight', quoteId: trip.flightDetails.outbound.quote.quoteId },
          { kind: 'flight', quoteId: trip.flightDetails.return.quote.quoteId },
          { kind: 'hotel', quoteId: trip.hotel.quote.quoteId },
          ...trip.experiences.map((experience) => ({
            kind: 'experience',
            quoteId: experience.quote.quoteId,
          })),
        ],
        travelers: 2,
        source: 'trip',
        tripTitle: { destination: 'Paris', country: 'France', countryCode: 'FR' },
      },
    ]);
  });

  it('Watch price watches the trip as Book Now books it; Auto-Book replaces Book Now where it applies', async () => {
    const data = makeSuggestions({ autoBookingEnabled: true });
    serve({ suggestions: data });
    const user = userEvent.setup();
    renderPage();
    const [paris, lisbon] = data.suggestions;
    const items = (trip: typeof paris) => [
      { kind: 'flight', quoteId: trip!.flightDetails.outbound.quote.quoteId },
      { kind: 'flight', quoteId: trip!.flightDetails.return.quote.quoteId },
      { kind: 'hotel', quoteId: trip!.hotel.quote.quoteId },
      ...trip!.experiences.map((experience) => ({
        kind: 'experience',
        quoteId: experience.quote.quoteId,
      })),
    ];
    // Paris is eligible and auto-booking is on: Auto-Book instead of Book Now.
    const parisCard = within(await findCard('Paris'));
    expect(parisCard.queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();
    await user.click(parisCard.getByRole('button', { name: 'Auto-Book' }));
    // Lisbon is not eligible: Book Now stays; Watch price is on every card.
    const lisbonCard = within(card('Lisbon'));
    expect(lisbonCard.queryByRole('button', { name: 'Auto-Book' })).not.toBeInTheDocument();
    expect(lisbonCard.getByRole('button', { name: 'Book Now' })).toBeInTheDocument();
    await user.click(lisbonCard.getByRole('button', { name: 'Watch price' }));
    expect(watchTargets).toEqual([
      {
        kind: 'trip',
        mode: 'auto_book',
        items: items(paris),
        travelers: 2,
        title: { destination: 'Paris', country: 'France', countryCode: 'FR' },
      },
      {
        kind: 'trip',
        mode: 'alert',
        items: items(lisbon),
        travelers: 2,
        title: {
          destination: lisbon!.destination,
          country: lisbon!.country,
          countryCode: lisbon!.countryCode,
        },
      },
    ]);
  });

  it('opens the flight (both legs), hotel and experience dialogs from a card', async () => {
    serve();
    const user = userEvent.setup();
    renderPage();
    const paris = within(await findCard('Paris'));

    await user.click(paris.getByRole('button', { name: /^Flights/ }));
    let dialog = await screen.findByRole('dialog', { name: 'Air France AF 23' });
    expect(within(dialog).getByText('Outbound Flight')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'View Return Flight' }));
    dialog = screen.getByRole('dialog', { name: 'Air France AF 22' });
    expect(within(dialog).getByText('Return Flight')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(paris.getByRole('button', { name: /^Flights/ })).toHaveFocus());

    await user.click(paris.getByRole('button', { name: /^Hotels/ }));
    dialog = await screen.findByRole('dialog', { name: 'Hôtel Lumière Saint-Germain' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(paris.getByRole('button', { name: /^Experiences/ }));
    dialog = await screen.findByRole('dialog', { name: 'Seine River Evening Cruise' });
    expect(within(dialog).getByText('Experience 1 of 2')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Next experience' }));
    dialog = screen.getByRole('dialog', { name: 'Montmartre Food Walk' });
    // Book Experience closes the dialog and books that experience for the trip's travellers.
    await user.click(within(dialog).getByRole('button', { name: 'Book Experience' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(startedBookings.at(-1)).toMatchObject({
      items: [{ kind: 'experience' }],
      travelers: 2,
      source: 'experience',
    });
  });

  it('a saved flight change moves the card total; selecting marks the tile and announces it', async () => {
    const data = withLiveQuotes(makeSuggestions());
    const outbound = data.suggestions[0]!.flightDetails.outbound;
    serve({
      suggestions: data,
      extra: ({ path }) =>
        path === '/travel/requote'
          ? jsonResponse(200, {
              kind: 'flight',
              flight: {
                ...outbound,
                class: 'business',
                price: 1245.5,
                quote: makeQuote({ validUntil: tomorrow() }),
              },
              originalPrice: 445.5,
              difference: 800,
            })
          : undefined,
    });
    const user = userEvent.setup();
    renderPage();
    const paris = within(await findCard('Paris'));
    await user.click(paris.getByRole('button', { name: 'Flights $1,687' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Modify' }));
    await user.selectOptions(dialog.getByLabelText('Travel class'), 'Business');
    expect(await dialog.findByText('+$800.00')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Flight updated. New trip total $4,600.')).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Select Flight' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('Flight selected')).toBeInTheDocument();
    // (1245.50 − 445.50) × 2 travellers = 1600 more.
    expect(paris.getByTestId('trip-price')).toHaveTextContent('$4,600');
    expect(
      paris.getByRole('button', { name: 'Flights $3,287 Modified Selected' }),
    ).toBeInTheDocument();
  });

  it('a saved hotel change moves the card total by the stay difference', async () => {
    const data = withLiveQuotes(makeSuggestions());
    const hotel = data.suggestions[0]!.hotel;
    serve({
      suggestions: data,
      extra: ({ path }) =>
        path === '/travel/requote'
          ? jsonResponse(200, {
              kind: 'hotel',
              hotel: {
                ...hotel,
                roomType: 'deluxe',
                price: 2178,
                quote: makeQuote({ validUntil: tomorrow() }),
              },
              originalPrice: 1188,
              difference: 990,
            })
          : undefined,
    });
    const user = userEvent.setup();
    renderPage();
    const paris = within(await findCard('Paris'));
    await user.click(paris.getByRole('button', { name: 'Hotels $1,188' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Modify' }));
    await user.selectOptions(dialog.getByLabelText('Room type'), 'Deluxe Room');
    expect(await dialog.findByText('+$990.00')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await user.click(dialog.getByRole('button', { name: 'Select Hotel' }));
    expect(await screen.findByText('Hotel selected')).toBeInTheDocument();
    expect(paris.getByTestId('trip-price')).toHaveTextContent('$3,990');
    expect(
      paris.getByRole('button', { name: 'Hotels $2,178 Modified Selected' }),
    ).toBeInTheDocument();
    // 620 savings less the 990 extra: none left, so no badge.
    expect(paris.queryByText(/^Save \$/)).not.toBeInTheDocument();
  });

  it('reads the suggestions again when the budget settings change', async () => {
    const { calls } = serve();
    const { queryClient } = renderPage();
    await findCard('Paris');
    const reads = () => calls.filter((c) => c.path === '/travel/suggestions').length;
    expect(reads()).toBe(1);
    act(() =>
      queryClient.setQueryData(financeKeys.budgetSettings(sampleUser.id), {
        ...defaultSettings,
        maxTripBudget: 500,
      }),
    );
    await waitFor(() => expect(reads()).toBe(2));
  });

  it('changes the departure airport through the airport search', async () => {
    const { calls } = serve({
      extra: ({ path, method }) => {
        if (path.startsWith('/travel/airports?q=')) return jsonResponse(200, { airports: [cdg] });
        if (path === '/travel/preferences' && method === 'PUT')
          return jsonResponse(200, { homeAirport: cdg, homeAirportSource: 'chosen' });
        return undefined;
      },
    });
    const user = userEvent.setup();
    renderPage();
    await findCard('Paris');
    await user.click(screen.getByRole('button', { name: 'Change departure airport' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Change departure airport' }));
    const combo = dialog.getByRole('combobox', { name: 'Airport' });
    expect(combo).toHaveFocus();
    await user.type(combo, 'par');
    const option = await dialog.findByRole('option', { name: /Paris \(CDG\)/ });
    expect(combo).toHaveAttribute('aria-expanded', 'true');
    expect(calls.some((c) => c.path === '/travel/airports?q=par')).toBe(true);
    expect(dialog.getByRole('button', { name: 'Save Airport' })).toBeDisabled();
    await user.keyboard('{ArrowDown}');
    expect(combo).toHaveAttribute('aria-activedescendant', option.id);
    await user.keyboard('{Enter}');
    expect(dialog.getByText('Leaving from Paris (CDG)')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Save Airport' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.path === '/travel/preferences')?.body).toEqual({
      homeAirport: 'CDG',
    });
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/travel/suggestions')).toHaveLength(2),
    );
  });
});

describe("Today's Best Deals", () => {
  it('loads all deals first, then the chosen category', async () => {
    const { calls } = serve({
      deals: (category) =>
        category === 'beach' ? makeDeals({ category: 'beach', deals: [] }) : makeDeals(),
    });
    const user = userEvent.setup();
    renderPage();
    const section = within(await screen.findByRole('region', { name: "Today's Best Deals" }));
    const category = section.getByLabelText('Deal category');
    expect(category).toHaveValue('all');
    const paris = within(await section.findByRole('article', { name: 'Paris' }));
    expect(paris.getByText('$3,000')).toBeInTheDocument();
    expect(paris.getByText('Save $620')).toBeInTheDocument();
    expect(paris.getByText('Mar 15 – Mar 22')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/travel/deals?category=all')).toBe(true);

    await user.click(paris.getByRole('button', { name: 'Hotels' }));
    expect(
      await screen.findByRole('dialog', { name: 'Hôtel Lumière Saint-Germain' }),
    ).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.selectOptions(category, 'Beach');
    expect(await section.findByText('No deals in this category right now.')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/travel/deals?category=beach')).toBe(true);
  });
});
