import type { Language } from '@vowa/shared/settings/settings-constants';
import type { Airport, Flight, Hotel } from '@vowa/shared/travel/travel-schemas';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeChatCompletions } from '../../../test/fake-chat-completions';
import type { AssistantTurn, Caller, GroupContext } from './assistant-engine';
import { createAssistantService, type ReplyProgress } from './assistant-service';
import type { ToolDependencies } from './assistant-tools';
import { createModelAssistant } from './model/model-assistant';
import { createOfflineAssistant } from './offline/offline-assistant';
import { offlineReplies } from './offline/offline-replies';

/** The group's overlap: a figure whose digits appear nowhere else in these replies. */
const OVERLAP = 987.65;
const FIGURE = /987|988|986/;

const airport = { code: 'JFK', city: 'New York', name: 'John F. Kennedy' } as unknown as Airport;

function member(budget: number | null, language: Language = 'en'): Caller {
  return {
    kind: 'member',
    userId: '00000000-0000-4000-8000-000000000001',
    name: 'Ada Lovelace',
    language,
    currency: 'USD',
    timeZone: 'UTC',
    today: '2031-04-01',
    homeAirport: airport,
    budget: budget === null ? null : { maxTripBudget: budget, currency: 'USD' },
  };
}

const group: GroupContext = {
  name: 'London crew',
  memberCount: 3,
  picks: [
    {
      slot: 'hotel',
      marker: 'selected',
      title: 'Riverside Inn',
      pickedBy: 'Grace',
      price: { amount: 640, currency: 'USD' },
    },
  ],
};

function flight(price: number, n: number): Flight {
  return {
    price,
    currency: 'USD',
    airline: 'Test Air',
    airlineCode: 'TA',
    flightNumber: `TA${n}`,
    stops: 0,
    duration: '7h',
    departure: { city: 'New York', airportCode: 'JFK', date: '2031-05-01', time: '09:00' },
    arrival: { city: 'London', airportCode: 'LHR', date: '2031-05-01', time: '21:00' },
    quote: { quoteId: `quote-${n}` },
  } as unknown as Flight;
}

function hotel(price: number, n: number): Hotel {
  return {
    price,
    currency: 'USD',
    name: `Hotel ${String.fromCharCode(64 + n)}`,
    rating: 4,
    nights: 3,
    address: { city: 'London' },
    quote: { quoteId: `hotel-${n}` },
  } as unknown as Hotel;
}

/** Travel with fixed offers; finance that fails the test if a group turn reads it. */
function fakeTools(offers: { flights: Flight[]; hotels?: Hotel[] }) {
  const asked: { adults: number[] } = { adults: [] };
  const refuse = () => {
    throw new Error("a group turn read the caller's own finances");
  };
  const deps = {
    travel: {
      searchFlights: async (query: { adults: number }) => {
        asked.adults.push(query.adults);
        return { flights: offers.flights, returnFlights: [] };
      },
      searchHotels: async (query: { adults: number }) => {
        asked.adults.push(query.adults);
        return { hotels: offers.hotels ?? [] };
      },
      experiences: async () => ({ experiences: [] }),
      suggestions: refuse,
      priceHistory: refuse,
      tripIdeas: refuse,
    },
    finance: { financials: refuse, budgetSettings: refuse },
    bucketLists: { listsOf: refuse, createList: refuse, addItem: refuse },
    live: { tell: () => {} },
  } as unknown as ToolDependencies;
  return { deps, asked };
}

const log = pino({ level: 'silent' });

async function answer(
  service: ReturnType<typeof createAssistantService>,
  turn: AssistantTurn,
): Promise<{
  progress: ReplyProgress[];
  text: string;
  flights: Flight[];
  hotels: Hotel[];
  note: string | null;
}> {
  const progress: ReplyProgress[] = [];
  const replying = service.reply(turn, AbortSignal.timeout(10_000));
  for (;;) {
    const next = await replying.next();
    if (next.done) {
      const { text, attachments } = next.value;
      const { flights, hotels, note } = attachments;
      return { progress, text, flights, hotels, note };
    }
    progress.push(next.value);
  }
}

const turn = (text: string, caller: Caller): AssistantTurn => ({
  caller,
  text,
  history: [{ author: 'user', content: 'Grace: London in May?' }],
  memory: undefined,
  group,
});

