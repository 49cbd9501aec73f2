import { z } from 'zod';

/**
 * The in-app notification centre under /api/notifications (issue 16 §3). A notification is a
 * kind and its facts; the web words it in the reader's language (nothing is stored as a
 * sentence). Amounts are what the provider quoted or the booking charged, with the currency.
 */

const money = z.object({ amount: z.number(), currency: z.string() });
const place = { destination: z.string(), country: z.string(), countryCode: z.string() };

export const notificationDataSchemas = {
  /** A booking was confirmed (made by the person, or by auto-booking when `automatic`). */
  booking_confirmed: z.object({
    bookingId: z.string(),
    reference: z.string(),
    ...place,
    total: money,
    automatic: z.boolean(),
  }),
  booking_cancelled: z.object({
    bookingId: z.string(),
    reference: z.string(),
    ...place,
    refund: money,
  }),
  /** A watched price reached the target (or fell by a clear step since the last alert). */
  price_drop: z.object({ watchId: z.string(), ...place, price: money, target: money }),
  /** A bucket-list destination's trip now fits the budget. */
  trip_fits_budget: z.object({ watchId: z.string(), ...place, price: money, budget: money }),
  /** Auto-booking could not book a watch that reached its target; the reason is a code. */
  auto_booking_failed: z.object({
    watchId: z.string(),
    ...place,
    reason: z.enum([
      'card_declined',
      'needs_card',
      'needs_verified_email',
      'auto_booking_off',
      'over_budget',
      'price_changed',
      'sold_out',
      'failed',
    ]),
  }),
  /** New Hot Deals within the budget (the deal-alert mail's in-app twin). */
  deals: z.object({
    count: z.number().int(),
    best: z.object({ ...place, price: money }).nullable(),
  }),
} as const;

export type NotificationKindName = keyof typeof notificationDataSchemas;
export const notificationKindNames = Object.keys(notificationDataSchemas) as NotificationKindName[];

export type NotificationData<K extends NotificationKindName = NotificationKindName> = z.infer<
  (typeof notificationDataSchemas)[K]
>;

export const notificationSchema = z.discriminatedUnion(
  'kind',
  notificationKindNames.map((kind) =>
    z.object({
      id: z.string(),
      kind: z.literal(kind),
      data: notificationDataSchemas[kind],
      createdAt: z.string(),
      readAt: z.string().nullable(),
    }),
  ) as unknown as [z.ZodObject, z.ZodObject, ...z.ZodObject[]],
);
export type AppNotification = {
  [K in NotificationKindName]: {
    id: string;
    kind: K;
    data: NotificationData<K>;
    createdAt: string;
    readAt: string | null;
  };
}[NotificationKindName];

/** GET /api/notifications?before=<iso>: newest first, a page at a time, with the unread count. */
export const NOTIFICATION_PAGE_SIZE = 20;
export const notificationListQuerySchema = z.object({
  before: z.iso.datetime({ offset: true, message: 'invalidValue' }).optional(),
});
export const notificationListResponseSchema = z.object({
  notifications: z.array(notificationSchema),
  unread: z.number().int(),
  hasMore: z.boolean(),
});
export type NotificationListResponse = {
  notifications: AppNotification[];
  unread: number;
  hasMore: boolean;
};
export const notificationIdParamsSchema = z.object({ id: z.string().max(100) });
export const unreadCountResponseSchema = z.object({ unread: z.number().int() });

// ---------- Web Push ----------

/** GET /api/notifications/push/config: the VAPID public key the browser subscribes with. */
export const pushConfigResponseSchema = z.object({ publicKey: z.string() });

/** POST /api/notifications/push/subscriptions: `PushSubscription.toJSON()`. */
export const pushSubscriptionRequestSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/, message: 'invalidValue' }).max(2000),
  keys: z.object({
    p256dh: z.string().min(1).max(200),
    auth: z.string().min(1).max(100),
  }),
});
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionRequestSchema>;
export const pushUnsubscribeRequestSchema = z.object({ endpoint: z.string().max(2000) });

/** What a push message carries to the service worker (it shows it as is). */
export type PushPayload = { title: string; body: string; url: string; tag: string };
