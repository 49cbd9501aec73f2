import { z } from 'zod';
import { displayCurrencies } from '../travel/travel-constants';
import { languages, profileVisibilities, settingsTimezones } from './settings-constants';

const flag = z.boolean({ message: 'settingInvalid' });

export const notificationSettingsSchema = z.object({
  emailNotifications: flag,
  pushNotifications: flag,
  dealAlerts: flag,
  bookingConfirmations: flag,
  priceDropAlerts: flag,
  weeklyDigest: flag,
});
export const privacySettingsSchema = z.object({
  profileVisibility: z.enum(profileVisibilities, { message: 'settingInvalid' }),
  shareTrips: flag,
  shareBucketList: flag,
  allowFriendRequests: flag,
  showOnlineStatus: flag,
});
export const accountSettingsSchema = z.object({
  language: z.enum(languages, { message: 'languageInvalid' }),
  currency: z.enum(displayCurrencies, { message: 'currencyInvalid' }),
  timezone: z.enum(settingsTimezones, { message: 'timezoneInvalid' }),
  /** The budget settings' autoBookingEnabled: one value, shown in both places. */
  autoBooking: flag,
  /** Read-only here: on when a passkey is registered (Security tab). */
  biometricAuth: z.boolean(),
  /** Read-only here: on when two-factor sign-in is set up (Security tab). */
  twoFactorAuth: z.boolean(),
});

export const userSettingsSchema = z.object({
  notifications: notificationSettingsSchema,
  privacy: privacySettingsSchema,
  account: accountSettingsSchema,
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

/** Any subset; biometric and two-factor sign-in are changed on the Security tab, not here. */
export const userSettingsUpdateSchema = z.object({
  notifications: notificationSettingsSchema.partial().optional(),
  privacy: privacySettingsSchema.partial().optional(),
  account: accountSettingsSchema
    .omit({ biometricAuth: true, twoFactorAuth: true })
    .partial()
    .optional(),
});
export type UserSettingsUpdate = z.infer<typeof userSettingsUpdateSchema>;

/** Part 1 §9: notifications on except price-drop alerts; privacy on except sharing bucket lists. */
export const DEFAULT_USER_SETTINGS: UserSettings = {
  notifications: {
    emailNotifications: true,
    pushNotifications: true,
    dealAlerts: true,
    bookingConfirmations: true,
    priceDropAlerts: false,
    weeklyDigest: true,
  },
  privacy: {
    profileVisibility: 'friends',
    shareTrips: true,
    shareBucketList: false,
    allowFriendRequests: true,
    showOnlineStatus: true,
  },
  account: {
    language: 'en',
    currency: 'USD',
    timezone: 'America/Los_Angeles',
    autoBooking: false,
    biometricAuth: false,
    twoFactorAuth: false,
  },
};
