import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  ChatMessage,
  ChatResponse,
  Conversation,
} from '@vowa/shared/assistant/assistant-schemas';
import type { Flight, Hotel } from '@vowa/shared/travel/travel-schemas';
import { jsonResponse, mockFetch, sampleUser, type RecordedCall } from '../../test/fetch-mock';
import { tokenStore } from '../../lib/session-storage';
import { renderWithApp, startedBookings } from '../../test/render-app';
import { makeFlight, makeHotel } from '../../test/travel-test-data';
import { ChatPage } from './chat-page';
import type { ChatDetailDialogs } from './detail-dialogs';

// Stand-ins for the travel dialogs (tested in features/travel): enough to see what the chat
// hands them and what it does with a selection or a modification.
const dialogs: ChatDetailDialogs = {
  Flight: ({ flight, onClose, onSelect, onModified }) => (
    <div role="dialog" aria-label={`Flight ${flight.flightNumber}`}>
      <button onClick={() => onModified?.({ ...flight, price: 999 })}>Save change</button>
      <button onClick={() => onSelect?.(flight)}>Select Flight</button>
      <button onClick={onClose}>Close</button>
    </div>
  ),
  Hotel: ({ hotel, onSelect }) => (
    <div role="dialog" aria-label={`Hotel ${hotel?.name}`}>
      <button onClick={() => hotel && onSelect?.(hotel)}>Select Hotel</button>
    </div>
  ),
};

const aiChat: Conversation = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Vowa AI',
  type: 'ai',
  lastMessage: null,
  lastActivity: '2026-11-20T10:00:00.000Z',
  unreadCount: 0,
  destination: null,
  memberCount: 1,
  role: 'owner',
};
const lisbonChat: Conversation = {
  ...aiChat,
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Trip to Lisbon',
  type: 'trip',
  destination: 'Lisbon',
};

/** A server-sent event stream the test writes to step by step. */
function sseStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { headers: { 'Content-Type': 'text/event-stream' } }),
    send: (event: string, data: unknown) =>
      controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)),
    /** Splits one event across two chunks, as a network may. */
    sendSplit: (event: string, data: unknown) => {
      const text = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
      controller.enqueue(encoder.encode(text.slice(0, 9)));
      controller.enqueue(encoder.encode(text.slice(9)));
    },
    close: () => controller.close(),
  };
}

function reply(overrides: Partial<ChatResponse> = {}): ChatResponse {
  return {
    conversation_id: aiChat.id,
    conversation: null,
    flight_search_loading: false,
    flight_results: [],
    return_flight_results: [],
    hotel_results: [],
    response: '',
    suggestions: [],
    bookingDetails: null,
    experiences: [],
    note: null,
    call_to_action: null,
    messages: null,
    ...overrides,
  };
}

function storedMessage(
  type: 'user' | 'ai',
  content: string,
  seq: number,
  flights: Flight[] = [],
  hotels: Hotel[] = [],
): ChatMessage {
  return {
    id: `m${seq}`,
    seq,
    type,
    content,
    timestamp: '2026-11-20T10:00:00.000Z',
    sender: {
      id: type === 'ai' ? 'vowa' : 'u1',
      name: type === 'ai' ? 'Vowa' : 'Ada',
      avatar: null,
    },
    clientId: null,
    card: null,
    attachments:
      type === 'ai'
        ? {
            flights,
            returnFlights: [],
            hotels,
            experiences: [],
            suggestions: [],
            note: null,
            callToAction: null,
          }
        : null,
  };
}

function serve({
  conversations = [aiChat],
  messages = {},
  stream,
}: {
  conversations?: Conversation[];
  messages?: Record<string, ChatMessage[]>;
  stream: (call: RecordedCall) => Response;
}) {
  return mockFetch((call) => {
    const { path, method } = call;
    if (path === '/auth/users/me') return jsonResponse(200, sampleUser);
    if (path === '/llm/conversations') return jsonResponse(200, { conversations });
    const read = /^\/llm\/conversations\/([^/]+)\/messages/.exec(path);
    if (read?.[1]) {
      const conversation = conversations.find((c) => c.id === read[1]) ?? aiChat;
      return jsonResponse(200, { conversation, messages: messages[read[1]] ?? [], hasMore: false });
    }
    if (path === '/llm/chat/stream' && method === 'POST') return stream(call);
    return jsonResponse(404, { detail: 'Not found.' });
  });
}

