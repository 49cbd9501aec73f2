import { z } from 'zod';
import {
  experienceSchema,
  flightSchema,
  hotelSchema,
  tripSuggestionSchema,
} from '../travel/travel-schemas';
import { groupCardSchema } from '../groups/group-card-schema';

/** The longest message a person may send the assistant (characters, after trimming). */
export const MAX_CHAT_MESSAGE_LENGTH = 2000;
/** The longest conversation name. */
export const MAX_CONVERSATION_NAME_LENGTH = 80;
/** Messages per page when reading a conversation. */
export const MESSAGES_PAGE_SIZE = 30;

export const conversationKinds = ['ai', 'trip', 'group'] as const;
export type ConversationKind = (typeof conversationKinds)[number];

const conversationId = z.string().uuid({ message: 'conversationInvalid' });

/**
 * Part 2 §7: the LLM chat call. `user_id` is accepted for the spec's clients and ignored: the
 * person is whoever the session says.
 */
export const chatRequestSchema = z.object({
  message: z
    .string({ message: 'messageRequired' })
    .trim()
    .min(1, { message: 'messageRequired' })
    .max(MAX_CHAT_MESSAGE_LENGTH, { message: 'messageTooLong' }),
  user_id: z.string().max(200).nullish(),
  conversation_id: conversationId.nullish(),
});
export type ChatRequest = z.input<typeof chatRequestSchema>;

export const conversationSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(conversationKinds),
  lastMessage: z.string().nullable(),
  /** ISO time of the last message (or creation). */
  lastActivity: z.string(),
  unreadCount: z.number().int(),
  /** The trip's destination, for trip chats. */
  destination: z.string().nullable(),
  memberCount: z.number().int(),
  /** The caller's role: in groups the creator (or their successor) is the owner; elsewhere 'owner'. */
  role: z.enum(['owner', 'member']).nullable(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const chatSenderSchema = z.object({
  id: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
});

/** What an assistant reply carries besides its text (part 2 §3 Message). */
export const replyAttachmentsSchema = z.object({
  flights: z.array(flightSchema),
  returnFlights: z.array(flightSchema),
  hotels: z.array(hotelSchema),
  experiences: z.array(experienceSchema),
  suggestions: z.array(tripSuggestionSchema),
  /** Said beside the reply: the model could not be reached and the offline assistant answered. */
  note: z.string().nullable(),
  /** Part 2 §1: a guest is asked to sign in, a person without finances to connect them. */
  callToAction: z.enum(['sign_in', 'connect_finances']).nullable(),
});
export type ReplyAttachments = z.infer<typeof replyAttachmentsSchema>;

export const chatMessageSchema = z.object({
  id: z.string(),
  /** Ordering and paging key: later messages have larger ones. */
  seq: z.number().int(),
  /** 'system' messages are group events (joined, renamed, a plan pick…) described by `card`. */
  type: z.enum(['user', 'ai', 'system']),
  content: z.string(),
  timestamp: z.string(),
  sender: chatSenderSchema,
  attachments: replyAttachmentsSchema.nullable(),
  /** The sender's own id for a group message (idempotent retries); null otherwise. */
  clientId: z.string().nullable(),
  card: groupCardSchema.nullable(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** Part 2 §7 response fields, plus the stored messages and the conversation they belong to. */
export const chatResponseSchema = z.object({
  conversation_id: z.string().nullable(),
  /** Set when this message opened a new trip chat (part 2 §4). */
  conversation: conversationSchema.nullable(),
  flight_search_loading: z.boolean(),
  flight_results: z.array(flightSchema),
  /** The return legs of a round trip, when one was asked for. */
  return_flight_results: z.array(flightSchema),
  hotel_results: z.array(hotelSchema),
  response: z.string(),
  suggestions: z.array(tripSuggestionSchema),
  bookingDetails: z.null(),
  experiences: z.array(experienceSchema),
  note: z.string().nullable(),
  call_to_action: replyAttachmentsSchema.shape.callToAction,
  /** The person's message and the reply as stored; null for guests (nothing is stored). */
  messages: z.array(chatMessageSchema).nullable(),
});
export type ChatResponse = z.infer<typeof chatResponseSchema>;

export const conversationsResponseSchema = z.object({
  conversations: z.array(conversationSchema),
});
export const conversationParamsSchema = z.object({ conversationId });
export const messagesQuerySchema = z.object({
  /** Messages before this seq (the oldest one already shown); the newest page without it. */
  before: z.coerce.number().int().positive().optional(),
  /** Messages after this seq, oldest first: what a reconnecting client missed (catch-up). */
  after: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(MESSAGES_PAGE_SIZE),
});
export const messagesResponseSchema = z.object({
  conversation: conversationSchema,
  messages: z.array(chatMessageSchema),
  /** Whether older messages remain before the first one returned. */
  hasMore: z.boolean(),
});
export type MessagesResponse = z.infer<typeof messagesResponseSchema>;
export const renameConversationSchema = z.object({
  name: z
    .string({ message: 'conversationNameRequired' })
    .trim()
    .min(1, { message: 'conversationNameRequired' })
    .max(MAX_CONVERSATION_NAME_LENGTH, { message: 'conversationNameTooLong' }),
});

/** What the assistant is doing: 'Vowa is thinking...', 'Fetching flights…' and the like. */
export const assistantActivities = [
  'thinking',
  'searching_flights',
  'searching_hotels',
  'searching_experiences',
  'planning_trips',
] as const;
export type AssistantActivity = (typeof assistantActivities)[number];

/**
 * The streaming form (server-sent events) of the chat call. Each SSE `event:` name is a key
 * here and its `data:` is the JSON of the rest; the client parses each with its schema.
 */
export const chatStreamEventSchemas = {
  conversation: z.object({
    conversation_id: z.string().nullable(),
    conversation: conversationSchema.nullable(),
    /** The person's message as stored (null for guests), so a client shows it once. */
    message_id: z.string().nullable(),
  }),
  status: z.object({ status: z.enum(assistantActivities) }),
  text: z.object({ text: z.string() }),
  done: z.object({ response: chatResponseSchema }),
  error: z.object({ detail: z.string(), code: z.string() }),
};
type StreamEventSchemas = typeof chatStreamEventSchemas;
export type ChatStreamEvent = {
  [Type in keyof StreamEventSchemas]: { type: Type } & z.infer<StreamEventSchemas[Type]>;
}[keyof StreamEventSchemas];
