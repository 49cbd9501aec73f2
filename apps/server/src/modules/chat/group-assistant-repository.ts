import { and, asc, desc, eq, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { chatMessages, conversations } from './chat-schema';
import { groupPlanPicks } from './group-schema';
import { findGroupMemberIds } from './group-repository';

export type PlanPickRow = typeof groupPlanPicks.$inferSelect;

/** What the group assistant reads of a group (read only: it posts through the group service). */
export function createGroupAssistantRepository(db: Database) {
  return {
    /** The group (null when it is gone, or the conversation is no group). */
    async groupOf(conversationId: string) {
      const [row] = await db
        .select()
        .from(conversations)
        .where(and(eq(conversations.id, conversationId), eq(conversations.kind, 'group')));
      return row ?? null;
    },

    /** The members' ids, the longest-standing first. */
    memberIds: (conversationId: string) => findGroupMemberIds(db, conversationId),

    /** Up to `limit` messages said before `beforeSeq`, oldest first. */
    async messagesBefore(conversationId: string, beforeSeq: number, limit: number) {
      const rows = await db
        .select()
        .from(chatMessages)
        .where(
          and(eq(chatMessages.conversationId, conversationId), lt(chatMessages.seq, beforeSeq)),
        )
        .orderBy(desc(chatMessages.seq))
        .limit(limit);
      return rows.reverse();
    },

    /** The group plan as it stands: the picks not replaced or removed, oldest first. */
    async currentPicks(conversationId: string): Promise<PlanPickRow[]> {
      return db
        .select()
        .from(groupPlanPicks)
        .where(
          and(eq(groupPlanPicks.conversationId, conversationId), isNull(groupPlanPicks.replacedAt)),
        )
        .orderBy(asc(groupPlanPicks.createdAt));
    },
  };
}

export type GroupAssistantRepository = ReturnType<typeof createGroupAssistantRepository>;
