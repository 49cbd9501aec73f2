import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@vowa/shared/assistant/assistant-schemas';
import { jsonResponse, mockFetch } from '../../test/fetch-mock';
import { renderWithApp } from '../../test/render-app';
import { GroupCard } from './group-card';

afterEach(() => vi.unstubAllGlobals());

function message(overrides: Partial<ChatMessage>): ChatMessage {
  return {
    id: 'm1',
    seq: 1,
    type: 'user',
    content: 'selected a flight: Air France AF 7',
    timestamp: '2026-11-20T10:00:00.000Z',
    sender: { id: 'u2', name: 'Ben', avatar: null },
    attachments: null,
    clientId: null,
    card: null,
    ...overrides,
  };
}

function renderCard(shown: ChatMessage) {
  mockFetch(() => jsonResponse(401, { detail: 'Not authenticated', code: 'not_authenticated' }));
  return renderWithApp(
    <ul>
      <GroupCard message={shown} />
    </ul>,
  );
}

describe('group plan cards in the thread', () => {
  it('shows a pick with its marker, the offer and its quoted price with the currency', async () => {
    renderCard(
      message({
        card: {
          type: 'pick',
          pickId: 'p1',
          slot: 'return_flight',
          marker: 'modified',
          title: 'Air France AF 8, CDG → JFK, 2026-12-25',
          price: { amount: 388.5, currency: 'EUR', quotedAt: '2026-11-20T09:00:00.000Z' },
        },
      }),
    );
    const card = await screen.findByRole('article', {
      name: 'Ben modified a return flight for the group',
    });
    expect(card).toHaveAttribute('data-marker', 'modified');
    expect(card).toHaveTextContent('Modified');
    expect(card).toHaveTextContent('Return flight');
    expect(card).toHaveTextContent('Air France AF 8, CDG → JFK, 2026-12-25');
    expect(card).toHaveTextContent('€388.50 per person');
    // The English fallback is not shown twice.
    expect(screen.queryByText(/selected a flight/)).not.toBeInTheDocument();
  });

  it('says when a hotel has no price, per stay otherwise', async () => {
    renderCard(
      message({
        card: {
          type: 'pick',
          pickId: 'p2',
          slot: 'hotel',
          marker: 'selected',
          title: 'Hotel Lumière, 2026-12-21 – 2026-12-25',
          price: null,
        },
      }),
    );
    const card = await screen.findByRole('article', {
      name: 'Ben selected a hotel for the group',
    });
    expect(card).toHaveTextContent('Selected');
    expect(card).toHaveTextContent('Price not available');
  });

  it('shows who booked the plan, for how many, and the total', async () => {
    renderCard(
      message({
        type: 'system',
        content: "Ada booked the group's plan (VW-ABC234) for 3",
        sender: { id: 'u1', name: 'Ada', avatar: null },
        card: {
          type: 'plan_booked',
          bookingId: 'b1',
          reference: 'VW-ABC234',
          total: { amount: 1000.01, currency: 'EUR' },
          memberCount: 3,
        },
      }),
    );
    expect(
      await screen.findByText('Ada booked the group’s plan (VW-ABC234): €1,000.01 for 3 members'),
    ).toBeInTheDocument();
  });

  it('renders nothing for other cards', () => {
    const { container } = renderCard(message({ card: { type: 'renamed', name: 'Paris crew' } }));
    expect(container.querySelector('li')).toBeNull();
  });
});
