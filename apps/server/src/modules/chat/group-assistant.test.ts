import type { Conversation, MessagesResponse } from '@vowa/shared/assistant/assistant-schemas';
import type { Money, RateTable } from '@vowa/shared/finance/money';
import { convertMoney } from '@vowa/shared/finance/money';
import type { GroupAssistantEvent } from '@vowa/shared/realtime/live-events';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { as, person, type Person } from '../../../test/api-helpers';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  createAssistantService,
  createOfflineAssistant,
  type AssistantService,
  type AssistantTurn,
} from '../assistant/assistant-service';
import { bundledRateTable } from '../travel/fx/exchange-rates';
import { createChatRepository } from './chat-repository';
import { chatMessages } from './chat-service';
import {
  createGroupAssistant,
  groupBudgetOverlap,
  withoutMention,
  type GroupAssistant,
} from './group-assistant';
import { createGroupAssistantRepository } from './group-assistant-repository';

const table: RateTable = { asOf: '2031-01-01', source: 'test', rates: { EUR: 1, USD: 1.25 } };

describe('groupBudgetOverlap', () => {
  const connected = (amount: number, currency = 'USD') => ({
    connected: true,
    budget: { amount, currency },
  });

  it("is the smallest of the members' maximum trip budgets", () => {
    expect(
      groupBudgetOverlap([connected(3000), connected(1800), connected(2500)], 'USD', table),
    ).toBe(1800);
  });

  it("converts each budget into the asker's currency first", () => {
    // 1,200 EUR is 1,500 USD: more than 1,400 USD.
    expect(groupBudgetOverlap([connected(1200, 'EUR'), connected(1400)], 'USD', table)).toBe(1400);
    // 1,000 EUR is 1,250 USD: less than 1,400 USD; asked in euros, 1,400 USD is 1,120 EUR.
    expect(groupBudgetOverlap([connected(1000, 'EUR'), connected(1400)], 'USD', table)).toBe(1250);
    expect(groupBudgetOverlap([connected(1200, 'EUR'), connected(1400)], 'EUR', table)).toBe(1120);
  });

  it('leaves out members who have not connected their finances', () => {
    const unconnected = { connected: false, budget: { amount: 500, currency: 'USD' } };
    expect(groupBudgetOverlap([unconnected, connected(2000)], 'USD', table)).toBe(2000);
  });

  it('is no limit at all when nobody connected', () => {
    const unconnected = { connected: false, budget: { amount: 500, currency: 'USD' } };
    expect(groupBudgetOverlap([unconnected, unconnected], 'USD', table)).toBeNull();
    expect(groupBudgetOverlap([], 'USD', table)).toBeNull();
  });

  it('leaves out a budget in a currency the rates do not know', () => {
    expect(groupBudgetOverlap([connected(10, 'XYZ'), connected(900)], 'USD', table)).toBe(900);
  });
});

describe('withoutMention', () => {
  it('drops the tag, keeps the question', () => {
    expect(withoutMention('@vowa flights to Rome')).toBe('flights to Rome');
    expect(withoutMention('Hey @VOWA, hotels?')).toBe('Hey hotels?');
    expect(withoutMention('ask @vowabot')).toBe('ask @vowabot');
    expect(withoutMention('@vowa')).toBe('@vowa');
  });
});

// ---------------------------------------------------------------------------------------------
// The group assistant on a real app and database, with the offline assistant.

const GROUPS = '/api/llm/groups';
const silent = {
  info: () => {},
  warn: () => {},
  error: () => {},
  debug: () => {},
  child: () => silent,
} as unknown as FastifyBaseLogger;

let t: TestApp;
/** What each member's finances say: connected or not, and their budget as entered. */
const finances = new Map<string, { connected: boolean; budget: Money }>();
/** The statuses and messages every member heard, in order. */
let heard: string[] = [];
/** The turns the assistant was given. */
let turns: AssistantTurn[] = [];
let assistant: GroupAssistant;
/** While set, the next answer waits for it before it starts replying. */
let gate: Promise<void> | null = null;

