import { z } from 'zod';
import { bucketListColorKeys } from '../bucket-lists/bucket-list-constants';
import { socialProfileSchema } from './profile-schemas';

/**
 * GET /api/users/{uid}/profile: a person as other signed-in users see them. The owner's privacy
 * settings decide what is in it (part 1 §3): `profileVisibility` whether it is seen at all,
 * `shareBucketList`, `shareTrips` and `showOnlineStatus` which parts, `allowFriendRequests` the
 * `accepts_friend_requests` line. Email and phone are never part of it.
 */

/** Someone may not see a profile, or it does not exist: the same answer, so neither is revealed. */
export const PUBLIC_PROFILE_NOT_AVAILABLE = "This profile is private or doesn't exist.";

/** Someone counts as online while one of their sign-ins was used this recently. */
export const ONLINE_WINDOW_MS = 5 * 60 * 1000;

/** How the server sees the person looking: themself, a friend, or anyone else signed in. */
export const profileRelationships = ['self', 'friend', 'other'] as const;
export type ProfileRelationship = (typeof profileRelationships)[number];

/** One of their bucket lists the viewer may open (public, or shared with the viewer). */
export const publicProfileBucketListSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  color: z.enum(bucketListColorKeys),
  is_public: z.boolean(),
  /** Shared with the viewer by email (they see it among their own lists too). */
  shared_with_you: z.boolean(),
  item_count: z.number().int(),
  completed_count: z.number().int(),
});
export type PublicProfileBucketList = z.infer<typeof publicProfileBucketListSchema>;

/** A booked trip; bookings come with the bookings feature, so the list is empty until then. */
export const publicProfileTripSchema = z.object({
  id: z.string(),
  destination: z.string(),
  country: z.string(),
  date: z.string(),
});
export type PublicProfileTrip = z.infer<typeof publicProfileTripSchema>;

export const publicProfileSchema = z.object({
  uid: z.string(),
  name: z.string(),
  display_name: z.string(),
  /** An uploaded photo under /uploads, or null for the generated initials. */
  avatar: z.string().nullable(),
  /** As the owner typed it (city level, from the profile screen). */
  location: z.string(),
  bio: z.string(),
  website: z.string(),
  member_since: z.string(),
  /** Connected Instagram and TikTok accounts. */
  social_profiles: z.array(socialProfileSchema),
  relationship: z.enum(profileRelationships),
  /** allowFriendRequests; friend requests themselves come with group chat. */
  accepts_friend_requests: z.boolean(),
  /** shareBucketList on: the lists the viewer may open; null when it is off. */
  bucket_lists: z.array(publicProfileBucketListSchema).nullable(),
  /** shareTrips on: their trips; null when it is off. */
  trips: z.array(publicProfileTripSchema).nullable(),
  /** showOnlineStatus on: a sign-in used in the last five minutes. Absent when it is off. */
  online: z.boolean().optional(),
  /** showOnlineStatus on: the day (YYYY-MM-DD, UTC) they were last active, or null if never. */
  last_seen: z.string().nullable().optional(),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;
