import type {
  ChatMessage,
  ChatResponse,
  ChatStreamEvent,
  Conversation,
} from '@vowa/shared/assistant/assistant-schemas';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { AssistantService, Caller, Reply } from '../assistant/assistant-service';
import type { AuthService } from '../auth/auth-service';
import type { LiveUpdates } from '../realtime/realtime-module';
import { createMessagePresenter, presentConversation } from './chat-presenter';
import type { ChatRepository, ConversationRow } from './chat-repository';

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
  /** Groups rename with a card for everyone, and "deleting" one is leaving it. */
  groups?: {
    rename: (conversationId: string, userId: string, name: string) => Promise<Conversation>;
    leave: (conversationId: string, userId: string) => Promise<void>;
  };
};

/** A page of messages: back from `before` (or the newest), or on from `after` (catch-up). */
export type MessagesPage = { before?: number; after?: number; limit: number };

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

  const presentMessages = createMessagePresenter(deps.people);

  /** Where a member's message goes: the named conversation, or their assistant chat. */
  async function conversationForMessage(caller: Member, id?: string | null) {
    if (id) {
      const found = await requireConversation(id, caller.userId);
      // A group's messages go through the group route, which delivers them to every member.
      if (found.kind === 'group') {
        throw new AppError('conversation_not_found', chatMessages.conversationNotFound);
      }
      return found;
    }
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

    /**
     * A page of a conversation, oldest first; reading the newest page marks it read. With
     * `after`, what came after that seq (a reconnecting client's catch-up); `hasMore` then says
     * more follow the last one returned.
     */
    async messages(conversationId: string, userId: string, page: MessagesPage) {
      await requireConversation(conversationId, userId);
      const rows =
        page.after === undefined
          ? await repository.messagesOf(conversationId, page.limit + 1, page.before)
          : await repository.messagesAfter(conversationId, page.after, page.limit + 1);
      const hasMore = rows.length > page.limit;
      const shown = rows.slice(0, page.limit);
      if (page.after === undefined) shown.reverse();
      const newest = shown.at(-1);
      if (!page.before && page.after === undefined && newest) {
        await repository.markRead(conversationId, userId, newest.seq);
      }
      return {
        conversation: await summaryOf(conversationId, userId),
        messages: await presentMessages(shown),
        hasMore,
      };
    },

    /** Everything up to `seq` was seen (a live message read in the open thread). */
    async markRead(conversationId: string, userId: string, seq: number) {
      await requireConversation(conversationId, userId);
      await repository.markRead(conversationId, userId, seq);
      deps.live.tell([userId], 'conversations');
    },

    async rename(conversationId: string, userId: string, name: string) {
      const conversation = await requireConversation(conversationId, userId);
      if (conversation.kind === 'group' && deps.groups) {
        return deps.groups.rename(conversationId, userId, name);
      }
      requireCreator(conversation, userId);
      await repository.rename(conversationId, name);
      deps.live.tell([userId], 'conversations');
      return summaryOf(conversationId, userId);
    },

    async remove(conversationId: string, userId: string) {
      const conversation = await requireConversation(conversationId, userId);
      // Groups are not deleted for everyone: removing one from your list is leaving it.
      if (conversation.kind === 'group' && deps.groups) {
        return deps.groups.leave(conversationId, userId);
      }
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
        yield { type: 'conversation', conversation_id: null, conversation: null, message_id: null };
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
      const history = (await repository.recentMessages(conversation.id, HISTORY_LENGTH)).flatMap(
        (row) => (row.author === 'system' ? [] : [{ author: row.author, content: row.content }]),
      );
      const [asked] = await repository.appendMessages(conversation.id, [
        { author: 'user', userId: caller.userId, content: message },
      ]);
      deps.live.tell([caller.userId], 'conversations');
      yield {
        type: 'conversation',
        conversation_id: conversation.id,
        conversation: trip,
        message_id: asked!.id,
      };

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
