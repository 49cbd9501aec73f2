import { and, desc, eq, getTableColumns, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { users } from '../auth/auth-schema';
import {
  bucketItems,
  bucketListShares,
  bucketLists,
  type BucketItemRow,
  type BucketListRow,
} from './bucket-list-schema';

export type ListWithOwner = BucketListRow & { ownerName: string; ownerAvatar: string | null };

/** A list with its items (oldest first) and who it is shared with (earliest first). */
export type ListWithContents = ListWithOwner & { items: BucketItemRow[]; sharedWith: string[] };

const listWithOwner = {
  id: bucketLists.id,
  ownerId: bucketLists.ownerId,
  name: bucketLists.name,
  description: bucketLists.description,
  color: bucketLists.color,
  isPublic: bucketLists.isPublic,
  createdAt: bucketLists.createdAt,
  updatedAt: bucketLists.updatedAt,
  ownerName: users.displayName,
  ownerAvatar: users.avatar,
};

const itemFields = Object.entries(getTableColumns(bucketItems));
const itemTimestamps = itemFields
  .filter(([, column]) => column.columnType === 'PgTimestamp')
  .map(([key]) => key);

/** JSON from the driver (parsed already by pg and PGlite; text if a driver ever is not). */
const parsedJson = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);

/** Item rows read back from JSON: timestamps arrive as text. */
function toItemRows(value: unknown): BucketItemRow[] {
  return (parsedJson(value) as Record<string, unknown>[]).map((row) => {
    for (const key of itemTimestamps) {
      if (row[key] !== null) row[key] = new Date(row[key] as string);
    }
    return row as BucketItemRow;
  });
}

/**
 * A list's items and shares as JSON arrays inside the list's own row, so all of a user's lists
 * are read in one query rather than three (the lists page is read on every visit).
 */
