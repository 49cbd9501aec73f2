import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Conversation } from '@vowa/shared/assistant/assistant-schemas';
import type { GroupPlanPick, GroupPlanResponse } from '@vowa/shared/groups/group-plan-schemas';
import { createLiveGroups, LiveGroupsContext } from '../../lib/live-groups';
import { jsonResponse, mockFetch, sampleUser, type RecordedCall } from '../../test/fetch-mock';
import { renderWithApp, startedBookings } from '../../test/render-app';
import { makeFlight, makeHotel, makeQuote } from '../../test/travel-test-data';
import { GroupPlanButton } from './group-plan-panel';

const group: Conversation = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Paris crew',
  type: 'group',
  lastMessage: null,
  lastActivity: '2026-11-20T10:00:00.000Z',
  unreadCount: 0,
  destination: null,
  memberCount: 2,
  role: 'member',
};
const PLAN = `/llm/groups/${group.id}/plan`;
const members = [
  { id: 'u1', name: 'Ada' },
  { id: 'u2', name: 'Ben' },
];

const flight = makeFlight({
  airline: 'Air France',
  flightNumber: 'AF 7',
  price: 412,
  currency: 'EUR',
  quote: makeQuote({ quoteId: 'q_flight' }),
});
const hotel = makeHotel({ price: 930, currency: 'EUR', quote: makeQuote({ quoteId: 'q_hotel' }) });

function pickOf(overrides: Partial<GroupPlanPick>): GroupPlanPick {
  return {
    id: crypto.randomUUID(),
    slot: 'flight',
    marker: 'selected',
    quoteId: 'q_flight',
    offer: { kind: 'flight', flight },
    title: 'Air France AF 7, JFK → CDG, 2026-12-21',
    price: { amount: 412, currency: 'EUR', quotedAt: '2026-11-20T09:00:00.000Z' },
    pickedBy: { id: 'u2', name: 'Ben' },
    pickedAt: '2026-11-20T09:00:00.000Z',
    votes: [
      { userId: 'u1', name: 'Ada', vote: null },
      { userId: 'u2', name: 'Ben', vote: 'yes' },
    ],
    yes: 1,
    no: 0,
    booking: false,
    ...overrides,
  };
}

const flightPick = pickOf({ id: 'p-flight' });
const hotelPick = pickOf({
  id: 'p-hotel',
  slot: 'hotel',
  marker: 'modified',
  quoteId: 'q_hotel',
  offer: { kind: 'hotel', hotel },
  title: 'Hotel Lumière, 2026-12-21 – 2026-12-25',
  price: { amount: 930, currency: 'EUR', quotedAt: '2026-11-20T09:00:00.000Z' },
  pickedBy: { id: 'u1', name: 'Ada' },
});

const waiting: GroupPlanResponse = {
  picks: [flightPick, hotelPick],
  members,
  agreed: false,
  bookingInProgress: false,
  bookings: [],
};
const allYes = (pick: GroupPlanPick): GroupPlanPick => ({
  ...pick,
  votes: pick.votes.map((entry) => ({ ...entry, vote: 'yes' })),
  yes: 2,
});
const agreed: GroupPlanResponse = { ...waiting, picks: waiting.picks.map(allYes), agreed: true };

function serve(
  plans: GroupPlanResponse[],
  more: (call: RecordedCall) => Response | undefined = () => undefined,
) {
  let read = 0;
  return mockFetch((call) => {
    const answer = more(call);
    if (answer) return answer;
    if (call.path === '/auth/users/me') return jsonResponse(200, sampleUser);
    if (call.path === PLAN && call.method === 'GET') {
      const plan = plans[Math.min(read, plans.length - 1)];
      read += 1;
      return jsonResponse(200, plan);
    }
    return jsonResponse(404, { detail: 'Not found.', code: 'not_found' });
  });
}

function renderButton() {
  const live = createLiveGroups();
  const rendered = renderWithApp(
    <LiveGroupsContext.Provider value={live}>
      <GroupPlanButton conversation={group} />
    </LiveGroupsContext.Provider>,
  );
  return { ...rendered, live };
}

async function openPlan() {
  await userEvent.click(await screen.findByRole('button', { name: 'Open the group plan' }));
  return screen.findByRole('dialog', { name: 'Group plan' });
}

