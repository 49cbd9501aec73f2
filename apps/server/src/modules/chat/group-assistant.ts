import type { GroupAssistantEvent } from '@vowa/shared/realtime/live-events';
import { convertMoney, type Money, type RateTable } from '@vowa/shared/finance/money';
import type { GroupPlanSlot } from '@vowa/shared/groups/group-schemas';
import type { FastifyBaseLogger } from 'fastify';
import type {
  AssistantService,
  AssistantTurn,
  Caller,
  GroupContext,
} from '../assistant/assistant-service';
import type { AuthService } from '../auth/auth-service';
import type { FinanceService } from '../finance/finance-service';
import type { LiveUpdates } from '../realtime/realtime-module';
import type { SettingsService } from '../settings/settings-service';
import { localToday } from '../travel/travel-service';
import type { TravelPublicService } from '../travel/travel-module';
import type { ChatRepository, MessageRow, NewMessage } from './chat-repository';
import { chatMessages } from './chat-service';
import type { GroupAssistantRepository, PlanPickRow } from './group-assistant-repository';

/** How many earlier messages of the group the assistant reads with a question. */
const GROUP_HISTORY_LENGTH = 20;

type Member = Extract<Caller, { kind: 'member' }>;
type Status = GroupAssistantEvent['status'];

/** One member's maximum trip budget, as entered, and whether they connected their finances. */
export type MemberBudget = { connected: boolean; budget: Money };

/**
 * The group's budget overlap (issue 15 §3): the smallest maximum trip budget among the members
 * who connected their finances, each converted into `currency`. Null when nobody connected (no
 * limit). A budget in a currency the rate table lacks cannot be compared and is left out.
 */
export function groupBudgetOverlap(
  members: readonly MemberBudget[],
  currency: string,
  table: RateTable,
): number | null {
  let lowest: number | null = null;
  for (const member of members) {
    if (!member.connected) continue;
    const converted = convertMoney(table, member.budget.amount, member.budget.currency, currency);
    if (!converted) continue;
    lowest = lowest === null ? converted.amount : Math.min(lowest, converted.amount);
  }
  return lowest;
}

