import { and, asc, eq, max, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import type { ConversationRow, MessageRow } from './chat-repository';
import { chatMessages, conversationMembers, conversations } from './chat-schema';

export type MemberRow = typeof conversationMembers.$inferSelect;

/** What leaving did: who inherited the group, or whether it is gone with its last member. */
export type Departure = { left: boolean; newOwner: string | null; deleted: boolean };

/**
 * A person's membership of a group, with its conversation and their role; null when they are
 * not in it or it is no group. Every group query's check (invites, plan, assistant) starts here.
 */
export async function findGroupMembership(db: Database, conversationId: string, userId: string) {
  const [row] = await db
    .select({ conversation: conversations, role: conversationMembers.role })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .where(
      and(
        eq(conversationMembers.conversationId, conversationId),
        eq(conversationMembers.userId, userId),
        eq(conversations.kind, 'group'),
      ),
    );
  return row ?? null;
}

/** A group's member ids, the longest-standing first. */
export async function findGroupMemberIds(db: Database, conversationId: string) {
  const rows = await db
    .select({ userId: conversationMembers.userId })
    .from(conversationMembers)
    .where(eq(conversationMembers.conversationId, conversationId))
    .orderBy(asc(conversationMembers.joinedAt), asc(conversationMembers.userId));
  return rows.map((row) => row.userId);
}

/** Group membership and idempotent group messages, beside the chat repository's conversations. */
export function createGroupRepository(db: Database) {
  return {
    /** The group, its creator as the only member (owner), and the assistant's welcome. */
    async createGroup(userId: string, name: string, welcome: string): Promise<ConversationRow> {
      return db.transaction(async (tx) => {
        const [group] = await tx
          .insert(conversations)
          .values({ kind: 'group', createdBy: userId, name, destination: null })
          .returning();
        const [greeting] = await tx
          .insert(chatMessages)
          .values({ conversationId: group!.id, author: 'ai', userId: null, content: welcome })
          .returning({ seq: chatMessages.seq });
        // The creator is there when the welcome is said: it is not unread for them.
        await tx.insert(conversationMembers).values({
          conversationId: group!.id,
          userId,
          role: 'owner',
          lastReadSeq: greeting!.seq,
        });
        return group!;
      });
    },

    /** The person's membership of a group (null when they are not in it, or it is no group). */
    membership: (conversationId: string, userId: string) =>
      findGroupMembership(db, conversationId, userId),

    /** The members, the longest-standing first. */
    async members(conversationId: string): Promise<MemberRow[]> {
      return db
        .select()
        .from(conversationMembers)
        .where(eq(conversationMembers.conversationId, conversationId))
        .orderBy(asc(conversationMembers.joinedAt), asc(conversationMembers.userId));
    },

    /** The groups a person is in: the rooms their live connections join. */
    async groupsOf(userId: string): Promise<string[]> {
      const rows = await db
        .select({ id: conversations.id })
        .from(conversationMembers)
        .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
        .where(and(eq(conversationMembers.userId, userId), eq(conversations.kind, 'group')));
      return rows.map((row) => row.id);
    },

    /**
     * Adds a member; false when they were one already. What was said before they joined counts
     * as read, so a newcomer's unread badge is what arrives after.
     */
    async addMember(conversationId: string, userId: string): Promise<boolean> {
      const [newest] = await db
        .select({ seq: max(chatMessages.seq) })
        .from(chatMessages)
        .where(eq(chatMessages.conversationId, conversationId));
      const added = await db
        .insert(conversationMembers)
        .values({ conversationId, userId, role: 'member', lastReadSeq: newest?.seq ?? 0 })
        .onConflictDoNothing()
        .returning({ userId: conversationMembers.userId });
      return added.length > 0;
    },

    /**
     * Takes a member out. The owner's role passes to the longest-standing member left; the
     * last member's departure deletes the group. The group row is locked first, so two people
     * leaving at once cannot both miss the other (and leave an ownerless or empty group).
     */
    async removeMember(conversationId: string, userId: string): Promise<Departure> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select id from conversations where id = ${conversationId} for update`);
        const [gone] = await tx
          .delete(conversationMembers)
          .where(
            and(
              eq(conversationMembers.conversationId, conversationId),
              eq(conversationMembers.userId, userId),
            ),
          )
          .returning();
        if (!gone) return { left: false, newOwner: null, deleted: false };
        const [next] = await tx
          .select()
          .from(conversationMembers)
          .where(eq(conversationMembers.conversationId, conversationId))
          .orderBy(asc(conversationMembers.joinedAt), asc(conversationMembers.userId))
          .limit(1);
        if (!next) {
          await tx.delete(conversations).where(eq(conversations.id, conversationId));
          return { left: true, newOwner: null, deleted: true };
        }
        if (gone.role !== 'owner' || next.role === 'owner') {
          return { left: true, newOwner: null, deleted: false };
        }
        await tx
          .update(conversationMembers)
          .set({ role: 'owner' })
          .where(
            and(
              eq(conversationMembers.conversationId, conversationId),
              eq(conversationMembers.userId, next.userId),
            ),
          );
        return { left: true, newOwner: next.userId, deleted: false };
      });
    },

    /**
     * Stores a member's message once per client id: a retry, or the same send arriving twice at
     * once, finds the first one (the unique index decides, so neither request fails).
     */
    async sendOnce(
      conversationId: string,
      userId: string,
      content: string,
      clientId: string,
    ): Promise<{ message: MessageRow; created: boolean }> {
      const [inserted] = await db
        .insert(chatMessages)
        .values({ conversationId, author: 'user', userId, content, clientId })
        .onConflictDoNothing({
          target: [chatMessages.conversationId, chatMessages.userId, chatMessages.clientId],
          where: sql`${chatMessages.clientId} is not null`,
        })
        .returning();
      if (inserted) {
        await db
          .update(conversations)
          .set({ lastActivityAt: sql`now()` })
          .where(eq(conversations.id, conversationId));
        return { message: inserted, created: true };
      }
      const [existing] = await db
        .select()
        .from(chatMessages)
        .where(
          and(
            eq(chatMessages.conversationId, conversationId),
            eq(chatMessages.userId, userId),
            eq(chatMessages.clientId, clientId),
          ),
        );
      return { message: existing!, created: false };
    },
  };
}

export type GroupRepository = ReturnType<typeof createGroupRepository>;
