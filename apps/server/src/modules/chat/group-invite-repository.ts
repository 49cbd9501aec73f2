import { and, desc, eq, gt, isNull, lt, or, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { groupInvitations, groupInviteCodes } from './group-schema';
import { findGroupMembership } from './group-repository';

export type InviteCodeRow = typeof groupInviteCodes.$inferSelect;
export type GroupInvitationRow = typeof groupInvitations.$inferSelect;

/** Every query of group invitations: codes, mailed and texted links, and who is in a group. */
export function createGroupInviteRepository(db: Database) {
  return {
    /** The group when this person is one of its members; null otherwise (or when no group). */
    async groupOfMember(conversationId: string, userId: string) {
      const found = await findGroupMembership(db, conversationId, userId);
      return found && { id: found.conversation.id, name: found.conversation.name };
    },

    /** Stores a new code; null when its hash is taken (the caller draws another). */
    async saveCode(values: {
      conversationId: string;
      createdBy: string;
      codeHash: string;
      expiresAt: Date;
      createdAt: Date;
    }): Promise<InviteCodeRow | null> {
      const [row] = await db
        .insert(groupInviteCodes)
        .values(values)
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    },

    /** Drops a group's codes that can no longer be redeemed, so their hashes are free again. */
    async pruneCodes(conversationId: string, now: Date) {
      await db
        .delete(groupInviteCodes)
        .where(
          and(
            eq(groupInviteCodes.conversationId, conversationId),
            or(lt(groupInviteCodes.expiresAt, now), isNotNull(groupInviteCodes.revokedAt)),
          ),
        );
    },

    async findCode(codeHash: string): Promise<InviteCodeRow | undefined> {
      const [row] = await db
        .select()
        .from(groupInviteCodes)
        .where(eq(groupInviteCodes.codeHash, codeHash));
      return row;
    },

    /** Revokes a code of this group; false when the group has no such code. */
    async revokeCode(conversationId: string, codeId: string, now: Date): Promise<boolean> {
      const [found] = await db
        .select({ id: groupInviteCodes.id, revokedAt: groupInviteCodes.revokedAt })
        .from(groupInviteCodes)
        .where(
          and(eq(groupInviteCodes.id, codeId), eq(groupInviteCodes.conversationId, conversationId)),
        );
      if (!found) return false;
      if (!found.revokedAt) {
        await db
          .update(groupInviteCodes)
          .set({ revokedAt: now })
          .where(eq(groupInviteCodes.id, codeId));
      }
      return true;
    },

    /** Invitations to this address in this group since a time, the newest first. */
    async invitationsSince(conversationId: string, addressHash: string, since: Date) {
      return db
        .select()
        .from(groupInvitations)
        .where(
          and(
            eq(groupInvitations.conversationId, conversationId),
            eq(groupInvitations.addressHash, addressHash),
            gt(groupInvitations.createdAt, since),
            isNull(groupInvitations.revokedAt),
          ),
        )
        .orderBy(desc(groupInvitations.createdAt));
    },

    async saveInvitation(values: {
      conversationId: string;
      invitedBy: string;
      channel: 'email' | 'phone';
      addressHash: string;
      tokenHash: string;
      expiresAt: Date;
      createdAt: Date;
    }): Promise<GroupInvitationRow> {
      const [row] = await db.insert(groupInvitations).values(values).returning();
      return row!;
    },

    /** The link never reached anyone (the text message failed): it must not work either. */
    async revokeInvitation(id: string, now: Date) {
      await db.update(groupInvitations).set({ revokedAt: now }).where(eq(groupInvitations.id, id));
    },

    async findInvitationByToken(tokenHash: string): Promise<GroupInvitationRow | undefined> {
      const [row] = await db
        .select()
        .from(groupInvitations)
        .where(eq(groupInvitations.tokenHash, tokenHash));
      return row;
    },

    /** Marks the invitation accepted by this person; false when someone else accepted it first. */
    async markAccepted(id: string, userId: string, now: Date): Promise<boolean> {
      const updated = await db
        .update(groupInvitations)
        .set({ acceptedBy: userId, acceptedAt: now })
        .where(and(eq(groupInvitations.id, id), isNull(groupInvitations.acceptedBy)))
        .returning({ id: groupInvitations.id });
      return updated.length > 0;
    },
  };
}

export type GroupInviteRepository = ReturnType<typeof createGroupInviteRepository>;
