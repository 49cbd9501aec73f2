import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';

/** Whether two people are in a group chat together (issue 15: that makes them "friends"). */
export type GroupFellowship = {
  inGroupTogether: (a: string, b: string) => Promise<boolean>;
};

/**
 * The chat module's answer to "are these two in a group together?", built from the database
 * alone, for the profile module's Friends visibility (a port: the profile never reads the chat
 * tables itself).
 */
export function createGroupFellowship(db: Database): GroupFellowship {
  return {
    async inGroupTogether(a, b) {
      if (a === b) return false;
      const result = (await db.execute(sql`
        select 1 as found
        from conversation_members mine
        join conversation_members theirs on theirs.conversation_id = mine.conversation_id
        join conversations c on c.id = mine.conversation_id
        where mine.user_id = ${a} and theirs.user_id = ${b} and c.kind = 'group'
        limit 1`)) as unknown as { rows: unknown[] };
      return result.rows.length > 0;
    },
  };
}
