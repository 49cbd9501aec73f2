import { and, eq, lt, not } from 'drizzle-orm';
import type { Database } from '../../db/database';
import type { AuthService } from '../auth/auth-service';
import { socialProfiles, userUploads } from './profile-schema';

/**
 * Every query of the profile module. The profile columns live on the account (`users`, the auth
 * module's): they are read and changed through the auth service, and whether an upload is some
 * account's avatar is the auth service's condition, checked inside this module's statements.
 */
export function createProfileRepository(db: Database, accounts: Pick<AuthService, 'avatarInUse'>) {
  const unused = () => not(accounts.avatarInUse(userUploads.path));

  return {
    async recordUpload(userId: string, path: string) {
      await db.insert(userUploads).values({ userId, path });
    },

    /** Uploads made before `before` that no profile shows, oldest first. */
    async unusedUploads(before: Date, limit: number) {
      return db
        .select({ id: userUploads.id, path: userUploads.path })
        .from(userUploads)
        .where(and(lt(userUploads.createdAt, before), unused()))
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
        .where(and(eq(userUploads.id, id), unused()))
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
