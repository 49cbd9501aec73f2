import type {
  BucketCategory,
  BucketListColor,
  BucketPriority,
} from '@vowa/shared/bucket-lists/bucket-list-constants';
import type {
  BucketItem,
  BucketList,
  PublicBucketListSummary,
  SentInvitation,
  Share,
} from '@vowa/shared/bucket-lists/bucket-list-schemas';
import { DEFAULT_DISPLAY_CURRENCY } from '@vowa/shared/travel/travel-constants';
import { AppError } from '../../lib/app-error';
import type { MailService } from '../mail/mailer';
import { createInvitations } from './bucket-list-invitations';
import {
  bucketListAccess,
  canChangeList,
  canReadList,
  type ListAccess,
} from './bucket-list-policy';
import type {
  BucketListRepository,
  ListWithContents,
  ListWithOwner,
} from './bucket-list-repository';
import type { BucketItemRow } from './bucket-list-schema';
import { categoryDefaultImage, type ImageFinder } from './destination-images';

/** How long an image search may take before another instance treats it as abandoned. */
export const IMAGE_SEARCH_LEASE_MS = 2 * 60_000;

export const bucketListMessages = {
  listNotFound: 'Bucket list not found.',
  itemNotFound: 'Bucket list item not found.',
  ownerOnly: 'Only the owner of this list can change it.',
} as const;

