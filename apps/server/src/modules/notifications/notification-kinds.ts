import type { UserSettings } from '@vowa/shared/settings/settings-schemas';

/** The notification emails, each named after the switch that allows it (part 1 §3). */
export type NotificationKind = Exclude<
  keyof UserSettings['notifications'],
  'emailNotifications' | 'pushNotifications'
>;

export const notificationKinds = [
  'dealAlerts',
  'bookingConfirmations',
  'priceDropAlerts',
  'weeklyDigest',
] as const satisfies readonly NotificationKind[];

/** The scheduled emails go out at or after this hour of the user's own day. */
export const NOTIFICATION_HOUR = 8;
/** Users who have not signed in for this long get no scheduled emails (dormant accounts). */
export const ACTIVE_WITHIN_DAYS = 30;
/** A deal alert lists at most this many deals, best first. */
export const DEAL_ALERT_LIMIT = 5;
/** A deal already alerted is news again only after this many days. */
export const DEAL_ALERT_MEMORY_DAYS = 7;
/** The weekly digest shows this many suggested trips. */
export const DIGEST_TRIPS = 3;
/** Delivery rows older than this are deleted (they only guard against sending twice). */
export const DELIVERY_RETENTION_DAYS = 90;
