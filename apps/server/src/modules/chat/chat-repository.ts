import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { chatMessages, conversationMembers, conversations } from './chat-schema';

export type ConversationRow = typeof conversations.$inferSelect;
export type ConversationKindRow = ConversationRow['kind'];

/** A conversation as one member sees it in the list. */
export type ConversationSummary = ConversationRow & {
  lastMessage: string | null;
  unreadCount: number;
  memberCount: number;
  /** The reader's role in it ('owner' for the kinds with one member). */
  role: 'owner' | 'member';
};

export type MessageRow = typeof chatMessages.$inferSelect;

export type NewMessage = {
  author: 'user' | 'ai' | 'system';
  userId: string | null;
  content: string;
  attachments?: unknown;
  /** A group card (`groupCardSchema`), for system messages and plan picks. */
  card?: unknown;
};

export function createChatRepository(db: Database) {
  /** Adds the conversation and its first member together. */
  async function createConversation(
    values: Pick<ConversationRow, 'kind' | 'createdBy' | 'name' | 'destination'>,
  ): Promise<ConversationRow> {
    return db.transaction(async (tx) => {
      const [row] = await tx.insert(conversations).values(values).returning();
      await tx
        .insert(conversationMembers)
        .values({ conversationId: row!.id, userId: values.createdBy });
      return row!;
    });
  }

  return {
    createConversation,

    /** The person's assistant chat, created on first use (once, however many ask at once). */
    async assistantChatOf(userId: string, name: string): Promise<ConversationRow> {
      const found = async () =>
        (
          await db
            .select()
            .from(conversations)
            .where(and(eq(conversations.createdBy, userId), eq(conversations.kind, 'ai')))
        )[0];
      const existing = await found();
      if (existing) return existing;
      try {
        return await createConversation({ kind: 'ai', createdBy: userId, name, destination: null });
      } catch (error) {
        // A parallel request created it first (the partial unique index): use that one.
        const created = await found();
        if (created) return created;
        throw error;
      }
    },

    /** The person's own trip chat for a destination, if they have one already. */
    async tripChatOf(userId: string, destination: string): Promise<ConversationRow | undefined> {
      const [row] = await db
        .select()
        .from(conversations)
        .where(
          and(
            eq(conversations.createdBy, userId),
            eq(conversations.kind, 'trip'),
            eq(conversations.destination, destination),
          ),
        )
        .orderBy(desc(conversations.lastActivityAt))
        .limit(1);
      return row;
    },

    /** The conversation if `userId` is one of its members. */
    async conversationFor(conversationId: string, userId: string) {
      const [row] = await db
        .select({ conversation: conversations, lastReadSeq: conversationMembers.lastReadSeq })
        .from(conversationMembers)
        .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
        .where(
          and(
            eq(conversationMembers.conversationId, conversationId),
            eq(conversationMembers.userId, userId),
          ),
        );
      return row?.conversation ?? null;
    },

    /** Every conversation `userId` is in, the most recently active first. */
    async conversationsOf(userId: string, conversationId?: string): Promise<ConversationSummary[]> {
      type Row = {
        id: string;
        kind: ConversationKindRow;
        created_by: string;
        name: string;
        destination: string | null;
        assistant_memory: unknown;
        created_at: string | Date;
        last_activity_at: string | Date;
        last_message: string | null;
        unread_count: number | string;
        member_count: number | string;
        role: 'owner' | 'member';
      };
      const result = (await db.execute(sql`
        select c.*, m.role,
          (select x.content from chat_messages x
            where x.conversation_id = c.id order by x.seq desc limit 1) as last_message,
          (select count(*) from chat_messages x
            where x.conversation_id = c.id and x.seq > m.last_read_seq
              and x.user_id is distinct from ${userId}) as unread_count,
          (select count(*) from conversation_members o
            where o.conversation_id = c.id) as member_count
        from conversation_members m
        join conversations c on c.id = m.conversation_id
        where m.user_id = ${userId}
          ${conversationId ? sql`and c.id = ${conversationId}` : sql``}
        order by c.last_activity_at desc, c.created_at desc`)) as unknown as { rows: Row[] };
      return result.rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        createdBy: row.created_by,
        name: row.name,
        destination: row.destination,
        assistantMemory:
          typeof row.assistant_memory === 'string'
            ? JSON.parse(row.assistant_memory)
            : row.assistant_memory,
        createdAt: new Date(row.created_at),
        lastActivityAt: new Date(row.last_activity_at),
        lastMessage: row.last_message,
        unreadCount: Number(row.unread_count),
        memberCount: Number(row.member_count),
        role: row.role,
      }));
    },

    /** A page of messages, newest first: `limit` of them before `before` (or the newest). */
    async messagesOf(conversationId: string, limit: number, before?: number) {
      return db
        .select()
        .from(chatMessages)
        .where(
          and(
            eq(chatMessages.conversationId, conversationId),
            before ? lt(chatMessages.seq, before) : undefined,
          ),
        )
        .orderBy(desc(chatMessages.seq))
        .limit(limit);
    },

    /** Up to `limit` messages after `after`, oldest first: what a reconnecting client missed. */
    async messagesAfter(conversationId: string, after: number, limit: number) {
      return db
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.conversationId, conversationId), gt(chatMessages.seq, after)))
        .orderBy(asc(chatMessages.seq))
        .limit(limit);
    },

    /** The latest messages, oldest first: what the assistant reads as the conversation so far. */
    async recentMessages(conversationId: string, limit: number): Promise<MessageRow[]> {
      const rows = await this.messagesOf(conversationId, limit);
      return rows.reverse();
    },

    /** Stores messages in order and moves the conversation to the top of everyone's list. */
    async appendMessages(conversationId: string, messages: NewMessage[]): Promise<MessageRow[]> {
      return db.transaction(async (tx) => {
        const inserted = [];
        // One at a time, so their seq follow the order they were said in.
        for (const message of messages) {
          const [row] = await tx
            .insert(chatMessages)
            .values({
              conversationId,
              ...message,
              attachments: message.attachments ?? null,
              card: message.card ?? null,
            })
            .returning();
          inserted.push(row!);
        }
        await tx
          .update(conversations)
          .set({ lastActivityAt: sql`now()` })
          .where(eq(conversations.id, conversationId));
        return inserted;
      });
    },

    /** Everything up to `seq` has been read by `userId`; never moves backwards. */
    async markRead(conversationId: string, userId: string, seq: number) {
      await db
        .update(conversationMembers)
        .set({ lastReadSeq: sql`greatest(${conversationMembers.lastReadSeq}, ${seq})` })
        .where(
          and(
            eq(conversationMembers.conversationId, conversationId),
            eq(conversationMembers.userId, userId),
          ),
        );
    },

    async rename(conversationId: string, name: string) {
      await db.update(conversations).set({ name }).where(eq(conversations.id, conversationId));
    },

    async remove(conversationId: string) {
      await db.delete(conversations).where(eq(conversations.id, conversationId));
    },

    async saveMemory(conversationId: string, memory: unknown) {
      await db
        .update(conversations)
        .set({ assistantMemory: memory })
        .where(eq(conversations.id, conversationId));
    },
  };
}

export type ChatRepository = ReturnType<typeof createChatRepository>;
