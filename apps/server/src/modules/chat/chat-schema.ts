import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/auth-schema';

/**
 * A conversation: the person's assistant chat ('ai', one each), a trip chat opened from a
 * destination ('trip'), or a group (issue 15). Who may read it is who is in
 * `conversation_members`, for every kind alike.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['ai', 'trip', 'group'] }).notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    destination: text('destination'),
    /**
     * What the assistant understood so far in this conversation (places, dates, travellers), so
     * "make it 3 people" continues the last request. Opaque to everything but the assistant.
     */
    assistantMemory: jsonb('assistant_memory'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One assistant chat per person: created on first use, by whichever request comes first.
    uniqueIndex('conversations_one_ai_chat')
      .on(table.createdBy)
      .where(sql`${table.kind} = 'ai'`),
  ],
);

export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * In a group, 'owner' (the creator, or whoever inherited it when the owner left) may remove
     * members; every member may rename, invite and leave. Other kinds have only the owner.
     */
    role: text('role', { enum: ['owner', 'member'] })
      .notNull()
      .default('owner'),
    /** Messages after this one are unread for this member. */
    lastReadSeq: bigint('last_read_seq', { mode: 'number' }).notNull().default(0),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.conversationId, table.userId] }),
    index('conversation_members_user_idx').on(table.userId),
  ],
);

/**
 * A message. `seq` orders a conversation and pages it; an assistant reply's flights, hotels and
 * experiences are kept as shown (with their quote ids and times) in `attachments`.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    id: uuid('id').notNull().unique().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** 'user', 'ai', or 'system' (a group event: joined, left, renamed, booked; see `card`). */
    author: text('author', { enum: ['user', 'ai', 'system'] }).notNull(),
    /** The person who wrote it; null for the assistant. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    attachments: jsonb('attachments'),
    /**
     * The sender's own id for this message (a random UUID made by the browser before sending):
     * a retry of the same send finds the stored message instead of adding a second one.
     */
    clientId: text('client_id'),
    /**
     * A group card: a pick for the group plan ('selected' or 'modified'), a vote, a booking of the
     * plan, or a system event. Its shape is `groupCardSchema` in @vowa/shared.
     */
    card: jsonb('card'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('chat_messages_conversation_seq').on(table.conversationId, table.seq),
    uniqueIndex('chat_messages_client_id')
      .on(table.conversationId, table.userId, table.clientId)
      .where(sql`${table.clientId} is not null`),
  ],
);
