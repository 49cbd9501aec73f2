import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TripSuggestion } from '@vowa/shared/travel/travel-schemas';
import { renderWithApp } from '../../test/render-app';
import { makeTrip } from '../../test/travel-test-data';
import { DealReason } from './deal-reason';
import { TripCard } from './trip-card';

const NOW = Date.parse('2026-03-01T09:00:00Z');

function renderCard(trip: TripSuggestion) {
  renderWithApp(
    <TripCard
      view={{
        trip,
        flightModified: false,
        hotelModified: false,
        flightSelected: false,
        hotelSelected: false,
        stayMismatch: null,
      }}
      travelers={2}
      currency="USD"
      now={NOW}
      onOpenFlights={vi.fn()}
      onOpenHotel={vi.fn()}
      onOpenExperiences={vi.fn()}
    />,
  );
  return within(screen.getByRole('article'));
}

describe('the confidence on a trip card says what it rests on (issue 13 §3)', () => {
  it('opens from the keyboard with the recorded prices behind it, and closes with Escape', async () => {
    const user = userEvent.setup();
    const card = renderCard(makeTrip());
    expect(card.getByText('Market price: median of 31 recorded prices')).toBeInTheDocument();
    const button = card.getByRole('button', { name: '92% confidence' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(card.queryByRole('note')).not.toBeInTheDocument();

    await user.tab();
    while (document.activeElement !== button) await user.tab();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const note = card.getByRole('note', { name: 'What is this based on?' });
    expect(button).toHaveAttribute('aria-controls', note.id);
    expect(note).toHaveTextContent('Based on 31 recorded prices of this trip over 14 days.');
    expect(note).toHaveTextContent(
      'They ranged from $2,950 to $3,980; the market price is their median.',
    );

    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(card.queryByRole('note')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('says when the market price is only the provider’s reference fare', async () => {
    const user = userEvent.setup();
    const card = renderCard(
      makeTrip({
        marketPriceSource: 'reference',
        historyQuotes: 2,
        historyDays: 1,
        historyRange: { low: 3500, high: 3620 },
        confidence: 50,
      }),
    );
    expect(card.getByText('Market price: provider reference fare')).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: '50% confidence' }));
    expect(card.getByRole('note')).toHaveTextContent(
      "Based on the provider's reference fare: only 2 recorded prices so far.",
    );
    // A click elsewhere closes it.
    await user.click(card.getByText('Total for 2 travelers'));
    expect(card.queryByRole('note')).not.toBeInTheDocument();
  });

  it('differs from card to card as the evidence does', async () => {
    const user = userEvent.setup();
    const card = renderCard(
      makeTrip({ historyQuotes: 3, historyDays: 1, historyRange: null, confidence: 66 }),
    );
    await user.click(card.getByRole('button', { name: '66% confidence' }));
    expect(card.getByRole('note')).toHaveTextContent(
      'Based on 3 recorded prices of this trip over 1 day.',
    );
  });
});

describe('each of Today’s Best Deals says why it is one (issue 13 §3)', () => {
  const reasonOf = (deal: TripSuggestion) => {
    renderWithApp(<DealReason deal={deal} currency="USD" now={NOW} />);
    return screen.getByTestId('deal-reason');
  };

  it.each([
    ['biggest-saving', {}, 'Biggest saving', '$620 under the market price'],
    ['value-per-night', {}, 'Best value per night', '$500 a night, all included'],
    ['long-haul', {}, 'Long haul for less', '5,837 km away for $3,000'],
    [
      'weekend',
      { nights: 3, departureDate: '2026-03-19', returnDate: '2026-03-22' },
      'Weekend getaway',
      'Thu, Mar 19, 2026 – Sun, Mar 22, 2026',
    ],
    [
      'lowest-recorded',
      {},
      'Lowest recorded price',
      'The lowest of 31 recorded prices over 14 days',
    ],
    ['leaving-soon', { departureDate: '2026-03-15' }, 'Leaving soon', 'Leaves in 14 days'],
  ] as const)('%s', (kind, overrides, title, detail) => {
    const reason = reasonOf(makeTrip({ ...overrides, dealReason: kind }));
    expect(reason).toHaveTextContent(`Why this is a deal: ${title} ${detail}`);
  });

  it('shows nothing for a trip that is not a deal', () => {
    renderWithApp(<DealReason deal={makeTrip()} currency="USD" now={NOW} />);
    expect(screen.queryByTestId('deal-reason')).not.toBeInTheDocument();
  });
});
