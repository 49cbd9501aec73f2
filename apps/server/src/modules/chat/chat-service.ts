import type {
  ChatMessage,
  ChatResponse,
  ChatStreamEvent,
  Conversation,
  ReplyAttachments,
} from '@vowa/shared/assistant/assistant-schemas';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { AssistantService, Caller, Reply } from '../assistant/assistant-service';
import type { AuthService } from '../auth/auth-service';
import type { LiveUpdates } from '../realtime/realtime-module';
import type {
  ChatRepository,
  ConversationRow,
  ConversationSummary,
  MessageRow,
} from './chat-repository';

export const chatMessages = {
  conversationNotFound: 'That conversation was not found.',
  /** Part 2 §8. */
  assistantFailed: 'Sorry, there was an error contacting the AI. Please try again later.',
} as const;

/** How many earlier messages the assistant reads with each new one. */
const HISTORY_LENGTH = 12;

type Member = Extract<Caller, { kind: 'member' }>;

type Dependencies = {
  repository: ChatRepository;
  assistant: AssistantService;
  /** Whose names and pictures messages are shown with. */
  people: Pick<AuthService, 'findUserById'>;
  live: LiveUpdates;
  log: FastifyBaseLogger;
  /** How long one reply may take before it is given up. */
  replyTimeoutMs?: number;
};

function presentConversation(row: ConversationSummary): Conversation {
  return {
    id: row.id,
    name: row.name,
    type: row.kind,
    lastMessage: row.lastMessage,
    lastActivity: row.lastActivityAt.toISOString(),
    unreadCount: row.unreadCount,
    destination: row.destination,
    memberCount: row.memberCount,
  };
}

const ASSISTANT_SENDER = { id: 'vowa', name: 'Vowa', avatar: null };

type Author = { name: string; avatar: string | null };

function presentMessage(row: MessageRow, authors: Map<string, Author>): ChatMessage {
  const author = row.userId ? authors.get(row.userId) : undefined;
  return {
    id: row.id,
    seq: row.seq,
    type: row.author,
    content: row.content,
    timestamp: row.createdAt.toISOString(),
    sender:
      row.author === 'ai'
        ? ASSISTANT_SENDER
        : { id: row.userId ?? 'deleted', name: author?.name ?? '', avatar: author?.avatar ?? null },
    attachments: (row.attachments as ReplyAttachments | null) ?? null,
  };
}

/**
 * Conversations and the assistant's part in them (part 2 §2, §4, §7). A message is stored before
 * the assistant answers, so it is never lost; the reply is stored with what it found. Guests get
 * answers and nothing is stored. Every conversation is read through its members, whatever kind.
 */
