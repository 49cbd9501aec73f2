import { z } from 'zod';
import { emailField } from '../auth/auth-rules';
import { airportSchema } from '../travel/travel-schemas';

/** Part 1 §5 and §9: profile rules and limits. */
export const PHONE_PATTERN = /^\+?[\d\-\s()]{7,20}$/;
export const LOCATION_MIN_LENGTH = 2;
export const BIO_MAX_LENGTH = 500;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_SIZE_PX = 512;
export const avatarMimeTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const socialPlatforms = ['instagram', 'tiktok'] as const;
export type SocialPlatform = (typeof socialPlatforms)[number];

/** Website links get https:// when they do not start with http (part 1 §5). */
export function normalizeWebsite(value: string): string {
  const trimmed = value.trim();
  if (!trimmed) return '';
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

/** A profile is incomplete while bio or location is missing or blank (part 1 §3). */
export function isProfileIncomplete(profile: { bio: string; location: string }): boolean {
  return !profile.bio.trim() || !profile.location.trim();
}

/** Followers with K at 1,000 and M at 1,000,000, one decimal (part 1 §9): 1.2K, 3.4M. */
export function formatFollowers(count: number): string {
  if (count >= 1_000_000) return `${(count / 1_000_000).toFixed(1)}M`;
  if (count >= 1_000) return `${(count / 1_000).toFixed(1)}K`;
  return String(count);
}

const optionalText = (max: number) =>
  z.string({ message: 'textTooLong' }).trim().max(max, { message: 'textTooLong' });

/** Empty clears the phone; anything else must be a phone number. */
export const phoneField = optionalText(20).refine(
  (value) => value === '' || PHONE_PATTERN.test(value),
  { message: 'phoneInvalid' },
);
/** Empty clears the location; anything else needs at least 2 characters. */
export const locationField = optionalText(200).refine(
  (value) => value === '' || value.length >= LOCATION_MIN_LENGTH,
  { message: 'locationInvalid' },
);
export const websiteField = optionalText(300)
  .transform(normalizeWebsite)
  .pipe(
    z.union([
      z.literal(''),
      z.url({ protocol: /^https?$/, hostname: z.regexes.domain, message: 'websiteInvalid' }),
    ]),
  );

/** GET /api/user_management/get_myprofile (part 1 §3; `uid` where the prototype had firebase_uid). */
export const profileSchema = z.object({
  uid: z.string(),
  name: z.string(),
  email: z.string(),
  display_name: z.string(),
  bio: z.string(),
  location: z.string(),
  website: z.string(),
  phone: z.string(),
  /** An uploaded photo under /uploads, or null for the generated initials. */
  avatar: z.string().nullable(),
  member_since: z.string(),
  /** A new address waiting for its confirmation link to be followed. */
  pending_email: z.string().nullable(),
  /** Where trips start from (suggestions, searches). */
  home_airport: airportSchema.nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/**
 * POST /api/user_management/edit_profile. Every field is optional: what is sent is saved. An
 * email different from the current one is not changed yet: a confirmation link goes to it.
 */
export const editProfileSchema = z.object({
  name: z
    .string({ message: 'nameRequired' })
    .trim()
    .min(1, { message: 'nameRequired' })
    .max(100, { message: 'nameTooLong' })
    .optional(),
  display_name: optionalText(100).optional(),
  email: emailField.optional(),
  bio: optionalText(BIO_MAX_LENGTH).optional(),
  location: locationField.optional(),
  website: websiteField.optional(),
  phone: phoneField.optional(),
  /** The URL an avatar upload returned, or null to go back to the initials. */
  avatar: z.string().max(300).nullable().optional(),
  /** An IATA code, or '' to go back to the nearest airport. */
  home_airport: z
    .string()
    .trim()
    .toUpperCase()
    .refine((value) => value === '' || /^[A-Z]{3}$/.test(value), { message: 'airportInvalid' })
    .optional(),
});
export type EditProfileRequest = z.input<typeof editProfileSchema>;

export const avatarUploadResponseSchema = z.object({ avatar: z.string() });

export const confirmEmailRequestSchema = z.object({
  token: z.string({ message: 'tokenRequired' }).min(1, { message: 'tokenRequired' }).max(200),
});

/** POST /api/user_management/reverse_geocode: the browser's position to "city, state, country". */
export const reverseGeocodeRequestSchema = z.object({
  latitude: z.number({ message: 'coordinatesInvalid' }).min(-90).max(90),
  longitude: z.number({ message: 'coordinatesInvalid' }).min(-180).max(180),
});
export const reverseGeocodeResponseSchema = z.object({
  city: z.string(),
  state: z.string().nullable(),
  country: z.string(),
  /** "city, state, country", the value the location field takes. */
  label: z.string(),
  source: z.enum(['nominatim', 'bundled']),
});

// ---------- Social profiles (POST /api/users/{uid}/social_profiles) ----------

export const socialProfileSchema = z.object({
  platform: z.enum(socialPlatforms),
  username: z.string(),
  url: z.string(),
  /** Only a platform can verify an account; Vowa never claims it did. */
  verified: z.boolean(),
  followers: z.number().int(),
  connected: z.boolean(),
});
export type SocialProfile = z.infer<typeof socialProfileSchema>;

export const connectSocialProfileSchema = z.object({
  platform: z.enum(socialPlatforms, { message: 'platformInvalid' }),
  username: z
    .string({ message: 'usernameInvalid' })
    .trim()
    .transform((value) => value.replace(/^@/, ''))
    .pipe(z.string().regex(/^[A-Za-z0-9._]{1,30}$/, { message: 'usernameInvalid' })),
  url: z.string().max(300).optional(),
  verified: z.boolean().optional(),
  followers: z
    .number({ message: 'followersInvalid' })
    .int({ message: 'followersInvalid' })
    .min(0, { message: 'followersInvalid' })
    .max(10_000_000_000, { message: 'followersInvalid' })
    .default(0),
  connected: z.boolean().optional(),
});
export type ConnectSocialProfileRequest = z.input<typeof connectSocialProfileSchema>;
export const socialProfilesResponseSchema = z.object({ profiles: z.array(socialProfileSchema) });

/** The canonical profile URL for a platform and username. */
export function socialProfileUrl(platform: SocialPlatform, username: string): string {
  return platform === 'instagram'
    ? `https://www.instagram.com/${username}/`
    : `https://www.tiktok.com/@${username}`;
}

// ---------- Stats, achievements, recent trips, financial overview ----------

export const achievementKeys = [
  'first_list',
  'dreamer',
  'first_completed',
  'globetrotter',
  'budget_ready',
  'first_trip',
] as const;
export type AchievementKey = (typeof achievementKeys)[number];

export const profileStatsSchema = z.object({
  tripsBooked: z.number().int(),
  /** In the user's currency. */
  totalSaved: z.number(),
  currency: z.string(),
  countriesVisited: z.number().int(),
  favoriteDestination: z.string().nullable(),
  achievements: z.array(
    z.object({
      key: z.enum(achievementKeys),
      unlocked: z.boolean(),
      /** How far along: current and target (3 of 10 bucket-list dreams). */
      progress: z.number().int(),
      target: z.number().int(),
    }),
  ),
  recentTrips: z.array(
    z.object({
      id: z.string(),
      destination: z.string(),
      country: z.string(),
      date: z.string(),
      status: z.string(),
    }),
  ),
  financialOverview: z
    .object({
      monthlyIncome: z.number(),
      monthlyExpenses: z.number(),
      availableBalance: z.number(),
      maxTripBudget: z.number(),
      institutionName: z.string().nullable(),
    })
    .nullable(),
});
export type ProfileStats = z.infer<typeof profileStatsSchema>;