const itemsOfList = sql`coalesce((select json_agg(json_build_object(${sql.join(
  itemFields.map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`),
  sql`, `,
)}) order by ${bucketItems.createdAt}) from ${bucketItems} where ${bucketItems.listId} = ${bucketLists.id}), '[]'::json)`.mapWith(
  toItemRows,
);
const sharedWithOfList =
  sql`coalesce((select json_agg(${bucketListShares.userId} order by ${bucketListShares.createdAt}) from ${bucketListShares} where ${bucketListShares.listId} = ${bucketLists.id}), '[]'::json)`.mapWith(
    (value) => parsedJson(value) as string[],
  );

/** Every query of the bucket-lists module. */
export function createBucketListRepository(db: Database) {
  const userId = sql.placeholder('userId');
  const listsVisibleToQuery = db
    .select({ ...listWithOwner, items: itemsOfList, sharedWith: sharedWithOfList })
    .from(bucketLists)
    .innerJoin(users, eq(users.id, bucketLists.ownerId))
    .where(
      or(
        eq(bucketLists.ownerId, userId),
        inArray(
          bucketLists.id,
          db
            .select({ id: bucketListShares.listId })
            .from(bucketListShares)
            .where(eq(bucketListShares.userId, userId)),
        ),
      ),
    )
    .orderBy(desc(sql`${bucketLists.ownerId} = ${userId}`), desc(bucketLists.updatedAt))
    .prepare('bucket_lists_visible_to');

  return {
    async findList(listId: string): Promise<ListWithOwner | undefined> {
      const [row] = await db
        .select(listWithOwner)
        .from(bucketLists)
        .innerJoin(users, eq(users.id, bucketLists.ownerId))
        .where(eq(bucketLists.id, listId))
        .limit(1);
      return row;
    },

    async isSharedWith(listId: string, userId: string): Promise<boolean> {
      const [row] = await db
        .select({ listId: bucketListShares.listId })
        .from(bucketListShares)
        .where(and(eq(bucketListShares.listId, listId), eq(bucketListShares.userId, userId)))
        .limit(1);
      return row !== undefined;
    },

    /**
     * Lists the user owns, then lists shared with them; newest activity first; each with its
     * items and shares. Prepared once: it runs on every visit to the lists page.
     */
    async listsVisibleTo(userId: string): Promise<ListWithContents[]> {
      return listsVisibleToQuery.execute({ userId });
    },

    async publicListsExcept(userId: string, query: string | undefined, limit: number) {
      const text = query ? `%${query.replace(/[%_\\]/g, (char) => `\\${char}`)}%` : undefined;
      const completed = sql<number>`count(${bucketItems.id}) filter (where ${bucketItems.isCompleted})`;
      return db
        .select({
          ...listWithOwner,
          itemCount: sql<number>`count(${bucketItems.id})`.mapWith(Number),
          completedCount: completed.mapWith(Number),
        })
        .from(bucketLists)
        .innerJoin(users, eq(users.id, bucketLists.ownerId))
        .leftJoin(bucketItems, eq(bucketItems.listId, bucketLists.id))
        .where(
          and(
            eq(bucketLists.isPublic, true),
            ne(bucketLists.ownerId, userId),
            text
              ? or(
                  ilike(bucketLists.name, text),
                  ilike(bucketLists.description, text),
                  ilike(users.displayName, text),
                )
              : undefined,
          ),
        )
        .groupBy(bucketLists.id, users.id)
        .orderBy(desc(bucketLists.updatedAt))
        .limit(limit);
    },

    async itemsOf(listIds: string[]): Promise<BucketItemRow[]> {
      if (listIds.length === 0) return [];
      return db
        .select()
        .from(bucketItems)
        .where(inArray(bucketItems.listId, listIds))
        .orderBy(bucketItems.createdAt);
    },

    async sharedUserIds(listIds: string[]) {
      if (listIds.length === 0) return [];
      return db
        .select({ listId: bucketListShares.listId, userId: bucketListShares.userId })
        .from(bucketListShares)
        .where(inArray(bucketListShares.listId, listIds))
        .orderBy(bucketListShares.createdAt);
    },

    async insertList(values: typeof bucketLists.$inferInsert) {
      const [row] = await db.insert(bucketLists).values(values).returning({ id: bucketLists.id });
      if (!row) throw new Error('bucket list insert returned nothing');
      return row.id;
    },

    async updateList(listId: string, values: Partial<typeof bucketLists.$inferInsert>) {
      await db
        .update(bucketLists)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(bucketLists.id, listId));
    },

    async touchList(listId: string) {
      await db.update(bucketLists).set({ updatedAt: new Date() }).where(eq(bucketLists.id, listId));
    },

    async deleteList(listId: string) {
      await db.delete(bucketLists).where(eq(bucketLists.id, listId));
    },

    async findItem(listId: string, itemId: string): Promise<BucketItemRow | undefined> {
      const [row] = await db
        .select()
        .from(bucketItems)
        .where(and(eq(bucketItems.id, itemId), eq(bucketItems.listId, listId)))
        .limit(1);
      return row;
    },

    async insertItem(values: typeof bucketItems.$inferInsert): Promise<BucketItemRow> {
      const [row] = await db.insert(bucketItems).values(values).returning();
      if (!row) throw new Error('bucket item insert returned nothing');
      return row;
    },

    async updateItem(
      itemId: string,
      values: Partial<typeof bucketItems.$inferInsert>,
    ): Promise<BucketItemRow | undefined> {
      const [row] = await db
        .update(bucketItems)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(bucketItems.id, itemId))
        .returning();
      return row;
    },

    /** Sets a found image only if the item still waits for one (it may have been edited). */
    async completeImageFetch(itemId: string, image: string) {
      await db
        .update(bucketItems)
        .set({ image, imageStatus: 'ready' })
        .where(and(eq(bucketItems.id, itemId), eq(bucketItems.imageStatus, 'fetching')));
    },

    async itemsWaitingForImages(limit: number) {
      return db
        .select()
        .from(bucketItems)
        .where(eq(bucketItems.imageStatus, 'fetching'))
        .limit(limit);
    },

    async deleteItem(itemId: string) {
      await db.delete(bucketItems).where(eq(bucketItems.id, itemId));
    },

    async findUserByEmail(email: string) {
      const [row] = await db
        .select({ id: users.id, email: users.email, name: users.displayName })
        .from(users)
        .where(eq(users.email, email))
        .limit(1);
      return row;
    },

    async addShare(listId: string, userId: string) {
      await db.insert(bucketListShares).values({ listId, userId }).onConflictDoNothing();
    },

    async removeShare(listId: string, userId: string) {
      await db
        .delete(bucketListShares)
        .where(and(eq(bucketListShares.listId, listId), eq(bucketListShares.userId, userId)));
    },

    async sharesOf(listId: string) {
      return db
        .select({ userId: users.id, email: users.email, name: users.displayName })
        .from(bucketListShares)
        .innerJoin(users, eq(users.id, bucketListShares.userId))
        .where(eq(bucketListShares.listId, listId))
        .orderBy(bucketListShares.createdAt);
    },
  };
}

export type BucketListRepository = ReturnType<typeof createBucketListRepository>;