beforeEach(() => localStorage.setItem('access_token', 'jwt'));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the group plan panel', () => {
  it('appears only in groups', () => {
    serve([waiting]);
    renderWithApp(<GroupPlanButton conversation={{ ...group, type: 'trip' }} />);
    expect(screen.queryByRole('button', { name: 'Open the group plan' })).not.toBeInTheDocument();
  });

  it('shows each pick with its price, who picked it and every member’s vote', async () => {
    serve([waiting]);
    renderButton();
    const dialog = await openPlan();
    const flightCard = await within(dialog).findByRole('article', { name: flightPick.title });
    expect(within(flightCard).getByText('Selected')).toBeInTheDocument();
    expect(within(flightCard).getByText('€412.00')).toBeInTheDocument();
    expect(within(flightCard).getByText('per person')).toBeInTheDocument();
    expect(within(flightCard).getByText('Picked by Ben')).toBeInTheDocument();
    expect(within(flightCard).getByText('1 yes · 0 no')).toBeInTheDocument();
    const votes = within(flightCard).getByRole('list', { name: `Votes on ${flightPick.title}` });
    expect(
      within(votes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Adanot voted yet', 'Benyes']);
    const hotelCard = within(dialog).getByRole('article', { name: hotelPick.title });
    expect(within(hotelCard).getByText('Modified')).toBeInTheDocument();
    expect(within(hotelCard).getByText('for the stay')).toBeInTheDocument();
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Everyone has to vote yes on every pick',
    );
    expect(within(dialog).getByRole('button', { name: 'Book for the group' })).toBeDisabled();
  });

  it('votes and removes picks', async () => {
    const { calls } = serve([waiting], (call) => {
      if (call.method === 'PUT') return jsonResponse(200, agreed);
      if (call.method === 'DELETE') return jsonResponse(204);
      return undefined;
    });
    renderButton();
    const dialog = await openPlan();
    await userEvent.click(
      await within(dialog).findByRole('button', { name: `Vote yes on ${flightPick.title}` }),
    );
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
        path: `${PLAN}/picks/p-flight/vote`,
        body: { vote: 'yes' },
      }),
    );
    expect(
      await within(dialog).findByRole('button', { name: `Vote yes on ${flightPick.title}` }),
    ).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(
      within(dialog).getByRole('button', { name: `Remove ${hotelPick.title} from the plan` }),
    );
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'DELETE')?.path).toBe(`${PLAN}/picks/p-hotel`),
    );
  });

  it('books the agreed plan for the group: its quotes, one traveller per member', async () => {
    serve([agreed]);
    renderButton();
    const dialog = await openPlan();
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Everyone agreed on this plan.',
    );
    expect(within(dialog).getByText('For 2 travellers: one per member.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Book for the group' }));
    expect(startedBookings).toEqual([
      {
        items: [
          { kind: 'flight', quoteId: 'q_flight' },
          { kind: 'hotel', quoteId: 'q_hotel' },
        ],
        travelers: 2,
        source: 'group',
        groupId: group.id,
        tripTitle: {
          destination: hotel.address.city,
          country: hotel.address.country,
          countryCode: hotel.address.countryCode ?? '',
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps Book disabled while a member is booking the plan', async () => {
    serve([
      {
        ...agreed,
        bookingInProgress: true,
        picks: agreed.picks.map((p) => ({ ...p, booking: true })),
      },
    ]);
    renderButton();
    const dialog = await openPlan();
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Someone in the group is booking this plan now.',
    );
    expect(within(dialog).getByRole('button', { name: 'Book for the group' })).toBeDisabled();
  });

  it('shows each member their share of a booking, in their currency with the rate', async () => {
    serve([
      {
        picks: [],
        members,
        agreed: false,
        bookingInProgress: false,
        bookings: [
          {
            bookingId: 'b1',
            reference: 'VW-ABC234',
            bookedBy: { id: 'u2', name: 'Ben' },
            bookedAt: '2026-11-20T10:00:00.000Z',
            memberCount: 3,
            total: { amountMinor: 100001, currency: 'EUR' },
            myShare: {
              amountMinor: 33333,
              currency: 'EUR',
              display: {
                amount: 390.66,
                currency: 'USD',
                rate: 1.172,
                asOf: '2026-11-20',
                source: 'ECB',
              },
            },
          },
        ],
      },
    ]);
    renderButton();
    const dialog = await openPlan();
    const booking = await within(dialog).findByRole('article', { name: 'VW-ABC234' });
    expect(booking).toHaveTextContent('Booked by Ben · VW-ABC234');
    expect(booking).toHaveTextContent('Total €1,000.01, shared by 3 members');
    expect(booking).toHaveTextContent('Your share: €333.33 (≈ $390.66 at 1 EUR = 1.172 USD');
    expect(within(dialog).getByText(/Nothing picked yet/)).toBeInTheDocument();
  });

  it('reads the plan again when the group says it changed', async () => {
    const { calls } = serve([waiting, agreed]);
    const { live } = renderButton();
    const dialog = await openPlan();
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Everyone has to vote');
    act(() => live.emit({ type: 'changed', conversationId: 'another', what: 'plan' }));
    act(() => live.emit({ type: 'changed', conversationId: group.id, what: 'group' }));
    act(() => live.emit({ type: 'changed', conversationId: group.id, what: 'plan' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('status')).toHaveTextContent('Everyone agreed'),
    );
    expect(calls.filter((call) => call.path === PLAN)).toHaveLength(2);
  });
});