function groupAssistantWith(reply: AssistantService['reply']) {
  return createGroupAssistant({
    repository: createGroupAssistantRepository(t.app.db),
    chats: createChatRepository(t.app.db),
    assistant: {
      reply: (turn, signal) => {
        turns.push(turn);
        return reply(turn, signal);
      },
    },
    post: async (conversationId, message) => {
      heard.push(`message:${message.author}`);
      return t.app.groups.post(conversationId, message);
    },
    live: {
      toGroup: (_conversationId, event, payload) => {
        if (event === 'group_assistant') {
          heard.push(`status:${(payload as GroupAssistantEvent).status}`);
        }
      },
    },
    people: {
      findUserById: async (id: string) => {
        const result = (await t.app.db.execute(
          sql`select name, display_name from users where id = ${id}`,
        )) as unknown as { rows: { name: string; display_name: string }[] };
        const row = result.rows[0];
        return row ? ({ id, name: row.name, displayName: row.display_name } as never) : undefined;
      },
    },
    settings: {
      settings: async () =>
        ({ account: { language: 'en', currency: 'USD', timezone: 'UTC' } }) as never,
    },
    travel: {
      preferences: async () =>
        ({ homeAirport: { code: 'JFK', city: 'New York' }, homeAirportSource: 'default' }) as never,
    },
    finance: {
      financials: async (userId: string) =>
        ({ connected: finances.get(userId)?.connected ?? false }) as never,
      budgetSettings: async (userId: string) => {
        const budget = finances.get(userId)?.budget ?? { amount: 5000, currency: 'USD' };
        return {
          maxTripBudget: budget.amount,
          currency: budget.currency,
          entered: budget,
        } as never;
      },
      exchangeRates: () => ({
        base: 'EUR',
        ...bundledRateTable,
        rates: { ...bundledRateTable.rates },
      }),
    },
    log: silent,
    now: () => new Date('2031-04-01T12:00:00Z'),
  });
}

beforeAll(async () => {
  t = await createTestApp({ GROUP_MESSAGE_RATE_LIMIT_MAX: '1000' });
  const offline = createAssistantService({
    tools: {} as never,
    offline: createOfflineAssistant(),
    log: silent,
  });
  assistant = groupAssistantWith(async function* (turn, signal) {
    const waiting = gate;
    gate = null;
    if (waiting) await waiting;
    return yield* offline.reply(turn, signal);
  });
  t.app.groups.setAnswerMention(assistant.answer);
});
afterAll(async () => {
  await assistant?.close();
  await t?.close();
});
beforeEach(() => {
  heard = [];
  turns = [];
});

async function pair() {
  const [ada, ben] = await Promise.all([person(t.app, 'Ada Lovelace'), person(t.app, 'Ben Okri')]);
  const created = await as(t.app, ada).post(GROUPS, { name: 'Lisbon crew' });
  expect(created.statusCode, created.body).toBe(201);
  const group = created.json() as Conversation;
  await t.app.groups.joinGroup(group.id, ben.id);
  return { ada, ben, group };
}

async function send(who: Person, groupId: string, content: string) {
  const sent = await as(t.app, who).post(`${GROUPS}/${groupId}/messages`, {
    content,
    client_id: crypto.randomUUID(),
  });
  expect(sent.statusCode, sent.body).toBe(201);
}

async function thread(who: Person, groupId: string) {
  const page = await as(t.app, who).get(`/api/llm/conversations/${groupId}/messages`);
  expect(page.statusCode, page.body).toBe(200);
  return (page.json() as MessagesResponse).messages;
}

