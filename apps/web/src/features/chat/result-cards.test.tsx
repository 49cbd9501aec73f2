import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ReplyAttachments } from '@vowa/shared/assistant/assistant-schemas';
import { renderWithApp } from '../../test/render-app';
import { makeExperience, makeHotel } from '../../test/travel-test-data';
import { ReplyResults, type Selection } from './result-cards';

const selection: Selection = {
  flight: null,
  hotel: null,
  selectFlight: vi.fn(),
  selectHotel: vi.fn(),
  edited: {},
  view: vi.fn(),
};

function attachments(overrides: Partial<ReplyAttachments>): ReplyAttachments {
  return {
    flights: [],
    returnFlights: [],
    hotels: [],
    experiences: [],
    suggestions: [],
    note: null,
    callToAction: null,
    ...overrides,
  };
}

describe('ReplyResults', () => {
  it('lists experience suggestions with their place, length and quoted price', async () => {
    const cruise = makeExperience({ name: 'Seine River Evening Cruise', price: 45 });
    const unpriced = makeExperience({ name: 'Montmartre Walk', price: null });
    renderWithApp(
      <ReplyResults
        attachments={attachments({ experiences: [cruise, unpriced] })}
        selection={selection}
      />,
    );
    const list = await screen.findByRole('list', { name: 'Experience suggestions' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Seine River Evening Cruise');
    expect(items[0]).toHaveTextContent(cruise.location.city);
    expect(items[0]).toHaveTextContent('1h 30m');
    expect(items[0]).toHaveTextContent('$45');
    expect(items[1]).toHaveTextContent('Price not available');
  });

  it('shows the spec’s placeholders for a hotel without a name, address or price', async () => {
    const hotel = makeHotel({ price: null });
    const bare = {
      ...hotel,
      name: null,
      address: { ...hotel.address, street: null },
    };
    renderWithApp(
      <ReplyResults attachments={attachments({ hotels: [bare] })} selection={selection} />,
    );
    const card = await screen.findByRole('article', { name: 'Hotel (no name provided)' });
    expect(card).toHaveTextContent('Address not available');
    expect(card).toHaveTextContent('Price not available');
  });
});