export function createChatService(deps: Dependencies) {
  const { repository, assistant } = deps;
  const replyTimeoutMs = deps.replyTimeoutMs ?? 60_000;

  async function requireConversation(conversationId: string, userId: string) {
    const found = await repository.conversationFor(conversationId, userId);
    if (!found) throw new AppError('conversation_not_found', chatMessages.conversationNotFound);
    return found;
  }

  async function summaryOf(conversationId: string, userId: string) {
    const [row] = await repository.conversationsOf(userId, conversationId);
    if (!row) throw new AppError('conversation_not_found', chatMessages.conversationNotFound);
    return presentConversation(row);
  }

  /** The names and pictures of the people who wrote `rows`. */
  async function authorsOf(rows: MessageRow[]) {
    const ids = [...new Set(rows.flatMap((row) => (row.userId ? [row.userId] : [])))];
    const found = await Promise.all(ids.map((id) => deps.people.findUserById(id)));
    const authors = new Map<string, Author>();
    for (const user of found) {
      if (user) authors.set(user.id, { name: user.displayName || user.name, avatar: user.avatar });
    }
    return authors;
  }

  async function presentMessages(rows: MessageRow[]) {
    const authors = await authorsOf(rows);
    return rows.map((row) => presentMessage(row, authors));
  }

  /** Where a member's message goes: the named conversation, or their assistant chat. */
  async function conversationForMessage(caller: Member, id?: string | null) {
    if (id) return requireConversation(id, caller.userId);
    return repository.assistantChatOf(caller.userId, assistant.chatName(caller.language));
  }

  /**
   * Part 2 §4: a message to the assistant that names a destination opens that trip's chat. The
   * person's chat for that destination is reopened rather than doubled.
   */
  async function openTripChat(caller: Member, destination: string) {
    const existing = await repository.tripChatOf(caller.userId, destination);
    if (existing) return existing;
    const { name, greeting } = assistant.tripChat(destination, caller.language);
    const trip = await repository.createConversation({
      kind: 'trip',
      createdBy: caller.userId,
      name,
      destination,
    });
    await repository.appendMessages(trip.id, [{ author: 'ai', userId: null, content: greeting }]);
    return trip;
  }

  /**
   * The trip chat a message should move to: one naming a destination, sent to the assistant chat
   * or to another trip's chat. Groups keep their messages.
   */
  function tripDestinationFor(conversation: ConversationRow, message: string) {
    if (conversation.kind === 'group') return undefined;
    const destination = assistant.tripDestinationOf(message);
    return destination === conversation.destination ? undefined : destination;
  }

  /**
   * Streams the assistant's progress as chat events and returns its reply, or undefined after
   * an `error` event when it failed (part 2 §8).
   */
  async function* replyTo(
    turn: Parameters<AssistantService['reply']>[0],
  ): AsyncGenerator<ChatStreamEvent, Reply | undefined> {
    try {
      const replying = assistant.reply(turn, AbortSignal.timeout(replyTimeoutMs));
      for (;;) {
        const next = await replying.next();
        if (next.done) return next.value;
        yield next.value;
      }
    } catch (error) {
      deps.log.error({ err: error }, 'the assistant failed');
      yield { type: 'error', detail: chatMessages.assistantFailed, code: 'assistant_unavailable' };
      return undefined;
    }
  }

  function responseOf(
    conversation: Conversation | null,
    trip: Conversation | null,
    reply: Reply,
    messages: ChatMessage[] | null,
  ): ChatResponse {
    const a = reply.attachments;
    return {
      conversation_id: conversation?.id ?? null,
      conversation: trip,
      flight_search_loading: false,
      flight_results: a.flights,
      return_flight_results: a.returnFlights,
      hotel_results: a.hotels,
      response: reply.text,
      suggestions: a.suggestions,
      bookingDetails: null,
      experiences: a.experiences,
      note: a.note,
      call_to_action: a.callToAction,
      messages,
    };
  }

  return {
    async conversations(userId: string) {
      return (await repository.conversationsOf(userId)).map(presentConversation);
    },

    /** A page of a conversation, oldest first; reading the newest page marks it read. */
    async messages(
      conversationId: string,
      userId: string,
      page: { before?: number; limit: number },
    ) {
      await requireConversation(conversationId, userId);
      const rows = await repository.messagesOf(conversationId, page.limit + 1, page.before);
      const hasMore = rows.length > page.limit;
      const shown = rows.slice(0, page.limit).reverse();
      const newest = shown.at(-1);
      if (!page.before && newest) await repository.markRead(conversationId, userId, newest.seq);
      return {
        conversation: await summaryOf(conversationId, userId),
        messages: await presentMessages(shown),
        hasMore,
      };
    },

    async rename(conversationId: string, userId: string, name: string) {
      const conversation = await requireConversation(conversationId, userId);
      requireCreator(conversation, userId);
      await repository.rename(conversationId, name);
      deps.live.tell([userId], 'conversations');
      return summaryOf(conversationId, userId);
    },

    async remove(conversationId: string, userId: string) {
      const conversation = await requireConversation(conversationId, userId);
      requireCreator(conversation, userId);
      await repository.remove(conversationId);
      deps.live.tell([userId], 'conversations');
    },

    /**
     * One message to the assistant and its reply, as the events the streaming call sends; the
     * last is `done` with the whole response, or `error`.
     */
    async *converse(
      caller: Caller,
      message: string,
      conversationId?: string | null,
    ): AsyncGenerator<ChatStreamEvent> {
      if (caller.kind === 'guest') {
        yield { type: 'conversation', conversation_id: null, conversation: null };
        const reply = yield* replyTo({ caller, text: message, history: [], memory: undefined });
        if (reply) yield { type: 'done', response: responseOf(null, null, reply, null) };
        return;
      }

      let conversation: ConversationRow = await conversationForMessage(caller, conversationId);
      let trip: Conversation | null = null;
      const destination = tripDestinationFor(conversation, message);
      if (destination) {
        conversation = await openTripChat(caller, destination);
        trip = await summaryOf(conversation.id, caller.userId);
      }
      const history = (await repository.recentMessages(conversation.id, HISTORY_LENGTH)).map(
        (row) => ({ author: row.author, content: row.content }),
      );
      const [asked] = await repository.appendMessages(conversation.id, [
        { author: 'user', userId: caller.userId, content: message },
      ]);
      deps.live.tell([caller.userId], 'conversations');
      yield { type: 'conversation', conversation_id: conversation.id, conversation: trip };

      const reply = yield* replyTo({
        caller,
        text: message,
        history,
        memory: conversation.assistantMemory,
      });
      if (!reply) return;
      const [answered] = await repository.appendMessages(conversation.id, [
        { author: 'ai', userId: null, content: reply.text, attachments: reply.attachments },
      ]);
      if (reply.memory !== undefined) await repository.saveMemory(conversation.id, reply.memory);
      await repository.markRead(conversation.id, caller.userId, answered!.seq);
      deps.live.tell([caller.userId], 'conversations');
      const summary = await summaryOf(conversation.id, caller.userId);
      const messages = await presentMessages([asked!, answered!]);
      yield {
        type: 'done',
        response: responseOf(summary, trip ? summary : null, reply, messages),
      };
    },
  };
}

/** Renaming and deleting are the creator's (a group's other members may only leave it). */
function requireCreator(conversation: ConversationRow, userId: string) {
  if (conversation.createdBy !== userId) {
    throw new AppError('conversation_not_found', chatMessages.conversationNotFound);
  }
}

export type ChatService = ReturnType<typeof createChatService>;