describe('@vowa in a group', () => {
  it('answers once, for everyone: thinking, the reply, then null', async () => {
    const { ada, ben, group } = await pair();
    await send(ben, group.id, '@vowa hello');
    await assistant.idle();

    for (const member of [ada, ben]) {
      const messages = await thread(member, group.id);
      const question = messages.findIndex((m) => m.content === '@vowa hello');
      const after = messages.slice(question + 1);
      expect(after).toHaveLength(1);
      expect(after[0]).toMatchObject({ type: 'ai', sender: { id: 'vowa' } });
      // The asker is greeted by name, and the tag is not part of the question.
      expect(after[0]!.content).toMatch(/^Hi Ben Okri!/);
      expect(after[0]!.attachments).not.toBeNull();
    }
    expect(heard).toEqual(['status:thinking', 'message:ai', 'status:null']);
    expect(turns[0]!.text).toBe('hello');
    expect(turns[0]!.group).toMatchObject({ name: 'Lisbon crew', memberCount: 2, picks: [] });
  });

  it("gives the turn the group's talk with first names, and keeps the group's memory", async () => {
    const { ada, ben, group } = await pair();
    await send(ada, group.id, 'Lisbon in June?');
    await send(ben, group.id, '@vowa thanks');
    await assistant.idle();
    const turn = turns[0]!;
    expect(turn.history.map((m) => m.content)).toContain('Ada: Lisbon in June?');
    expect(turn.history.some((m) => m.author === 'ai')).toBe(true);

    const [stored] = await createGroupAssistantRepository(t.app.db)
      .groupOf(group.id)
      .then((row) => [row?.assistantMemory as { intent?: string } | null]);
    expect(stored?.intent).toBe('thanks');
    await send(ada, group.id, '@vowa hello again');
    await assistant.idle();
    expect(turns[1]!.memory).toMatchObject({ intent: 'thanks' });
  });

  it('answers two quick mentions one after the other, in order', async () => {
    const { ada, ben, group } = await pair();
    let open = () => {};
    gate = new Promise<void>((resolve) => (open = resolve));
    await send(ada, group.id, '@vowa hello');
    await send(ben, group.id, '@vowa thanks');
    // The first answer is still being worked on: the second waits for it.
    expect(turns).toHaveLength(1);
    open();
    await assistant.idle();

    const messages = await thread(ada, group.id);
    const tail = messages.slice(-4).map((m) => `${m.type}:${m.content.slice(0, 12)}`);
    // Both questions were posted at once; the answers follow in the order they were asked.
    expect(tail[0]).toBe('user:@vowa hello');
    expect(tail[1]).toBe('user:@vowa thanks');
    expect(tail[2]).toMatch(/^ai:Hi Ada/);
    expect(tail[3]).toMatch(/^ai:You're welc/);
    expect(heard).toEqual([
      'status:thinking',
      'message:ai',
      'status:null',
      'status:thinking',
      'message:ai',
      'status:null',
    ]);
  });

  it("budgets with the group's overlap and never says it", async () => {
    const { ada, ben, group } = await pair();
    finances.set(ada.id, { connected: true, budget: { amount: 1234, currency: 'EUR' } });
    finances.set(ben.id, { connected: true, budget: { amount: 4321, currency: 'USD' } });
    await send(ben, group.id, '@vowa what is my budget?');
    await assistant.idle();

    const expected = convertMoney(bundledRateTable, 1234, 'EUR', 'USD')!.amount;
    expect(turns[0]!.caller).toMatchObject({
      budget: { maxTripBudget: expected, currency: 'USD' },
    });
    const reply = (await thread(ada, group.id)).at(-1)!;
    expect(reply.type).toBe('ai');
    expect(reply.content).toMatch(/everyone's finances stay private/);
    expect(reply.content).not.toMatch(/\d/);
  });

  it('says it could not answer, for everyone, when the assistant fails', async () => {
    const failing = groupAssistantWith(() => {
      throw new Error('model down');
    });
    t.app.groups.setAnswerMention(failing.answer);
    try {
      const { ada, ben, group } = await pair();
      await send(ada, group.id, '@vowa flights to Rome');
      await failing.idle();
      for (const member of [ada, ben]) {
        const reply = (await thread(member, group.id)).at(-1)!;
        expect(reply).toMatchObject({ type: 'ai', content: chatMessages.assistantFailed });
      }
      expect(heard).toEqual(['status:thinking', 'message:ai', 'status:null']);
    } finally {
      t.app.groups.setAnswerMention(assistant.answer);
    }
  });

  it('answers nobody who left before their question came up', async () => {
    const { ada, ben, group } = await pair();
    const [row] = (await createChatRepository(t.app.db).messagesOf(group.id, 1)) ?? [];
    await t.app.groups.leave(group.id, ben.id);
    await assistant.answer({ conversationId: group.id, askedBy: ben.id, message: row! });
    expect(turns).toHaveLength(0);
    expect((await thread(ada, group.id)).at(-1)!.type).not.toBe('ai');
  });
});
