import {
  and,
  count,
  countDistinct,
  desc,
  eq,
  getTableColumns,
  gt,
  ilike,
  inArray,
  lt,
  ne,
  or,
  sql,
} from 'drizzle-orm';
import type { Database } from '../../db/database';
import type { DestinationImage } from '../artwork/artwork-service';
import type { AuthService } from '../auth/auth-service';
import {
  bucketItems,
  bucketListInvitations,
  bucketListShares,
  bucketLists,
  type BucketItemRow,
  type BucketListRow,
  type InvitationRow,
} from './bucket-list-schema';

export type ListWithOwner = BucketListRow & { ownerName: string; ownerAvatar: string | null };

/** A list with its items (oldest first) and who it is shared with (earliest first). */
export type ListWithContents = ListWithOwner & { items: BucketItemRow[]; sharedWith: string[] };

/** Who owns lists, and how to reach the people they are shared with: auth's public accounts. */
type Accounts = AuthService['accounts'];

const listWithOwner = (accounts: Accounts) => ({
  id: bucketLists.id,
  ownerId: bucketLists.ownerId,
  name: bucketLists.name,
  description: bucketLists.description,
  color: bucketLists.color,
  isPublic: bucketLists.isPublic,
  createdAt: bucketLists.createdAt,
  updatedAt: bucketLists.updatedAt,
  ownerName: accounts.name,
  ownerAvatar: accounts.avatar,
});

/**
 * Who a list is shared with, earliest first, as a text array (both drivers parse text[]). Spelled
 * with an alias of its own: inside a subquery drizzle writes bare column names, and a bare `id`
 * or `created_at` would be read from the wrong table.
 */
const sharedWithOfList = sql<
  string[]
>`array(select s.user_id::text from bucket_list_shares s where s.list_id = bucket_lists.id order by s.created_at)`;

type ListRow = ListWithOwner & { sharedWith: string[]; item: BucketItemRow | null };

/**
 * One row per item (or one row for an empty list), in order, folded into lists. Plain rows rather
 * than `json_agg(json_build_object(…))`: building JSON cost the database more than the rest of
 * the query, and the driver then parsed it and turned every timestamp back into a Date anyway.
 */
function foldIntoLists(rows: ListRow[]): ListWithContents[] {
  const lists: ListWithContents[] = [];
  let current: ListWithContents | undefined;
  for (const row of rows) {
    if (current?.id !== row.id) {
      const { item: _first, ...list } = row;
      current = { ...list, items: [] };
      lists.push(current);
    }
    if (row.item) current.items.push(row.item);
  }
  return lists;
}

