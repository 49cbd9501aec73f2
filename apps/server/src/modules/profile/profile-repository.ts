import { and, eq, lt, notExists } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { users } from '../auth/auth-schema';
import { socialProfiles, userUploads } from './profile-schema';

export type ProfileChanges = Partial<{
  name: string;
  displayName: string;
  bio: string;
  location: string;
  website: string;
  phone: string;
  avatar: string | null;
  pendingEmail: string | null;
}>;

/** Every query of the profile module. */
export function createProfileRepository(db: Database) {
  return {
    async findUser(userId: string) {
      const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      return row;
    },

    async updateUser(userId: string, changes: ProfileChanges) {
      const [row] = await db
        .update(users)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning();
      return row;
    },

    /** Moves the pending address into place; false when another account has it meanwhile. */
    async confirmPendingEmail(userId: string): Promise<'changed' | 'taken' | 'none'> {
      const user = await this.findUser(userId);
      if (!user?.pendingEmail) return 'none';
      const [taken] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, user.pendingEmail))
        .limit(1);
      if (taken) return 'taken';
      await db
        .update(users)
        .set({
          email: user.pendingEmail,
          pendingEmail: null,
          // Following the link proved the new mailbox.
          emailVerifiedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(eq(users.id, userId));
      return 'changed';
    },

    async recordUpload(userId: string, path: string) {
      await db.insert(userUploads).values({ userId, path });
    },

    /** Uploads made before `before` that no profile shows, oldest first. */
    async unusedUploads(before: Date, limit: number) {
      return db
        .select({ id: userUploads.id, path: userUploads.path })
        .from(userUploads)
        .where(
          and(
            lt(userUploads.createdAt, before),
            notExists(
              db.select({ one: users.id }).from(users).where(eq(users.avatar, userUploads.path)),
            ),
          ),
        )
        .orderBy(userUploads.createdAt)
        .limit(limit);
    },

    /**
     * Forgets an upload if still no profile shows it (checked in the same statement, so a
     * profile saved meanwhile keeps it); true when forgotten, and its file may go.
     */
    async forgetUnusedUpload(id: string): Promise<boolean> {
      const rows = await db
        .delete(userUploads)
        .where(
          and(
            eq(userUploads.id, id),
            notExists(
              db.select({ one: users.id }).from(users).where(eq(users.avatar, userUploads.path)),
            ),
          ),
        )
        .returning({ id: userUploads.id });
      return rows.length > 0;
    },

    async ownsUpload(userId: string, path: string): Promise<boolean> {
      const [row] = await db
        .select({ id: userUploads.id })
        .from(userUploads)
        .where(and(eq(userUploads.userId, userId), eq(userUploads.path, path)))
        .limit(1);
      return row !== undefined;
    },

    async socialProfiles(userId: string) {
      return db
        .select()
        .from(socialProfiles)
        .where(eq(socialProfiles.userId, userId))
        .orderBy(socialProfiles.platform);
    },

    async saveSocialProfile(values: {
      userId: string;
      platform: string;
      username: string;
      url: string;
      followers: number;
    }) {
      const [row] = await db
        .insert(socialProfiles)
        .values({ ...values, verified: false, connected: true })
        .onConflictDoUpdate({
          target: [socialProfiles.userId, socialProfiles.platform],
          set: {
            username: values.username,
            url: values.url,
            followers: values.followers,
            verified: false,
            connected: true,
            updatedAt: new Date(),
          },
        })
        .returning();
      return row;
    },

    async deleteSocialProfile(userId: string, platform: string): Promise<boolean> {
      const rows = await db
        .delete(socialProfiles)
        .where(and(eq(socialProfiles.userId, userId), eq(socialProfiles.platform, platform)))
        .returning({ id: socialProfiles.id });
      return rows.length > 0;
    },
  };
}

export type ProfileRepository = ReturnType<typeof createProfileRepository>;
