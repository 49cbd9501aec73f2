import {
  and,
  count,
  countDistinct,
  desc,
  eq,
  gt,
  isNull,
  lt,
  max,
  notExists,
  or,
  sql,
} from 'drizzle-orm';
import type { Database } from '../../db/database';
import { sessions, users } from '../auth/auth-schema';
import { bucketItems, bucketListShares, bucketLists } from '../bucket-lists/bucket-list-schema';
import { userSettings } from '../settings/settings-schema';
import type { ProfileConnection } from './profile-policy';
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

    /** What the bucket lists say about a user's travels: dreams, places done, countries. */
    async bucketListFigures(userId: string) {
      const owned = and(eq(bucketLists.ownerId, userId));
      const [lists] = await db.select({ value: count() }).from(bucketLists).where(owned);
      const [items] = await db
        .select({
          total: count(),
          completed: sql<number>`count(*) filter (where ${bucketItems.isCompleted})`,
          countries: countDistinct(
            sql`case when ${bucketItems.isCompleted} then lower(trim(${bucketItems.country})) end`,
          ),
        })
        .from(bucketItems)
        .innerJoin(bucketLists, eq(bucketItems.listId, bucketLists.id))
        .where(owned);
      // The favourite: the place that comes up most in the user's own lists.
      const [favorite] = await db
        .select({ location: bucketItems.location, country: bucketItems.country, n: count() })
        .from(bucketItems)
        .innerJoin(bucketLists, eq(bucketItems.listId, bucketLists.id))
        .where(owned)
        .groupBy(bucketItems.location, bucketItems.country)
        .orderBy(desc(count()), desc(sql`max(${bucketItems.createdAt})`))
        .limit(1);
      return {
        lists: Number(lists?.value ?? 0),
        items: Number(items?.total ?? 0),
        completed: Number(items?.completed ?? 0),
        countries: Number(items?.countries ?? 0),
        favorite: favorite ? `${favorite.location}, ${favorite.country}` : null,
      };
    },

    // ---------- The public profile (GET /api/users/{uid}/profile) ----------

    /** The stored privacy choices (only what differs from the defaults), or undefined. */
    async storedPrivacy(userId: string): Promise<unknown> {
      const [row] = await db
        .select({ privacy: userSettings.privacy })
        .from(userSettings)
        .where(eq(userSettings.userId, userId))
        .limit(1);
      return row?.privacy;
    },

    /** What connects two people (see profile-policy.ts): a bucket list one shared with the other. */
    async connectionsBetween(a: string, b: string): Promise<ProfileConnection[]> {
      const [shared] = await db
        .select({ listId: bucketListShares.listId })
        .from(bucketListShares)
        .innerJoin(bucketLists, eq(bucketLists.id, bucketListShares.listId))
        .where(
          or(
            and(eq(bucketLists.ownerId, a), eq(bucketListShares.userId, b)),
            and(eq(bucketLists.ownerId, b), eq(bucketListShares.userId, a)),
          ),
        )
        .limit(1);
      return shared ? ['shared_bucket_list'] : [];
    },

    /** When any sign-in was last used, and when a live one (not signed out or expired) was. */
    async sessionActivity(userId: string, now: Date) {
      const [row] = await db
        .select({
          lastUsed: max(sessions.lastUsedAt),
          lastLive: sql<Date | string | null>`max(${sessions.lastUsedAt}) filter (where ${and(
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, now),
          )})`,
        })
        .from(sessions)
        .where(eq(sessions.userId, userId));
      const asDate = (value: Date | string | null | undefined) =>
        value === null || value === undefined ? null : new Date(value);
      return { lastUsed: asDate(row?.lastUsed), lastLive: asDate(row?.lastLive) };
    },

    /**
     * The owner's lists that are public or shared with the viewer, with their item counts,
     * newest activity first; the policy picks among them.
     */
    async listsForProfile(ownerId: string, viewerId: string) {
      const sharedWithViewer = sql<boolean>`exists (select 1 from ${bucketListShares} where ${and(
        eq(bucketListShares.listId, bucketLists.id),
        eq(bucketListShares.userId, viewerId),
      )})`;
      return db
        .select({
          id: bucketLists.id,
          name: bucketLists.name,
          description: bucketLists.description,
          color: bucketLists.color,
          isPublic: bucketLists.isPublic,
          sharedWithViewer: sharedWithViewer.mapWith(Boolean),
          itemCount: sql<number>`count(${bucketItems.id})`.mapWith(Number),
          completedCount:
            sql<number>`count(${bucketItems.id}) filter (where ${bucketItems.isCompleted})`.mapWith(
              Number,
            ),
        })
        .from(bucketLists)
        .leftJoin(bucketItems, eq(bucketItems.listId, bucketLists.id))
        .where(
          and(
            eq(bucketLists.ownerId, ownerId),
            or(eq(bucketLists.isPublic, true), sharedWithViewer),
          ),
        )
        .groupBy(bucketLists.id)
        .orderBy(desc(bucketLists.updatedAt));
    },
  };
}

export type ProfileRepository = ReturnType<typeof createProfileRepository>;
