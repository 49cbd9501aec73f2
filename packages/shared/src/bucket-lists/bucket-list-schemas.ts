import { z } from 'zod';
import { emailField } from '../auth/auth-rules';
import { displayCurrencies } from '../travel/travel-constants';
import { photoCreditSchema } from '../travel/travel-schemas';
import {
  BUCKET_ITEM_COST_MAX,
  BUCKET_ITEM_LONG_TEXT_MAX,
  BUCKET_ITEM_TEXT_MAX,
  BUCKET_LIST_DESCRIPTION_MAX,
  BUCKET_LIST_NAME_MAX,
  bucketCategories,
  bucketListColorKeys,
  bucketPriorities,
} from './bucket-list-constants';

const trimmed = (max: number) => z.string().trim().max(max, { message: 'textTooLong' });

const requiredText = (
  code: 'listNameRequired' | 'titleRequired' | 'locationRequired' | 'countryRequired',
  max: number,
) =>
  z.string({ message: code }).trim().min(1, { message: code }).max(max, { message: 'textTooLong' });

/** Only http(s) URLs (or nothing): an image must never be `javascript:` or a local file. */
const httpUrl = z.url({ protocol: /^https?$/, hostname: z.regexes.domain });
export const imageUrlField = z
  .string()
  .trim()
  .max(2048, { message: 'imageUrlInvalid' })
  .refine((value) => value === '' || httpUrl.safeParse(value).success, {
    message: 'imageUrlInvalid',
  });

/** The fields without defaults: updates change only what they send. */
const bucketListFields = z.object({
  name: requiredText('listNameRequired', BUCKET_LIST_NAME_MAX),
  description: trimmed(BUCKET_LIST_DESCRIPTION_MAX),
  color: z.enum(bucketListColorKeys, { message: 'colorInvalid' }),
  isPublic: z.boolean(),
});

export const bucketListInputSchema = bucketListFields.extend({
  description: bucketListFields.shape.description.default(''),
  color: bucketListFields.shape.color.default('ocean-blue'),
  isPublic: bucketListFields.shape.isPublic.default(false),
});
export const bucketListUpdateSchema = bucketListFields.partial();

const bucketItemFields = z.object({
  title: requiredText('titleRequired', BUCKET_ITEM_TEXT_MAX),
  description: trimmed(BUCKET_ITEM_LONG_TEXT_MAX),
  location: requiredText('locationRequired', BUCKET_ITEM_TEXT_MAX),
  country: requiredText('countryRequired', BUCKET_ITEM_TEXT_MAX),
  category: z.enum(bucketCategories, { message: 'categoryInvalid' }),
  priority: z.enum(bucketPriorities, { message: 'priorityInvalid' }),
  estimatedCost: z
    .number({ message: 'costInvalid' })
    .finite({ message: 'costInvalid' })
    .min(0, { message: 'costInvalid' })
    .max(BUCKET_ITEM_COST_MAX, { message: 'costInvalid' }),
  /** The currency the cost is typed in; the writer's Settings currency when not sent. */
  costCurrency: z.enum(displayCurrencies, { message: 'currencyInvalid' }),
  bestTimeToVisit: trimmed(BUCKET_ITEM_TEXT_MAX),
  notes: trimmed(BUCKET_ITEM_LONG_TEXT_MAX),
  image: imageUrlField,
});

/** Part 1 §3 form defaults: category adventure, priority medium, estimatedCost 0. */
export const bucketItemInputSchema = bucketItemFields.extend({
  description: bucketItemFields.shape.description.default(''),
  category: bucketItemFields.shape.category.default('adventure'),
  priority: bucketItemFields.shape.priority.default('medium'),
  estimatedCost: bucketItemFields.shape.estimatedCost.default(0),
  costCurrency: bucketItemFields.shape.costCurrency.optional(),
  bestTimeToVisit: bucketItemFields.shape.bestTimeToVisit.default(''),
  notes: bucketItemFields.shape.notes.default(''),
  image: bucketItemFields.shape.image.default(''),
});
export const bucketItemUpdateSchema = bucketItemFields.partial();

