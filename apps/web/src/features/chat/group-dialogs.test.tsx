import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GroupPlanResponse } from '@vowa/shared/groups/group-plan-schemas';
import { jsonResponse, mockFetch, sampleUser } from '../../test/fetch-mock';
import { renderWithApp } from '../../test/render-app';
import { makeExperience, makeFlight, makeHotel, makeQuote } from '../../test/travel-test-data';
import type { ChatDetailDialogs } from './detail-dialogs';
import { useGroupDialogs } from './group-dialogs';

const GROUP = '11111111-1111-4111-8111-111111111111';
const empty: GroupPlanResponse = {
  picks: [],
  members: [],
  agreed: false,
  bookingInProgress: false,
  bookings: [],
};

/** Stand-ins for the travel dialogs: say whether they are in group context, and report. */
const fakes: ChatDetailDialogs = {
  Flight: ({ flight, groupContext, onGroupUpdate, onSelect }) => (
    <div data-group={String(!!groupContext)}>
      <button
        onClick={() => (groupContext ? onGroupUpdate?.(flight, 'selected') : onSelect?.(flight))}
      >
        Select flight
      </button>
      <button
        onClick={() =>
          onGroupUpdate?.({ ...flight, quote: makeQuote({ quoteId: 'q_new' }) }, 'modified')
        }
      >
        Save flight
      </button>
    </div>
  ),
  Hotel: ({ hotel, onGroupUpdate }) => (
    <button onClick={() => hotel && onGroupUpdate?.(hotel, 'selected')}>Select hotel</button>
  ),
  Experience: ({ experience, onGroupUpdate }) => (
    <button onClick={() => onGroupUpdate?.(experience, 'selected')}>Select experience</button>
  ),
};

const flight = makeFlight({ quote: makeQuote({ quoteId: 'q_return' }) });
const hotel = makeHotel({ quote: makeQuote({ quoteId: 'q_hotel' }) });
const experience = makeExperience({ quote: makeQuote({ quoteId: 'q_exp' }) });

function Harness({ groupId }: { groupId?: string }) {
  const dialogs = useGroupDialogs(fakes, groupId);
  const Experience = dialogs.Experience!;
  return (
    <>
      <dialogs.Flight open onClose={() => undefined} flight={flight} isReturn />
      <dialogs.Hotel open onClose={() => undefined} hotel={hotel} />
      <Experience open onClose={() => undefined} experience={experience} />
    </>
  );
}

beforeEach(() => localStorage.setItem('access_token', 'jwt'));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('Select for Group', () => {
  it('posts each selection and saved modification of a group as a pick of its quote', async () => {
    const { calls } = mockFetch((call) => {
      if (call.path === '/auth/users/me') return jsonResponse(200, sampleUser);
      if (call.method === 'POST') return jsonResponse(201, empty);
      return jsonResponse(404, { detail: 'Not found.' });
    });
    renderWithApp(<Harness groupId={GROUP} />);
    expect(screen.getByText('Select flight').parentElement).toHaveAttribute('data-group', 'true');
    for (const name of ['Select flight', 'Save flight', 'Select hotel', 'Select experience']) {
      await userEvent.click(screen.getByRole('button', { name }));
    }
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(4));
    const posted = calls.filter((call) => call.method === 'POST');
    expect(posted.map((call) => call.path)).toEqual(
      Array(4).fill(`/llm/groups/${GROUP}/plan/picks`),
    );
    expect(posted.map((call) => call.body)).toEqual([
      { slot: 'return_flight', marker: 'selected', quote_id: 'q_return' },
      { slot: 'return_flight', marker: 'modified', quote_id: 'q_new' },
      { slot: 'hotel', marker: 'selected', quote_id: 'q_hotel' },
      { slot: 'experience', marker: 'selected', quote_id: 'q_exp' },
    ]);
  });

  it('leaves the dialogs as they are outside groups', () => {
    mockFetch(() => jsonResponse(401, { detail: 'Not authenticated' }));
    renderWithApp(<Harness />);
    expect(screen.getByText('Select flight').parentElement).toHaveAttribute('data-group', 'false');
  });
});