describe('the offline assistant in a group', () => {
  it('plans for the whole group and says the options fit everyone, never the figure', async () => {
    const { deps, asked } = fakeTools({ flights: [flight(250, 1), flight(1500, 2)] });
    const service = createAssistantService({ tools: deps, offline: createOfflineAssistant(), log });
    const reply = await answer(
      service,
      turn('flights from New York to London on May 1', member(OVERLAP)),
    );
    // Nobody said how many: the group's three members travel.
    expect(asked.adults).toEqual([3]);
    expect(reply.text).toContain(offlineReplies('en').withinGroupBudget);
    expect(reply.text).not.toMatch(FIGURE);
    // Only the fare whose share fits everyone's budget is shown.
    expect(reply.flights.map((f) => f.price)).toEqual([250]);
  });

  it("says nothing fits everyone's budget, still without a figure, in every language", async () => {
    for (const language of ['en', 'es', 'fr', 'de', 'ja'] as const) {
      const { deps } = fakeTools({ flights: [flight(1500, 1), flight(1700, 2)] });
      const service = createAssistantService({
        tools: deps,
        offline: createOfflineAssistant(),
        log,
      });
      const reply = await answer(
        service,
        turn('flights from New York to London on May 1', member(OVERLAP, language)),
      );
      expect(reply.text).toContain(offlineReplies(language).noneWithinGroupBudget);
      expect(reply.text).not.toMatch(FIGURE);
      expect(reply.flights).toEqual([]);
    }
  });

  it("checks a hotel by each member's share of the stay", async () => {
    const { deps } = fakeTools({ flights: [], hotels: [hotel(2400, 1), hotel(3600, 2)] });
    const service = createAssistantService({ tools: deps, offline: createOfflineAssistant(), log });
    const reply = await answer(
      service,
      turn('hotels in London from May 1 to May 4', member(OVERLAP)),
    );
    // 2,400 for three is 800 each: fits; 3,600 is 1,200 each: does not.
    expect(reply.hotels.map((h) => h.price)).toEqual([2400]);
    expect(reply.text).toContain(offlineReplies('en').withinGroupBudget);
    expect(reply.text).not.toMatch(FIGURE);
  });

  it("answers a budget question without anyone's finances", async () => {
    const { deps } = fakeTools({ flights: [] });
    const service = createAssistantService({ tools: deps, offline: createOfflineAssistant(), log });
    const withBudget = await answer(service, turn('what is my budget?', member(OVERLAP)));
    expect(withBudget.text).toBe(offlineReplies('en').groupBudget(true));
    const without = await answer(service, turn('what is my budget?', member(null)));
    expect(without.text).toBe(offlineReplies('en').groupBudget(false));
  });

  it('asks nobody in the group to connect their finances when no one has', async () => {
    const { deps } = fakeTools({ flights: [flight(250, 1)] });
    const service = createAssistantService({ tools: deps, offline: createOfflineAssistant(), log });
    const reply = await answer(
      service,
      turn('flights from New York to London on May 1', member(null)),
    );
    expect(reply.text).not.toContain(offlineReplies('en').connectFinances);
    expect(reply.text).not.toContain(offlineReplies('en').withinGroupBudget);
    expect(reply.flights).toHaveLength(1);
  });

  it('has no digits of its own in the group sentences', () => {
    for (const language of ['en', 'es', 'fr', 'de', 'ja'] as const) {
      const say = offlineReplies(language);
      const sentences = [
        say.withinGroupBudget,
        say.noneWithinGroupBudget,
        say.groupBudget(true),
        say.groupBudget(false),
      ];
      for (const sentence of sentences) expect(sentence).not.toMatch(/\d/);
    }
  });
});

describe('a model in a group', () => {
  let fake: Awaited<ReturnType<typeof startFakeChatCompletions>>;
  beforeAll(async () => {
    fake = await startFakeChatCompletions();
  });
  afterAll(async () => {
    await fake.close();
  });

  function modelService() {
    const { deps } = fakeTools({ flights: [flight(250, 1)] });
    return createAssistantService({
      tools: deps,
      offline: createOfflineAssistant(),
      model: createModelAssistant({
        baseUrl: fake.url,
        apiKey: 'test-key',
        model: 'fake-model',
        timeoutMs: 5_000,
      }),
      log,
    });
  }

  it("is told the group's context but never the budget figure", async () => {
    fake.requests.length = 0;
    fake.say('Happy to help the whole group.');
    const reply = await answer(modelService(), turn('ideas for London?', member(OVERLAP)));
    expect(reply.text).toBe('Happy to help the whole group.');
    const system = String(fake.requests[0]!.messages[0]!.content);
    expect(system).toContain('London crew');
    expect(system).toContain('3 members');
    expect(system).toContain('Riverside Inn');
    expect(system).toContain('by Grace');
    expect(system).not.toMatch(FIGURE);
    // Earlier messages come with their authors' first names.
    expect(fake.requests[0]!.messages.some((m) => m.content === 'Grace: London in May?')).toBe(
      true,
    );
  });

  it('cannot state the group budget: the text guard refuses the figure', async () => {
    fake.say(`Everyone can spend up to ${OVERLAP} USD, so let's go.`);
    const reply = await answer(modelService(), turn('how much can we spend?', member(OVERLAP)));
    expect(reply.text).not.toMatch(FIGURE);
    expect(reply.note).toMatch(/rewritten from the search results/);
    for (const step of reply.progress) {
      if (step.type === 'text') expect(step.text).not.toMatch(FIGURE);
    }
  });

  it('may repeat what the group can see: a picked price', async () => {
    fake.say('Grace picked Riverside Inn at 640 USD.');
    const reply = await answer(modelService(), turn('what did we pick?', member(OVERLAP)));
    expect(reply.text).toBe('Grace picked Riverside Inn at 640 USD.');
  });
});