const renderPage = () => renderWithApp(<ChatPage dialogs={dialogs} />, { path: '/chat' });
const composer = () => screen.getByRole('textbox', { name: 'Message to Vowa' });
const log = () => screen.getByRole('log', { name: 'Messages in this conversation' });

beforeEach(() => localStorage.setItem('access_token', 'jwt'));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('ChatPage stream handling', () => {
  it('shows what the assistant does, appends text as it streams, then the final reply and its cards', async () => {
    const stream = sseStream();
    const flight = makeFlight({ price: 412, currency: 'USD', flightNumber: 'BA 178' });
    const hotel = makeHotel({ name: 'Hotel Strand', price: 800, currency: 'USD' });
    const { calls } = serve({ stream: () => stream.response });
    renderPage();
    expect(await within(log()).findByText(/I'm Vowa/)).toBeInTheDocument();
    await screen.findByRole('button', { name: /Vowa AI/ });

    await userEvent.type(composer(), 'flights from JFK to London next Friday{Enter}');
    expect(within(log()).getByText('flights from JFK to London next Friday')).toBeInTheDocument();
    expect(await screen.findByText('Vowa is thinking...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    const sent = calls.find((call) => call.path === '/llm/chat/stream');
    expect(sent?.body).toEqual({
      message: 'flights from JFK to London next Friday',
      conversation_id: aiChat.id,
    });
    expect(sent?.headers.Authorization).toBe('Bearer jwt');

    stream.send('conversation', {
      conversation_id: aiChat.id,
      conversation: null,
      message_id: 'm1',
    });
    stream.send('status', { status: 'searching_flights' });
    expect(
      await screen.findByText('Fetching flights that match your preferences...'),
    ).toBeInTheDocument();
    stream.sendSplit('text', { text: 'Here are ' });
    stream.send('text', { text: 'flights' });
    expect(await within(log()).findByText('Here are flights')).toBeInTheDocument();

    stream.send('done', {
      response: reply({
        response: 'Here are 1 flight and 1 hotel in London.',
        flight_results: [flight],
        hotel_results: [hotel],
      }),
    });
    stream.close();
    expect(
      await within(log()).findByText('Here are 1 flight and 1 hotel in London.'),
    ).toBeInTheDocument();
    expect(
      screen.queryByText('Fetching flights that match your preferences...'),
    ).not.toBeInTheDocument();
    const card = screen.getByRole('article', { name: /BA 178/ });
    expect(card).toHaveTextContent('$412');

    // View Details, then a saved modification re-prices the card.
    await userEvent.click(within(card).getByRole('button', { name: 'View Details' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save change' }));
    expect(card).toHaveTextContent('$999');

    // Selecting a flight and a hotel asks 'Book Both?'; Cancel clears both selections.
    await userEvent.click(screen.getByRole('button', { name: 'Select Flight' }));
    const hotelCard = screen.getByRole('article', { name: 'Hotel Strand' });
    await userEvent.click(within(hotelCard).getByRole('button', { name: 'View Details' }));
    await userEvent.click(screen.getByRole('button', { name: 'Select Hotel' }));
    const prompt = await screen.findByRole('dialog', { name: 'Book Both?' });
    await userEvent.click(within(prompt).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Book Both?' })).toBeNull());
    expect(within(card).queryByLabelText('Selected')).toBeNull();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled(); // blank again

    // Book Both books both selections through the booking dialog.
    await userEvent.click(within(card).getByRole('button', { name: 'View Details' }));
    await userEvent.click(screen.getByRole('button', { name: 'Select Flight' }));
    await userEvent.click(within(hotelCard).getByRole('button', { name: 'View Details' }));
    await userEvent.click(screen.getByRole('button', { name: 'Select Hotel' }));
    const again = await screen.findByRole('dialog', { name: 'Book Both?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Book Both' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Book Both?' })).toBeNull());
    expect(startedBookings.at(-1)).toMatchObject({
      items: [{ kind: 'flight' }, { kind: 'hotel' }],
      source: 'chat',
    });
  });

  it('keeps open details and a modified price when the stored reply replaces the streamed one', async () => {
    const stream = sseStream();
    const flight = makeFlight({ price: 412, currency: 'USD', flightNumber: 'BA 178' });
    const messages: Record<string, ChatMessage[]> = {};
    serve({ messages, stream: () => stream.response });
    renderPage();
    await userEvent.type(
      await screen.findByRole('textbox', { name: 'Message to Vowa' }),
      'flights to London{Enter}',
    );
    const asked = storedMessage('user', 'flights to London', 1);
    const answered = storedMessage('ai', 'Here is a flight.', 2, [flight]);
    stream.send('conversation', {
      conversation_id: aiChat.id,
      conversation: null,
      message_id: 'm1',
    });
    stream.send('done', {
      response: reply({
        response: 'Here is a flight.',
        flight_results: [flight],
        messages: [asked, answered],
      }),
    });
    const streamed = await screen.findByRole('article', { name: /BA 178/ });
    await userEvent.click(within(streamed).getByRole('button', { name: 'View Details' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save change' }));

    // The stored messages now hold the exchange, and the screen shows them instead.
    messages[aiChat.id] = [asked, answered];
    stream.close();
    await waitFor(() => expect(screen.getByRole('article', { name: /BA 178/ })).not.toBe(streamed));
    expect(screen.getByRole('dialog', { name: 'Flight BA 178' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: /BA 178/ })).toHaveTextContent('$999');
  });

  it('shows Vowa AI before it exists and sends its first message without a conversation id', async () => {
    const stream = sseStream();
    const { calls } = serve({ conversations: [], stream: () => stream.response });
    renderPage();
    const list = await screen.findByRole('navigation', { name: 'Conversations' });
    expect(await within(list).findByRole('button', { current: true })).toHaveTextContent('Vowa AI');
    await userEvent.type(composer(), 'hello{Enter}');
    stream.send('conversation', {
      conversation_id: aiChat.id,
      conversation: null,
      message_id: 'm1',
    });
    stream.send('text', { text: 'Hi there' });
    // The thread switches to the id the stream named (its log is a new element).
    await waitFor(() => expect(within(log()).getByText('Hi there')).toBeInTheDocument());
    expect(calls.find((call) => call.path === '/llm/chat/stream')?.body).toEqual({
      message: 'hello',
    });
    stream.close();
  });

  it('makes a new trip chat active when the stream says the message opened one', async () => {
    const stream = sseStream();
    const conversations = [aiChat];
    serve({ conversations, stream: () => stream.response });
    renderPage();
    await userEvent.type(
      await screen.findByRole('textbox', { name: 'Message to Vowa' }),
      'I want to plan a trip to Lisbon{Enter}',
    );
    stream.send('conversation', {
      conversation_id: lisbonChat.id,
      conversation: lisbonChat,
      message_id: 'm1',
    });
    expect(await screen.findByRole('heading', { name: 'Trip to Lisbon' })).toBeInTheDocument();
    expect(within(log()).getByText('I want to plan a trip to Lisbon')).toBeInTheDocument();
    stream.send('done', {
      response: reply({ conversation_id: lisbonChat.id, response: 'Lisbon it is!' }),
    });
    stream.close();
    expect(await within(log()).findByText('Lisbon it is!')).toBeInTheDocument();
  });

  it('shows the question once when the new trip chat is read before the reply is done', async () => {
    const stream = sseStream();
    const asked = storedMessage('user', 'I want to plan a trip to Lisbon', 1);
    // The server stores the question before it answers: the trip chat's first read holds it.
    serve({
      conversations: [aiChat, lisbonChat],
      messages: { [lisbonChat.id]: [asked] },
      stream: () => stream.response,
    });
    renderPage();
    await userEvent.type(
      await screen.findByRole('textbox', { name: 'Message to Vowa' }),
      'I want to plan a trip to Lisbon{Enter}',
    );
    stream.send('conversation', {
      conversation_id: lisbonChat.id,
      conversation: lisbonChat,
      message_id: asked.id,
    });
    stream.send('text', { text: 'Lisbon it' });
    expect(await within(log()).findByText('Lisbon it')).toBeInTheDocument();
    // The stored question carries its time; the live one has none.
    await waitFor(() => expect(log().querySelector('time')).not.toBeNull());
    expect(within(log()).getAllByText('I want to plan a trip to Lisbon')).toHaveLength(1);
    stream.close();
  });

  it('says the spec sentence on an error event and hides that chat’s earlier results', async () => {
    const stream = sseStream();
    const flight = makeFlight({ flightNumber: 'TP 202' });
    serve({
      messages: {
        [aiChat.id]: [
          storedMessage('user', 'flights to Lisbon', 1),
          storedMessage('ai', 'Found one.', 2, [flight]),
        ],
      },
      stream: () => stream.response,
    });
    renderPage();
    expect(await screen.findByRole('article', { name: /TP 202/ })).toBeInTheDocument();
    await userEvent.type(composer(), 'and hotels?{Enter}');
    stream.send('error', { detail: 'The assistant failed.', code: 'assistant_failed' });
    stream.close();
    expect(
      await within(log()).findByText(
        'Sorry, there was an error contacting the AI. Please try again later.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: /TP 202/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await userEvent.type(composer(), 'x');
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
  });

  it('shows the spec sentence when the connection breaks before the reply is done', async () => {
    const stream = sseStream();
    serve({ stream: () => stream.response });
    renderPage();
    await userEvent.type(
      await screen.findByRole('textbox', { name: 'Message to Vowa' }),
      'hello{Enter}',
    );
    stream.send('text', { text: 'Hel' });
    stream.close();
    expect(
      await within(log()).findByText(
        'Sorry, there was an error contacting the AI. Please try again later.',
      ),
    ).toBeInTheDocument();
  });

  it('shows the server’s reason when a message is refused before the stream', async () => {
    serve({
      stream: () => jsonResponse(429, { detail: 'Too many messages.', code: 'rate_limited' }),
    });
    renderPage();
    await userEvent.type(
      await screen.findByRole('textbox', { name: 'Message to Vowa' }),
      'hello{Enter}',
    );
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(
      screen.queryByText('Sorry, there was an error contacting the AI. Please try again later.'),
    ).toBeNull();
  });
});

describe('ChatPage for a guest', () => {
  it('greets them, offers to sign in, and keeps their exchanges on screen without storing them', async () => {
    tokenStore.clearSession();
    const streams = [sseStream(), sseStream()];
    let sent = 0;
    const { calls } = serve({ stream: () => streams[sent++]!.response });
    renderPage();
    expect(
      await within(log()).findByText(/Hi, I'm Vowa, your AI travel planner/),
    ).toBeInTheDocument();
    expect(within(log()).getByRole('button', { name: 'Sign in' })).toBeInTheDocument();

    await userEvent.type(composer(), 'Tell me about Lisbon{Enter}');
    streams[0]!.send('conversation', {
      conversation_id: null,
      conversation: null,
      message_id: null,
    });
    streams[0]!.send('done', {
      response: reply({ conversation_id: null, response: 'Lisbon is in Portugal.' }),
    });
    streams[0]!.close();
    expect(await within(log()).findByText('Lisbon is in Portugal.')).toBeInTheDocument();

    await userEvent.type(composer(), 'flights to Lisbon{Enter}');
    streams[1]!.send('done', {
      response: reply({
        conversation_id: null,
        response: 'Sign in to search flights.',
        call_to_action: 'sign_in',
      }),
    });
    streams[1]!.close();
    expect(await within(log()).findByText('Sign in to search flights.')).toBeInTheDocument();
    expect(within(log()).getByText('Lisbon is in Portugal.')).toBeInTheDocument();
    expect(within(log()).getAllByRole('button', { name: 'Sign in' })).toHaveLength(2);

    // Nothing of a guest's is read from or kept on the server, and no token is sent.
    const paths = calls.map((call) => call.path);
    expect(paths.filter((path) => path.startsWith('/llm/conversations'))).toEqual([]);
    const chats = calls.filter((call) => call.path === '/llm/chat/stream');
    expect(chats).toHaveLength(2);
    for (const chat of chats) expect(JSON.stringify(chat.headers)).not.toMatch(/authorization/i);

    await userEvent.click(within(log()).getAllByRole('button', { name: 'Sign in' })[0]!);
    expect(await screen.findByRole('dialog', { name: 'Welcome Back' })).toBeInTheDocument();
  });
});