/** What sharing needs: invitations are mailed with a link into the app. */
export type SharingDependencies = {
  mail: MailService;
  appUrl: string;
  now?: () => Date;
  /** The writer's Settings currency: an estimated cost is entered in it unless another is named. */
  currencyOf?: (userId: string) => Promise<string>;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type ListInput = {
  name: string;
  description: string;
  color: BucketListColor;
  isPublic: boolean;
};

export type ItemInput = {
  title: string;
  description: string;
  location: string;
  country: string;
  category: BucketCategory;
  priority: BucketPriority;
  estimatedCost: number;
  /** The currency the cost is entered in; the writer's Settings currency when not named. */
  costCurrency?: string;
  bestTimeToVisit: string;
  notes: string;
  image: string;
};

function toItem(row: BucketItemRow): BucketItem {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    location: row.location,
    country: row.country,
    category: row.category as BucketCategory,
    priority: row.priority as BucketPriority,
    estimatedCost: row.estimatedCost,
    costCurrency: row.costCurrency,
    bestTimeToVisit: row.bestTimeToVisit,
    isCompleted: row.isCompleted,
    completedDate: row.completedAt?.toISOString() ?? null,
    notes: row.notes,
    image: row.image,
    imageCredit: row.imageCredit ?? null,
    imageStatus: row.imageStatus === 'fetching' ? 'fetching' : 'ready',
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toListHeader(row: ListWithOwner) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    color: row.color as BucketListColor,
    isPublic: row.isPublic,
    ownerId: row.ownerId,
    ownerName: row.ownerName,
    ownerAvatar: row.ownerAvatar,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toBucketList(row: ListWithContents, viewerId: string): BucketList {
  return {
    ...toListHeader(row),
    // Who else can see a list is the owner's business only.
    sharedWith: row.ownerId === viewerId ? row.sharedWith : [],
    items: row.items.map(toItem),
  };
}

/** Bucket lists, their items and sharing: the rules of part 1 §4–§6. */
export function createBucketListService(
  repository: BucketListRepository,
  images: ImageFinder,
  sharing: SharingDependencies,
) {
  const writerCurrency = async (userId: string) =>
    (await sharing.currencyOf?.(userId)) ?? DEFAULT_DISPLAY_CURRENCY;

  async function assemble(rows: ListWithOwner[], viewerId: string): Promise<BucketList[]> {
    const ids = rows.map((row) => row.id);
    const [items, shares] = await Promise.all([
      repository.itemsOf(ids),
      repository.sharedUserIds(ids),
    ]);
    return rows.map((row) =>
      toBucketList(
        {
          ...row,
          items: items.filter((item) => item.listId === row.id),
          sharedWith: shares
            .filter((share) => share.listId === row.id)
            .map((share) => share.userId),
        },
        viewerId,
      ),
    );
  }

  /** The list and what this user may do with it; a list they may not see is "not found". */
  async function listFor(listId: string, userId: string) {
    const list = UUID.test(listId) ? await repository.findList(listId) : undefined;
    const access: ListAccess = list
      ? bucketListAccess(list, userId, await repository.isSharedWith(list.id, userId))
      : 'none';
    if (!list || !canReadList(access)) {
      throw new AppError('bucket_list_not_found', bucketListMessages.listNotFound);
    }
    return { list, access };
  }

  async function ownedList(listId: string, userId: string) {
    const found = await listFor(listId, userId);
    if (!canChangeList(found.access))
      throw new AppError('bucket_list_owner_only', bucketListMessages.ownerOnly);
    return found.list;
  }

  async function ownedItem(listId: string, itemId: string, userId: string) {
    const list = await ownedList(listId, userId);
    const item = UUID.test(itemId) ? await repository.findItem(list.id, itemId) : undefined;
    if (!item) throw new AppError('bucket_list_item_not_found', bucketListMessages.itemNotFound);
    return { list, item };
  }

  /**
   * An item with no image but a location gets its category's default at once, and the image
   * finder looks for a better one in the background (part 1 §4).
   */
  function imageFields(input: Pick<ItemInput, 'image' | 'location' | 'category'>) {
    // A credit only ever comes with a photo the image finder chose.
    if (input.image) return { image: input.image, imageCredit: null, imageStatus: 'ready' };
    if (input.location)
      return {
        image: categoryDefaultImage(input.category),
        imageCredit: null,
        imageStatus: 'fetching',
      };
    return { image: categoryDefaultImage(input.category), imageCredit: null, imageStatus: 'ready' };
  }

  function findImageFor(row: BucketItemRow) {
    if (row.imageStatus !== 'fetching') return;
    images.enqueue(row.id, {
      title: row.title,
      location: row.location,
      country: row.country,
      category: row.category as BucketCategory,
    });
  }

  async function getList(listId: string, userId: string): Promise<BucketList> {
    const { list } = await listFor(listId, userId);
    const [assembled] = await assemble([list], userId);
    return assembled!;
  }

  const invitations = createInvitations({
    repository,
    mail: sharing.mail,
    appUrl: sharing.appUrl,
    now: sharing.now ?? (() => new Date()),
    ownedList,
    getList,
  });

  return {
    ...invitations,

    async listsOf(userId: string): Promise<BucketList[]> {
      const rows = await repository.listsVisibleTo(userId);
      return rows.map((row) => toBucketList(row, userId));
    },

    async publicLists(userId: string, query?: string): Promise<PublicBucketListSummary[]> {
      const rows = await repository.publicListsExcept(userId, query?.trim() || undefined, 50);
      return rows.map((row) => ({
        ...toListHeader(row),
        itemCount: row.itemCount,
        completedCount: row.completedCount,
      }));
    },

    getList,

    async createList(userId: string, input: ListInput): Promise<BucketList> {
      const id = await repository.insertList({ ownerId: userId, ...input });
      return this.getList(id, userId);
    },

    async updateList(listId: string, userId: string, input: Partial<ListInput>) {
      const list = await ownedList(listId, userId);
      await repository.updateList(list.id, input);
      return this.getList(list.id, userId);
    },

    async deleteList(listId: string, userId: string) {
      const list = await ownedList(listId, userId);
      await repository.deleteList(list.id);
    },

    async addItem(listId: string, userId: string, input: ItemInput): Promise<BucketItem> {
      const list = await ownedList(listId, userId);
      const row = await repository.insertItem({
        listId: list.id,
        ...input,
        costCurrency: input.costCurrency ?? (await writerCurrency(userId)),
        ...imageFields(input),
      });
      await repository.touchList(list.id);
      findImageFor(row);
      return toItem(row);
    },

    async updateItem(listId: string, itemId: string, userId: string, input: Partial<ItemInput>) {
      const { list, item } = await ownedItem(listId, itemId, userId);
      // A cost typed again is in the currency named, else the writer's; otherwise it keeps its own.
      const costCurrency =
        input.costCurrency ??
        (input.estimatedCost !== undefined ? await writerCurrency(userId) : undefined);
      const row = await repository.updateItem(item.id, {
        ...input,
        ...(costCurrency ? { costCurrency } : {}),
        ...imageOnEdit(item, input),
      });
      await repository.touchList(list.id);
      if (!row) throw new AppError('bucket_list_item_not_found', bucketListMessages.itemNotFound);
      findImageFor(row);
      return toItem(row);
    },

    async setCompleted(listId: string, itemId: string, userId: string, isCompleted: boolean) {
      const { list, item } = await ownedItem(listId, itemId, userId);
      const row = await repository.updateItem(item.id, {
        isCompleted,
        completedAt: isCompleted ? new Date() : null,
      });
      await repository.touchList(list.id);
      if (!row) throw new AppError('bucket_list_item_not_found', bucketListMessages.itemNotFound);
      return toItem(row);
    },

    async deleteItem(listId: string, itemId: string, userId: string) {
      const { list, item } = await ownedItem(listId, itemId, userId);
      await repository.deleteItem(item.id);
      await repository.touchList(list.id);
    },

    /** The people who accepted, and the invitations still open (owner only). */
    async sharesOf(listId: string, userId: string) {
      const list = await ownedList(listId, userId);
      const [shares, open]: [Share[], SentInvitation[]] = await Promise.all([
        repository.sharesOf(list.id),
        invitations.sentInvitations(list.id, userId),
      ]);
      return { shares, invitations: open };
    },

    /** The owner stops sharing with anyone; a reader may leave a list shared with them. */
    async unshare(listId: string, userId: string, sharedUserId: string) {
      const { list, access } = await listFor(listId, userId);
      if (!canChangeList(access) && sharedUserId !== userId) {
        throw new AppError('bucket_list_owner_only', bucketListMessages.ownerOnly);
      }
      if (UUID.test(sharedUserId)) await repository.removeShare(list.id, sharedUserId);
    },

    /** Picks up items that were still waiting for an image when the server last stopped. */
    // For the profile module: what a person's lists say about them, and what they share.
    figuresFor: repository.bucketListFigures,
    sharedBetween: repository.sharedBetween,
    listsForProfile: repository.listsForProfile,

    /**
     * Who sees a list (its owner and the people it is shared with), or the list an invitation
     * is to: the people a change to it concerns, for live updates.
     */
    async audienceOf(ref: { listId?: string; invitationId?: string }): Promise<string[]> {
      let listId = ref.listId;
      if (!listId && ref.invitationId && UUID.test(ref.invitationId)) {
        listId = (await repository.findInvitationById(ref.invitationId))?.listId;
      }
      const list = listId && UUID.test(listId) ? await repository.findList(listId) : undefined;
      if (!list) return [];
      const shares = await repository.sharedUserIds([list.id]);
      return [list.ownerId, ...shares.map((share) => share.userId)];
    },

    /**
     * Picks up the searches an instance left unfinished (a restart, a crash). An item changed
     * within IMAGE_SEARCH_LEASE_MS may still be in the hands of the instance that changed it,
     * which saves its own answer: it is left alone, or another instance sharing the database
     * would race it and could save a different image.
     */
    async resumeImageSearches() {
      const now = (sharing.now ?? (() => new Date()))();
      const changedBefore = new Date(now.getTime() - IMAGE_SEARCH_LEASE_MS);
      for (const row of await repository.itemsWaitingForImages(500, changedBefore)) {
        findImageFor(row);
      }
    },
  };
}

/** Images the app chose (category artwork) may be replaced; a person's own URL never is. */
function isGeneratedImage(image: string): boolean {
  return image === '' || image.startsWith('/artwork/') || image.startsWith('/api/artwork/');
}

/**
 * The image after an edit. A URL the person gives wins, without a credit. An empty image field
 * keeps an image the app chose (the form cannot show artwork paths as URLs), unless the place or
 * category changed, or the person cleared their own URL: then a new one is looked for. A photo
 * the image finder chose (it has a credit) counts as the app's: the form sends its URL back
 * unchanged, which keeps the photo and its credit unless the place or category changed.
 */
function imageOnEdit(item: BucketItemRow, input: Partial<ItemInput>) {
  const keptFoundPhoto = item.imageCredit != null && input.image === item.image;
  if (input.image && !keptFoundPhoto) {
    return { image: input.image, imageCredit: null, imageStatus: 'ready' };
  }
  const location = input.location ?? item.location;
  const category = input.category ?? item.category;
  const placeChanged = location !== item.location || category !== item.category;
  const chosenByApp = isGeneratedImage(item.image) || item.imageCredit != null;
  const clearedOwnImage = input.image === '' && !isGeneratedImage(item.image);
  if ((chosenByApp && placeChanged) || clearedOwnImage) {
    return {
      image: categoryDefaultImage(category as BucketCategory),
      imageCredit: null,
      imageStatus: location ? 'fetching' : 'ready',
    };
  }
  return { image: item.image };
}

export type BucketListService = ReturnType<typeof createBucketListService>;