/** Every query of the bucket-lists module. */
export function createBucketListRepository(db: Database, accounts: Accounts) {
  const userId = sql.placeholder('userId');
  /**
   * The ids of the lists the user owns or was given, each found through its own index. Written
   * as `owner_id = $1 or id in (shares)`, no index could serve the condition, and every read
   * scanned every list of every user.
   */
  const visibleListIds = db
    .select({ id: bucketLists.id })
    .from(bucketLists)
    .where(eq(bucketLists.ownerId, userId))
    .unionAll(
      db
        .select({ id: bucketListShares.listId })
        .from(bucketListShares)
        .where(eq(bucketListShares.userId, userId)),
    );
  /**
   * Those lists, each with its shares read once. OFFSET 0 keeps this a subquery of its own:
   * otherwise Postgres pulls it up into the join with the items and reads a list's shares again
   * for each of its items (a third of the query's time with 20 items).
   */
  const visibleLists = db
    .select({ ...getTableColumns(bucketLists), sharedWith: sharedWithOfList.as('shared_with') })
    .from(bucketLists)
    .where(sql`${bucketLists.id} = any(array(${visibleListIds}))`)
    // A placeholder: drizzle leaves out a literal OFFSET 0.
    .offset(sql.placeholder('noPullUp'))
    .as('visible_lists');
  const listsVisibleToQuery = db
    .select({
      id: visibleLists.id,
      ownerId: visibleLists.ownerId,
      name: visibleLists.name,
      description: visibleLists.description,
      color: visibleLists.color,
      isPublic: visibleLists.isPublic,
      createdAt: visibleLists.createdAt,
      updatedAt: visibleLists.updatedAt,
      ownerName: accounts.name,
      ownerAvatar: accounts.avatar,
      sharedWith: visibleLists.sharedWith,
      item: getTableColumns(bucketItems),
    })
    .from(visibleLists)
    .innerJoin(accounts, eq(accounts.id, visibleLists.ownerId))
    .leftJoin(bucketItems, eq(bucketItems.listId, visibleLists.id))
    .orderBy(
      desc(sql`${visibleLists.ownerId} = ${userId}`),
      desc(visibleLists.updatedAt),
      visibleLists.id,
      bucketItems.createdAt,
    )
    .prepare('bucket_lists_visible_to');

  return {
    async findList(listId: string): Promise<ListWithOwner | undefined> {
      const [row] = await db
        .select(listWithOwner(accounts))
        .from(bucketLists)
        .innerJoin(accounts, eq(accounts.id, bucketLists.ownerId))
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
     * items and shares, in one query. Prepared once: it runs on every visit to the lists page.
     */
    async listsVisibleTo(userId: string): Promise<ListWithContents[]> {
      return foldIntoLists(await listsVisibleToQuery.execute({ userId, noPullUp: 0 }));
    },

    async publicListsExcept(userId: string, query: string | undefined, limit: number) {
      const text = query ? `%${query.replace(/[%_\\]/g, (char) => `\\${char}`)}%` : undefined;
      const completed = sql<number>`count(${bucketItems.id}) filter (where ${bucketItems.isCompleted})`;
      return db
        .select({
          ...listWithOwner(accounts),
          itemCount: sql<number>`count(${bucketItems.id})`.mapWith(Number),
          completedCount: completed.mapWith(Number),
        })
        .from(bucketLists)
        .innerJoin(accounts, eq(accounts.id, bucketLists.ownerId))
        .leftJoin(bucketItems, eq(bucketItems.listId, bucketLists.id))
        .where(
          and(
            eq(bucketLists.isPublic, true),
            ne(bucketLists.ownerId, userId),
            text
              ? or(
                  ilike(bucketLists.name, text),
                  ilike(bucketLists.description, text),
                  ilike(accounts.name, text),
                )
              : undefined,
          ),
        )
        .groupBy(bucketLists.id, accounts.id, accounts.name, accounts.avatar)
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

    /**
     * Sets a found image (and its photographer's credit, null for artwork) only if the item
     * still waits for one (it may have been edited).
     */
    async completeImageFetch(itemId: string, image: DestinationImage) {
      await db
        .update(bucketItems)
        .set({ image: image.url, imageCredit: image.credit, imageStatus: 'ready' })
        .where(and(eq(bucketItems.id, itemId), eq(bucketItems.imageStatus, 'fetching')));
    },

    /** Items still waiting for an image whose last change is older than `changedBefore`. */
    async itemsWaitingForImages(limit: number, changedBefore: Date) {
      return db
        .select()
        .from(bucketItems)
        .where(
          and(eq(bucketItems.imageStatus, 'fetching'), lt(bucketItems.updatedAt, changedBefore)),
        )
        .limit(limit);
    },

    async deleteItem(itemId: string) {
      await db.delete(bucketItems).where(eq(bucketItems.id, itemId));
    },

    /** The signed-in person's own address and whether they proved it. */
    async findAccount(userId: string) {
      const [row] = await db
        .select({
          id: accounts.id,
          email: accounts.email,
          name: accounts.name,
          emailVerifiedAt: accounts.emailVerifiedAt,
        })
        .from(accounts)
        .where(eq(accounts.id, userId))
        .limit(1);
      return row;
    },

    /** Leaving a list (or being removed) also forgets the accepted invitation: they may be asked again. */
    async removeShare(listId: string, userId: string) {
      await db
        .delete(bucketListShares)
        .where(and(eq(bucketListShares.listId, listId), eq(bucketListShares.userId, userId)));
      await db
        .delete(bucketListInvitations)
        .where(
          and(
            eq(bucketListInvitations.listId, listId),
            eq(bucketListInvitations.inviteeId, userId),
            eq(bucketListInvitations.status, 'accepted'),
          ),
        );
    },

    async findInvitation(listId: string, email: string): Promise<InvitationRow | undefined> {
      const [row] = await db
        .select()
        .from(bucketListInvitations)
        .where(
          and(eq(bucketListInvitations.listId, listId), eq(bucketListInvitations.email, email)),
        )
        .limit(1);
      return row;
    },

    async findInvitationById(id: string): Promise<InvitationRow | undefined> {
      const [row] = await db
        .select()
        .from(bucketListInvitations)
        .where(eq(bucketListInvitations.id, id))
        .limit(1);
      return row;
    },

    async findInvitationByToken(tokenHash: string): Promise<InvitationRow | undefined> {
      const [row] = await db
        .select()
        .from(bucketListInvitations)
        .where(eq(bucketListInvitations.tokenHash, tokenHash))
        .limit(1);
      return row;
    },

    /** A new invitation, or a fresh start (new link, new expiry) for an earlier one. */
    async saveInvitation(values: {
      listId: string;
      email: string;
      tokenHash: string;
      createdAt: Date;
      expiresAt: Date;
    }) {
      const [row] = await db
        .insert(bucketListInvitations)
        .values({ ...values, status: 'pending' })
        .onConflictDoUpdate({
          target: [bucketListInvitations.listId, bucketListInvitations.email],
          set: {
            tokenHash: values.tokenHash,
            status: 'pending',
            inviteeId: null,
            createdAt: values.createdAt,
            expiresAt: values.expiresAt,
            respondedAt: null,
          },
        })
        .returning({ id: bucketListInvitations.id });
      if (!row) throw new Error('invitation upsert returned nothing');
      return row.id;
    },

    /** Invitations of a list that are not accepted and not expired (declined ones included). */
    async openInvitationsOf(listId: string, now: Date) {
      return db
        .select({
          id: bucketListInvitations.id,
          email: bucketListInvitations.email,
          expiresAt: bucketListInvitations.expiresAt,
        })
        .from(bucketListInvitations)
        .where(
          and(
            eq(bucketListInvitations.listId, listId),
            ne(bucketListInvitations.status, 'accepted'),
            gt(bucketListInvitations.expiresAt, now),
          ),
        )
        .orderBy(bucketListInvitations.createdAt);
    },

    /**
     * Pending invitations for a person: those they opened by the mailed link, and those sent to
     * their address once they have proved it is theirs.
     */
    async invitationsFor(userId: string, verifiedEmail: string | null, now: Date) {
      const addressedToUser = verifiedEmail
        ? or(
            eq(bucketListInvitations.inviteeId, userId),
            eq(bucketListInvitations.email, verifiedEmail),
          )
        : eq(bucketListInvitations.inviteeId, userId);
      return db
        .select({
          id: bucketListInvitations.id,
          listId: bucketLists.id,
          listName: bucketLists.name,
          listColor: bucketLists.color,
          ownerName: accounts.name,
          ownerAvatar: accounts.avatar,
          expiresAt: bucketListInvitations.expiresAt,
        })
        .from(bucketListInvitations)
        .innerJoin(bucketLists, eq(bucketLists.id, bucketListInvitations.listId))
        .innerJoin(accounts, eq(accounts.id, bucketLists.ownerId))
        .where(
          and(
            addressedToUser,
            eq(bucketListInvitations.status, 'pending'),
            gt(bucketListInvitations.expiresAt, now),
            ne(bucketLists.ownerId, userId),
          ),
        )
        .orderBy(desc(bucketListInvitations.createdAt));
    },

    /** Binds a pending invitation to the person who opened its link. */
    async claimInvitation(id: string, userId: string) {
      await db
        .update(bucketListInvitations)
        .set({ inviteeId: userId })
        .where(and(eq(bucketListInvitations.id, id), eq(bucketListInvitations.status, 'pending')));
    },

    /** Accepting shares the list; both happen or neither. False if it was no longer pending. */
    async acceptInvitation(invitation: InvitationRow, userId: string, now: Date) {
      return db.transaction(async (tx) => {
        const answered = await tx
          .update(bucketListInvitations)
          .set({ status: 'accepted', inviteeId: userId, respondedAt: now })
          .where(
            and(
              eq(bucketListInvitations.id, invitation.id),
              eq(bucketListInvitations.status, 'pending'),
            ),
          )
          .returning({ id: bucketListInvitations.id });
        if (answered.length === 0) return false;
        await tx
          .insert(bucketListShares)
          .values({ listId: invitation.listId, userId })
          .onConflictDoNothing();
        return true;
      });
    },

    async declineInvitation(id: string, userId: string, now: Date) {
      await db
        .update(bucketListInvitations)
        .set({ status: 'declined', inviteeId: userId, respondedAt: now })
        .where(and(eq(bucketListInvitations.id, id), eq(bucketListInvitations.status, 'pending')));
    },

    /** The owner withdraws an invitation that is not accepted. */
    async deleteInvitation(listId: string, id: string) {
      const deleted = await db
        .delete(bucketListInvitations)
        .where(
          and(
            eq(bucketListInvitations.id, id),
            eq(bucketListInvitations.listId, listId),
            ne(bucketListInvitations.status, 'accepted'),
          ),
        )
        .returning({ id: bucketListInvitations.id });
      return deleted.length > 0;
    },

    async sharesOf(listId: string) {
      return db
        .select({ userId: accounts.id, email: accounts.email, name: accounts.name })
        .from(bucketListShares)
        .innerJoin(accounts, eq(accounts.id, bucketListShares.userId))
        .where(eq(bucketListShares.listId, listId))
        .orderBy(bucketListShares.createdAt);
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
          // The same countries by name, so the profile can add booked trips' countries once.
          countryNames: sql<
            string[] | null
          >`array_agg(distinct lower(trim(${bucketItems.country}))) filter (where ${bucketItems.isCompleted})`,
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
        countryNames: items?.countryNames ?? [],
        favorite: favorite ? `${favorite.location}, ${favorite.country}` : null,
      };
    },

    /** Whether one of the two shared a bucket list with the other. */
    async sharedBetween(a: string, b: string): Promise<boolean> {
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
      return shared !== undefined;
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

export type BucketListRepository = ReturnType<typeof createBucketListRepository>;
