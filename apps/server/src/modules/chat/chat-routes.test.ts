import type { ChatResponse, MessagesResponse } from '@vowa/shared/assistant/assistant-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, person, verifiedPerson, type Person } from '../../../test/api-helpers';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CHAT_RATE_LIMIT_MAX: '1000' });
});
afterAll(async () => t.close());

const CHAT = '/api/llm/chat';

async function ask(who: Person | null, message: string, conversationId?: string | null) {
  const answer = await as(t.app, who).post(CHAT, { message, conversation_id: conversationId });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as ChatResponse;
}

/** Someone who entered their finances: budget-aware answers. */
async function connectedPerson(maxTripBudget = 5000) {
  const someone = await verifiedPerson(t, 'Connected Traveller');
  const api = as(t.app, someone);
  expect(
    (
      await api.put('/api/finance/financials', {
        monthlyIncome: 8000,
        monthlyExpenses: 3000,
        availableBalance: 20000,
      })
    ).statusCode,
  ).toBe(200);
  expect((await api.put('/api/finance/budget_settings', { maxTripBudget })).statusCode).toBe(200);
  return someone;
}

describe('POST /api/llm/chat', () => {
  it('greets a guest, asks them to sign in, and stores nothing', async () => {
    const reply = await ask(null, 'Hello!');
    expect(reply.response).toMatch(/Vowa/);
    expect(reply.call_to_action).toBe('sign_in');
    expect(reply.conversation_id).toBeNull();
    expect(reply.messages).toBeNull();
  });

  it('gives a guest general answers but no searches', async () => {
    const about = await ask(null, 'Tell me about Lisbon');
    expect(about.response).toContain('Portugal');
    const flights = await ask(null, 'flights to Lisbon next Friday');
    expect(flights.flight_results).toEqual([]);
    expect(flights.call_to_action).toBe('sign_in');
  });

  it('refuses blank and oversized messages, and changes nothing', async () => {
    const someone = await person(t.app);
    for (const message of ['', '   ', 'x'.repeat(2001)]) {
      const answer = await as(t.app, someone).post(CHAT, { message });
      expect(answer.statusCode).toBe(422);
      expect(answer.json()).toMatchObject({ code: 'validation_failed' });
    }
    const list = await as(t.app, someone).get('/api/llm/conversations');
    expect(list.json()).toEqual({ conversations: [] });
  });

  it('finds real flights for a signed-in person, each card carrying its quote', async () => {
    const someone = await person(t.app);
    const reply = await ask(someone, 'flights from JFK to London next Friday');
    expect(reply.flight_results.length).toBeGreaterThan(0);
    for (const flight of reply.flight_results) {
      expect(flight.quote.quoteId).toMatch(/^q_/);
      expect(flight.quote.provider).toBe('offline');
      expect(Date.parse(flight.quote.quotedAt)).not.toBeNaN();
      expect(flight.departure.airportCode).toBe('JFK');
      expect(['LHR', 'LGW', 'LCY', 'STN', 'LTN']).toContain(flight.arrival.airportCode);
    }
    // The reply passed the price check as written (no note), and names the cheapest card's price.
    expect(reply.note).toBeNull();
    const cheapest = Math.min(...reply.flight_results.map((flight) => flight.price!));
    const shown = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    expect(reply.response).toContain(shown.format(cheapest).replace(/\.00$/, ''));
    // Without finances, the person is asked to connect them (part 2 §1) and still answered.
    expect(reply.call_to_action).toBe('connect_finances');
  });

  it('flies from the person’s home airport when they name no origin', async () => {
    const someone = await person(t.app);
    const chosen = await as(t.app, someone).put('/api/travel/preferences', { homeAirport: 'BOS' });
    expect(chosen.statusCode).toBe(200);
    const reply = await ask(someone, 'flights to London next Friday');
    expect(reply.flight_results.length).toBeGreaterThan(0);
    for (const flight of reply.flight_results) expect(flight.departure.airportCode).toBe('BOS');
  });

  it("keeps a connected person's results within their budget and says what is left", async () => {
    const someone = await connectedPerson(5000);
    const reply = await ask(someone, 'flights from JFK to Paris next Friday');
    expect(reply.flight_results.length).toBeGreaterThan(0);
    for (const flight of reply.flight_results) expect(flight.price!).toBeLessThanOrEqual(5000);
    expect(reply.response).toMatch(/leaves \$[\d,.]+ of your \$5,000 trip budget/);
    expect(reply.call_to_action).toBeNull();
  });

  it.each([
    ['es', 'vuelos de Madrid a Roma el próximo viernes', /^Encontré \d+ vuelos de Madrid a Roma/],
    [
      'de',
      'Flüge von Berlin nach Wien nächsten Freitag',
      /^Ich habe \d+ Flüge von Berlin nach Wien/,
    ],
    ['fr', 'vols de Paris à Lisbonne vendredi prochain', /^J'ai trouvé \d+ vols de Paris à Lisbon/],
    ['ja', '来週の金曜日に東京からソウルへのフライト', /フライトが\d+便見つかりました/],
  ])(
    'answers in %s with the prices written as that language writes them',
    async (language, asked, expected) => {
      const someone = await person(t.app);
      const api = as(t.app, someone);
      expect(
        (await api.put('/api/user_management/settings', { account: { language } })).statusCode,
      ).toBe(200);
      const reply = await ask(someone, asked);
      expect(reply.flight_results.length).toBeGreaterThan(0);
      expect(reply.response).toMatch(expected);
      expect(reply.note).toBeNull();
    },
  );

  it('remembers the request across turns', async () => {
    const someone = await person(t.app);
    const first = await ask(someone, 'flights from JFK to Rome next Friday');
    const again = await ask(someone, 'make it 3 people', first.conversation_id);
    expect(again.flight_results.length).toBeGreaterThan(0);
    expect(again.response).toMatch(/for 3 travellers/);
  });

  it('asks one clear question when the destination is missing', async () => {
    const someone = await person(t.app);
    const reply = await ask(someone, 'I need a flight next Friday');
    expect(reply.response).toBe(
      'Where would you like to fly to? Connect your financial information and I will keep every suggestion within your budget.',
    );
  });

  it('ignores a user_id in the body: the session decides whose chat it is', async () => {
    const ada = await person(t.app, 'Ada');
    const grace = await person(t.app, 'Grace');
    const answer = await as(t.app, ada).post(CHAT, { message: 'hello', user_id: grace.id });
    expect(answer.statusCode).toBe(200);
    const graces = await as(t.app, grace).get('/api/llm/conversations');
    expect(graces.json()).toEqual({ conversations: [] });
  });

  it("answers 404 for someone else's conversation, and stores nothing there", async () => {
    const ada = await person(t.app, 'Ada');
    const grace = await person(t.app, 'Grace');
    const adas = await ask(ada, 'hello');
    const answer = await as(t.app, grace).post(CHAT, {
      message: 'hi',
      conversation_id: adas.conversation_id,
    });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({ code: 'conversation_not_found' });
    const page = await as(t.app, ada).get(
      `/api/llm/conversations/${adas.conversation_id}/messages`,
    );
    expect((page.json() as MessagesResponse).messages).toHaveLength(2);
  });
});

describe('trip chats (part 2 §4)', () => {
  it('opens "Trip to Lisbon", greets, and answers there', async () => {
    const someone = await person(t.app);
    const reply = await ask(someone, 'I want to plan a trip to Lisbon');
    expect(reply.conversation).toMatchObject({ name: 'Trip to Lisbon', type: 'trip' });
    expect(reply.conversation_id).toBe(reply.conversation!.id);
    const page = (
      await as(t.app, someone).get(`/api/llm/conversations/${reply.conversation_id}/messages`)
    ).json() as MessagesResponse;
    expect(page.messages.map((m) => m.type)).toEqual(['ai', 'user', 'ai']);
    expect(page.messages[0]!.content).toContain('Lisbon');
    // A later message in the trip chat stays there.
    const later = await ask(someone, 'hotels there next weekend', reply.conversation_id);
    expect(later.conversation).toBeNull();
    expect(later.conversation_id).toBe(reply.conversation_id);
    expect(later.hotel_results.length).toBeGreaterThan(0);
  });

  it("reopens the person's chat for a destination, and moves to another destination's", async () => {
    const someone = await person(t.app);
    const lisbon = await ask(someone, 'trip to Lisbon');
    const again = await ask(someone, 'I want to visit Lisbon');
    expect(again.conversation_id).toBe(lisbon.conversation_id);
    const porto = await ask(someone, 'and then a trip to Porto', lisbon.conversation_id);
    expect(porto.conversation).toMatchObject({ name: 'Trip to Porto', type: 'trip' });
    const names = (await as(t.app, someone).get('/api/llm/conversations')).json().conversations;
    expect(names.map((c: { name: string }) => c.name).sort()).toEqual([
      'Trip to Lisbon',
      'Trip to Porto',
      'Vowa AI',
    ]);
  });
});

describe('conversations', () => {
  it('lists, pages, renames and deletes, for their member only', async () => {
    const someone = await person(t.app);
    const first = await ask(someone, 'hello');
    for (let i = 0; i < 3; i += 1) await ask(someone, `thanks ${i}`, first.conversation_id);
    const api = as(t.app, someone);
    const listed = (await api.get('/api/llm/conversations')).json();
    expect(listed.conversations).toEqual([
      expect.objectContaining({ name: 'Vowa AI', type: 'ai', unreadCount: 0, memberCount: 1 }),
    ]);

    const url = `/api/llm/conversations/${first.conversation_id}`;
    const newest = (await api.get(`${url}/messages?limit=3`)).json() as MessagesResponse;
    expect(newest.messages).toHaveLength(3);
    expect(newest.hasMore).toBe(true);
    const older = (
      await api.get(`${url}/messages?limit=10&before=${newest.messages[0]!.seq}`)
    ).json() as MessagesResponse;
    expect(older.hasMore).toBe(false);
    expect([...older.messages, ...newest.messages].map((m) => m.content)[0]).toBe('hello');

    const stranger = await person(t.app);
    expect((await as(t.app, stranger).get(`${url}/messages`)).statusCode).toBe(404);
    expect((await as(t.app, stranger).patch(url, { name: 'Mine' })).statusCode).toBe(404);
    expect((await as(t.app, stranger).delete(url)).statusCode).toBe(404);

    expect((await api.patch(url, { name: '  ' })).statusCode).toBe(422);
    const renamed = await api.patch(url, { name: 'Planning' });
    expect(renamed.json()).toMatchObject({ name: 'Planning' });
    expect((await api.delete(url)).statusCode).toBe(204);
    expect((await api.get(`${url}/messages`)).statusCode).toBe(404);
  });

  it('needs a session', async () => {
    expect((await as(t.app, null).get('/api/llm/conversations')).statusCode).toBe(401);
  });
});

describe('POST /api/llm/chat/stream', () => {
  it('streams the status, the text as it is written, and the whole response last', async () => {
    const someone = await person(t.app);
    const answer = await as(t.app, someone).post(`${CHAT}/stream`, {
      message: 'flights from JFK to Madrid next Friday',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/event-stream/);
    const events = answer.body
      .trim()
      .split('\n\n')
      .map((block) => {
        const [eventLine, dataLine] = block.split('\n');
        return { type: eventLine!.slice('event: '.length), data: JSON.parse(dataLine!.slice(6)) };
      });
    const types = events.map((event) => event.type);
    expect(types[0]).toBe('conversation');
    expect(types).toContain('status');
    expect(
      events.find((e) => e.type === 'status' && e.data.status === 'searching_flights'),
    ).toBeTruthy();
    expect(types.at(-1)).toBe('done');
    const streamed = events
      .filter((event) => event.type === 'text')
      .map((event) => event.data.text)
      .join('');
    const done = events.at(-1)!.data.response as ChatResponse;
    expect(streamed).toBe(done.response);
    expect(done.flight_results.length).toBeGreaterThan(0);
    // The first event names the stored question, so a client shows it once.
    expect(events[0]!.data.message_id).toBe(done.messages![0]!.id);
  });

  it('answers bad input as a JSON error before any stream starts', async () => {
    const someone = await person(t.app);
    const answer = await as(t.app, someone).post(`${CHAT}/stream`, { message: '' });
    expect(answer.statusCode).toBe(422);
    expect(answer.headers['content-type']).toMatch(/json/);
  });
});

describe('chat rate limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ CHAT_RATE_LIMIT_MAX: '2', TRUST_PROXY: 'true' });
  });
  afterAll(async () => limited.close());

  const send = (who: Person | null, ip: string) =>
    limited.app.inject({
      method: 'POST',
      url: CHAT,
      payload: { message: 'Tell me about Lisbon' },
      headers: {
        'x-forwarded-for': ip,
        ...(who ? { authorization: `Bearer ${who.accessToken}` } : {}),
      },
    });

  it('counts each signed-in person on their own, wherever they write from', async () => {
    const first = await person(limited.app);
    const second = await person(limited.app);
    expect((await send(first, '10.1.0.1')).statusCode).toBe(200);
    expect((await send(first, '10.1.0.2')).statusCode).toBe(200);
    const refused = await send(first, '10.1.0.3');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited' });
    expect((await send(second, '10.1.0.1')).statusCode).toBe(200);
  });

  it('counts guests by their address', async () => {
    expect((await send(null, '10.2.0.1')).statusCode).toBe(200);
    expect((await send(null, '10.2.0.1')).statusCode).toBe(200);
    expect((await send(null, '10.2.0.1')).statusCode).toBe(429);
    expect((await send(null, '10.2.0.2')).statusCode).toBe(200);
  });
});
