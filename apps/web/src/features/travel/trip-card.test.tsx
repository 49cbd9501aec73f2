import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TripSuggestion } from '@vowa/shared/travel/travel-schemas';
import { renderWithApp } from '../../test/render-app';
import { makeFlight, makeTrip } from '../../test/travel-test-data';
import { applyChanges, type TripView } from './trip-adjustments';
import { TripCard } from './trip-card';

function renderCard(
  trip: TripSuggestion,
  { view = {}, maxTripBudget }: { view?: Partial<TripView>; maxTripBudget?: number } = {},
) {
  renderWithApp(
    <TripCard
      view={{
        trip,
        flightModified: false,
        hotelModified: false,
        flightSelected: false,
        hotelSelected: false,
        stayMismatch: null,
        ...view,
      }}
      maxTripBudget={maxTripBudget}
      travelers={2}
      currency="USD"
      now={Date.parse('2026-03-01T00:00:00Z')}
      onOpenFlights={vi.fn()}
      onOpenHotel={vi.fn()}
      onOpenExperiences={vi.fn()}
    />,
  );
  return within(screen.getByRole('article'));
}

describe('Trip card pictures (issue 13 §2)', () => {
  it('describes the generated artwork by what it shows, and credits no one', () => {
    const card = renderCard(
      makeTrip({
        image: '/api/artwork/scenes/domed-basilica.river.temperate.clear.mediterranean.1.svg',
        imageCredit: null,
      }),
    );
    expect(
      card.getByRole('img', {
        name: 'Illustration: a domed basilica by a river under a clear sky',
      }),
    ).toBeInTheDocument();
    expect(card.queryByTestId('photo-credit')).not.toBeInTheDocument();
  });

  it('credits an Unsplash photographer with referral links, as Unsplash requires', () => {
    const card = renderCard(
      makeTrip({
        image: 'https://images.unsplash.com/photo-1?w=1080',
        imageCredit: {
          photographer: 'Ana Lens',
          photographerUrl: 'https://unsplash.com/@analens?utm_source=vowa&utm_medium=referral',
          sourceUrl: 'https://unsplash.com/?utm_source=vowa&utm_medium=referral',
        },
      }),
    );
    expect(card.getByRole('img', { name: 'Paris, France' })).toBeInTheDocument();
    expect(card.getByTestId('photo-credit')).toHaveTextContent('Photo by Ana Lens on Unsplash');
    expect(card.getByRole('link', { name: 'Ana Lens' })).toHaveAttribute(
      'href',
      'https://unsplash.com/@analens?utm_source=vowa&utm_medium=referral',
    );
    expect(card.getByRole('link', { name: 'Unsplash' })).toHaveAttribute(
      'href',
      'https://unsplash.com/?utm_source=vowa&utm_medium=referral',
    );
  });
});

describe('Trip card after a modification (issue 13 §5)', () => {
  const NOW = Date.parse('2026-03-01T10:00:00Z');
  const trip = makeTrip({ price: 3000, originalPrice: 3620, savings: 620 });
  const base = [
    trip.flightDetails.outbound.quote.quoteId,
    trip.flightDetails.return.quote.quoteId,
    trip.hotel.quote.quoteId,
  ].join('|');
  const modify = (price: number, time = '08:45', travelClass: 'economy' | 'business' = 'economy') =>
    applyChanges(
      trip,
      {
        base,
        expiresAt: '2026-03-01T21:00:00.000Z',
        outbound: makeFlight({
          class: travelClass,
          price,
          departure: { ...trip.flightDetails.outbound.departure, date: '2026-03-16', time },
        }),
      },
      2,
      NOW,
    );

  it('counts the savings again against the market price', () => {
    // $445.50 → $370.50 a person: the trip is $150 cheaper, so it saves $770.
    const view = modify(370.5);
    expect(view.trip.price).toBe(2850);
    renderCard(view.trip, { view, maxTripBudget: 5000 });
    const card = within(screen.getByRole('article'));
    expect(card.getByText('Save $770')).toBeInTheDocument();
    expect(card.getByTestId('trip-departs')).toHaveTextContent('Mar 16');
    expect(card.getByText('8:45 AM · Economy')).toBeInTheDocument();
    expect(card.queryByTestId('over-budget')).not.toBeInTheDocument();
  });

  it('says there is no saving, rather than dropping the badge, and warns over the budget', () => {
    const view = modify(1645.5, '07:30', 'business');
    expect(view.trip.price).toBe(5400);
    expect(view.trip.savings).toBe(0);
    renderCard(view.trip, { view, maxTripBudget: 5000 });
    const card = within(screen.getByRole('article'));
    expect(card.getByTestId('no-saving')).toHaveTextContent('No saving at this price');
    expect(card.getByText('Market price $3,620')).toBeInTheDocument();
    expect(card.getByText('7:30 AM · Business')).toBeInTheDocument();
    expect(card.getByTestId('over-budget')).toHaveTextContent('Over your $5,000 budget by $400');
  });

  it('says when the hotel no longer matches the moved flight', () => {
    const matching = makeTrip({ departureDate: '2026-03-16' });
    const view = applyChanges(
      matching,
      {
        base: [
          matching.flightDetails.outbound.quote.quoteId,
          matching.flightDetails.return.quote.quoteId,
          matching.hotel.quote.quoteId,
        ].join('|'),
        expiresAt: '2026-03-01T21:00:00.000Z',
        return: {
          ...matching.flightDetails.return,
          departure: { ...matching.flightDetails.return.departure, date: '2026-03-23' },
        },
      },
      2,
      NOW,
    );
    renderCard(view.trip, { view });
    expect(screen.getByTestId('stay-mismatch')).toHaveTextContent(
      'Hotel stay Mar 16 – Mar 22 does not match your flight dates',
    );
  });

  it('shows an unmodified trip without a saving as it always did', () => {
    renderCard(makeTrip({ price: 3900, originalPrice: 3900, savings: 0 }));
    const card = within(screen.getByRole('article'));
    expect(card.queryByTestId('no-saving')).not.toBeInTheDocument();
    expect(card.queryByTestId('over-budget')).not.toBeInTheDocument();
  });
});

describe('Trip card place names (issue 13 §4)', () => {
  it('names a country once when the destination bears its name', () => {
    const card = renderCard(
      makeTrip({ destination: 'Singapore', country: 'Singapore', countryCode: 'SG' }),
    );
    expect(card.getByRole('heading', { name: 'Singapore' })).toBeInTheDocument();
    expect(card.getAllByText('Singapore')).toHaveLength(1);
  });

  it('keeps the country line when it says something more', () => {
    const card = renderCard(
      makeTrip({ destination: 'Lisbon', country: 'Portugal', countryCode: 'PT' }),
    );
    expect(card.getByText('Portugal')).toBeInTheDocument();
  });
});