export const completionInputSchema = z.object({ isCompleted: z.boolean() });
export const shareInputSchema = z.object({ email: emailField });

export const bucketItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  location: z.string(),
  country: z.string(),
  category: z.enum(bucketCategories),
  priority: z.enum(bucketPriorities),
  /** In `costCurrency`, as entered; readers convert it into their own currency. */
  estimatedCost: z.number(),
  costCurrency: z.string(),
  bestTimeToVisit: z.string(),
  isCompleted: z.boolean(),
  completedDate: z.string().nullable(),
  notes: z.string(),
  /** An http(s) URL, or a path of artwork served by the app. Empty while none is known. */
  image: z.string(),
  /**
   * The photographer's credit of an Unsplash photo, shown with it ("Photo by … on Unsplash");
   * null for artwork and for an image URL the person gave. Absent from older servers.
   */
  imageCredit: photoCreditSchema.nullable().optional(),
  /** 'fetching' while the server looks for a better image than the category default. */
  imageStatus: z.enum(['ready', 'fetching']),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const bucketListSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  color: z.enum(bucketListColorKeys),
  isPublic: z.boolean(),
  ownerId: z.string(),
  ownerName: z.string(),
  ownerAvatar: z.string().nullable(),
  /** User ids; shown to the owner only (others see an empty list). */
  sharedWith: z.array(z.string()),
  items: z.array(bucketItemSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const bucketListsResponseSchema = z.object({ lists: z.array(bucketListSchema) });

export const publicBucketListSummarySchema = bucketListSchema
  .omit({ items: true, sharedWith: true })
  .extend({ itemCount: z.number().int(), completedCount: z.number().int() });
export const publicBucketListsResponseSchema = z.object({
  lists: z.array(publicBucketListSummarySchema),
});

/** Someone who accepted an invitation to a list (shown to the list's owner). */
export const shareSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
});

/**
 * The answer to sharing a list with an address: the same for every address, whether or not a
 * Vowa account uses it, so it says nothing about the person until they accept.
 */
export const invitationSentSchema = z.object({
  id: z.string(),
  email: z.string(),
  /** 'accepted' only when this address already accepted an invitation to this list. */
  status: z.enum(['pending', 'accepted']),
});

/** An invitation the owner sent that is not accepted (yet); a declined one looks the same. */
export const sentInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  expiresAt: z.string(),
});

export const sharesResponseSchema = z.object({
  shares: z.array(shareSchema),
  invitations: z.array(sentInvitationSchema),
});

/** An invitation waiting for the signed-in person to accept or decline. */
export const receivedInvitationSchema = z.object({
  id: z.string(),
  listId: z.string(),
  listName: z.string(),
  listColor: z.enum(bucketListColorKeys),
  ownerName: z.string(),
  ownerAvatar: z.string().nullable(),
  expiresAt: z.string(),
});
export const receivedInvitationsResponseSchema = z.object({
  invitations: z.array(receivedInvitationSchema),
});

/** The token of a mailed invitation link. */
export const invitationTokenInputSchema = z.object({ token: z.string().trim().min(1).max(200) });

export type BucketItem = z.infer<typeof bucketItemSchema>;
export type BucketList = z.infer<typeof bucketListSchema>;
export type BucketListInput = z.input<typeof bucketListInputSchema>;
export type BucketItemInput = z.input<typeof bucketItemInputSchema>;
export type PublicBucketListSummary = z.infer<typeof publicBucketListSummarySchema>;
export type Share = z.infer<typeof shareSchema>;
export type InvitationSent = z.infer<typeof invitationSentSchema>;
export type SentInvitation = z.infer<typeof sentInvitationSchema>;
export type ReceivedInvitation = z.infer<typeof receivedInvitationSchema>;
