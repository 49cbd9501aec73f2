import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n, { switchLanguage } from '../../lib/i18n';
import { renderWithApp } from '../../test/render-app';
import { makeTrip } from '../../test/travel-test-data';
import { TripCard } from './trip-card';

const london = makeTrip({
  destination: 'London',
  country: 'United Kingdom',
  countryCode: 'GB',
  airportCode: 'LHR',
  departureCity: 'New York',
  arrivalCity: 'London',
});

function renderCard() {
  renderWithApp(
    <TripCard
      view={{
        trip: london,
        flightModified: false,
        hotelModified: false,
        flightSelected: false,
        hotelSelected: false,
        stayMismatch: null,
      }}
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

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('Trip card place names (issue 13 part 9)', () => {
  it('names the destination and its country in Spanish', async () => {
    await switchLanguage('es');
    const card = renderCard();
    expect(await card.findByRole('heading', { name: 'Londres' })).toBeInTheDocument();
    expect(card.getByText('Reino Unido')).toBeInTheDocument();
    expect(card.getByText(/Nueva York a Londres/)).toBeInTheDocument();
  });

  it('names the destination and its country in Japanese', async () => {
    await switchLanguage('ja');
    const card = renderCard();
    expect(await card.findByRole('heading', { name: 'ロンドン' })).toBeInTheDocument();
    expect(card.getByText('イギリス')).toBeInTheDocument();
  });

  it('keeps the English names in English', async () => {
    await switchLanguage('en');
    const card = renderCard();
    expect(card.getByRole('heading', { name: 'London' })).toBeInTheDocument();
    expect(card.getByText('United Kingdom')).toBeInTheDocument();
  });
});