/** The text of a mention without the tag itself ("@vowa flights to Rome" → "flights to Rome"). */
export function withoutMention(text: string): string {
  const rest = text
    .replace(/@vowa(?![\p{L}\p{N}_])[,:]?/giu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return rest === '' ? text.trim() : rest;
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

/** What a pick is called in the assistant's context: the offer's own name, read defensively. */
function pickTitle(slot: GroupPlanSlot, offer: unknown): string {
  const o = (offer ?? {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  if (slot === 'flight' || slot === 'return_flight') {
    const leg = (value: unknown) => (value ?? {}) as Record<string, unknown>;
    const from = leg(o.departure);
    const to = leg(o.arrival);
    return [
      text(o.airline),
      text(o.flightNumber),
      `${text(from.airportCode)}-${text(to.airportCode)}`,
      text(from.date),
    ]
      .filter((part) => part !== '' && part !== '-')
      .join(' ');
  }
  const address = (o.address ?? {}) as Record<string, unknown>;
  return text(o.name) || text(address.city) || slot;
}

function pickPrice(offer: unknown): { amount: number; currency: string } | null {
  const o = (offer ?? {}) as Record<string, unknown>;
  return typeof o.price === 'number' && typeof o.currency === 'string'
    ? { amount: o.price, currency: o.currency }
    : null;
}

type Dependencies = {
  repository: GroupAssistantRepository;
  /** Where the group's memory is kept, as in personal chats. */
  chats: Pick<ChatRepository, 'saveMemory'>;
  assistant: Pick<AssistantService, 'reply'>;
  /** Stores a message in the group and delivers it to every member (the group service's). */
  post: (conversationId: string, message: NewMessage) => Promise<unknown>;
  live: Pick<LiveUpdates, 'toGroup'>;
  people: Pick<AuthService, 'findUserById'>;
  settings: Pick<SettingsService, 'settings'>;
  travel: Pick<TravelPublicService, 'preferences'>;
  finance: Pick<FinanceService, 'financials' | 'budgetSettings' | 'exchangeRates'>;
  log: FastifyBaseLogger;
  now: () => Date;
  /** How long one answer may take before it is given up. */
  replyTimeoutMs?: number;
};

export type MentionRequest = { conversationId: string; askedBy: string; message: MessageRow };

/**
 * @vowa in group chats (issue 15 §3): a message that mentions the assistant is answered by the
 * same assistant as the personal chat, in the background, with the group's context (recent
 * messages with their authors' first names, the group's memory, the current plan picks, the
 * member count as the default travellers) and the group's budget overlap. Every member sees
 * 'thinking' and the searches as `group_assistant` statuses, then the answer as a group message
 * (stored with its cards like a personal reply), then status null. Questions in one group are
 * answered one at a time, in the order they arrived at this instance.
 */
export function createGroupAssistant(deps: Dependencies) {
  const replyTimeoutMs = deps.replyTimeoutMs ?? 60_000;
  /** The last answer queued per group: the next one starts after it. */
  const queues = new Map<string, Promise<void>>();
  const closing = new AbortController();

  function status(conversationId: string, value: Status) {
    deps.live.toGroup(conversationId, 'group_assistant', { conversationId, status: value });
  }

  async function nameOf(userId: string) {
    const user = await deps.people.findUserById(userId);
    return user ? user.displayName || user.name : '';
  }

  /** The asking member, as the personal chat's caller, with the group's budget overlap. */
  async function callerFor(userId: string, memberIds: string[]): Promise<Member> {
    const [settings, preferences, name] = await Promise.all([
      deps.settings.settings(userId),
      deps.travel.preferences(userId),
      nameOf(userId),
    ]);
    const { language, currency, timezone } = settings.account;
    const budgets = await Promise.all(
      memberIds.map(async (id): Promise<MemberBudget> => {
        const [financials, budget] = await Promise.all([
          deps.finance.financials(id),
          deps.finance.budgetSettings(id),
        ]);
        return {
          connected: financials.connected,
          budget: budget.entered ?? { amount: budget.maxTripBudget, currency: budget.currency },
        };
      }),
    );
    const overlap = groupBudgetOverlap(budgets, currency, deps.finance.exchangeRates());
    return {
      kind: 'member',
      userId,
      name,
      language,
      currency,
      timeZone: timezone,
      today: localToday(timezone, deps.now()),
      homeAirport: preferences.homeAirport,
      budget: overlap === null ? null : { maxTripBudget: overlap, currency },
    };
  }

  /** The turn: the question, the talk before it with first names, the plan and the memory. */
  async function turnFor(request: MentionRequest): Promise<AssistantTurn | null> {
    const { conversationId, askedBy, message } = request;
    const [group, memberIds, earlier, picks] = await Promise.all([
      deps.repository.groupOf(conversationId),
      deps.repository.memberIds(conversationId),
      deps.repository.messagesBefore(conversationId, message.seq, GROUP_HISTORY_LENGTH),
      deps.repository.currentPicks(conversationId),
    ]);
    // Gone, or the person left before their question's turn came: nobody to answer.
    if (!group || !memberIds.includes(askedBy)) return null;
    const caller = await callerFor(askedBy, memberIds);
    const authors = new Set<string>();
    for (const row of [...earlier, ...picks.map((pick) => ({ userId: pick.pickedBy }))]) {
      if (row.userId) authors.add(row.userId);
    }
    const names = new Map(
      await Promise.all([...authors].map(async (id) => [id, firstName(await nameOf(id))] as const)),
    );
    const said = (userId: string | null) => (userId && names.get(userId)) || '?';
    const context: GroupContext = {
      name: group.name,
      memberCount: memberIds.length,
      picks: picks.map((pick: PlanPickRow) => ({
        slot: pick.slot,
        marker: pick.marker,
        title: pickTitle(pick.slot, pick.offer),
        pickedBy: pick.pickedBy ? (names.get(pick.pickedBy) ?? null) : null,
        price: pickPrice(pick.offer),
      })),
    };
    return {
      caller,
      text: withoutMention(message.content),
      history: earlier.map((row): AssistantTurn['history'][number] => {
        if (row.author === 'ai') return { author: 'ai', content: row.content };
        if (row.author === 'user') {
          return { author: 'user', content: `${said(row.userId)}: ${row.content}` };
        }
        // Group events (joined, renamed, picked) are read as what happened.
        return { author: 'user', content: `(${row.content})` };
      }),
      memory: group.assistantMemory ?? undefined,
      group: context,
    };
  }

  /** Answers one question; never throws (a failure is said in the group). */
  async function run(request: MentionRequest) {
    const { conversationId } = request;
    if (closing.signal.aborted) return;
    let shown: Status = 'thinking';
    status(conversationId, shown);
    try {
      const turn = await turnFor(request);
      if (!turn) return;
      const signal = AbortSignal.any([AbortSignal.timeout(replyTimeoutMs), closing.signal]);
      const replying = deps.assistant.reply(turn, signal);
      for (;;) {
        const next = await replying.next();
        if (next.done) {
          const reply = next.value;
          await deps.post(conversationId, {
            author: 'ai',
            userId: null,
            content: reply.text,
            attachments: reply.attachments,
          });
          if (reply.memory !== undefined) await deps.chats.saveMemory(conversationId, reply.memory);
          break;
        }
        if (next.value.type === 'status' && next.value.status !== shown) {
          shown = next.value.status;
          status(conversationId, shown);
        }
      }
    } catch (error) {
      deps.log.error({ err: error, conversationId }, 'the group assistant failed');
      // Part 2 §8, for everyone in the group.
      await deps
        .post(conversationId, { author: 'ai', userId: null, content: chatMessages.assistantFailed })
        .catch((failure: unknown) =>
          deps.log.error({ err: failure, conversationId }, 'the failure could not be posted'),
        );
    } finally {
      status(conversationId, null);
    }
  }

  /** Every answer queued so far has been given. */
  async function idle() {
    while (queues.size > 0) await Promise.all([...queues.values()]);
  }

  return {
    /**
     * Queues an answer to `message` (a member's @vowa question) after the group's earlier ones.
     * The promise settles once it is answered (or failed); callers need not wait for it.
     */
    answer(request: MentionRequest): Promise<void> {
      const { conversationId } = request;
      const before = queues.get(conversationId) ?? Promise.resolve();
      const mine = before
        .then(() => run(request))
        .catch((error: unknown) => deps.log.error({ err: error }, 'a group answer failed'));
      queues.set(conversationId, mine);
      void mine.finally(() => {
        if (queues.get(conversationId) === mine) queues.delete(conversationId);
      });
      return mine;
    },

    idle,

    /** Stops answering (shutdown): running answers are cut short, queued ones are dropped. */
    async close() {
      closing.abort();
      await idle();
    },
  };
}

export type GroupAssistant = ReturnType<typeof createGroupAssistant>;
