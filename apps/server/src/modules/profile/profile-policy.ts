import type { ProfileRelationship } from '@vowa/shared/profile/public-profile-schemas';
import type { ProfileVisibility } from '@vowa/shared/settings/settings-constants';

/**
 * Who may see whose profile, and which parts of it (part 1 §3 privacy settings), decided here
 * once and enforced by the server rather than by hiding things in the browser.
 *
 * "Friends" are people with a real connection on Vowa: a bucket list shared between the two, in
 * either direction (one of them shared a list with the other by email), or a group chat both are
 * in (issue 15; it ends when either leaves). A new kind of connection: add it to
 * `ProfileConnection`, have the service's `connectionsBetween` find it, and every rule below
 * follows.
 */
export type ProfileConnection = 'shared_bucket_list' | 'group';

export function relationshipOf(
  viewerId: string,
  ownerId: string,
  connections: readonly ProfileConnection[],
): ProfileRelationship {
  if (viewerId === ownerId) return 'self';
  return connections.length > 0 ? 'friend' : 'other';
}

/**
 * `public`: any signed-in user; `friends`: friends and the owner; `private`: the owner only.
 * To anyone else the profile does not exist (the route answers 404, as for an unknown id).
 */
export function canViewProfile(
  visibility: ProfileVisibility,
  relationship: ProfileRelationship,
): boolean {
  if (relationship === 'self') return true;
  if (visibility === 'public') return true;
  if (visibility === 'friends') return relationship === 'friend';
  return false;
}

/**
 * The parts of a visible profile its owner shares. The owner sees the same switches applied
 * ("view as others see it"); name, photo, location, bio, website, member since and social
 * accounts are always part of a visible profile; email and phone never are.
 */
export function sharedParts(privacy: {
  shareTrips: boolean;
  shareBucketList: boolean;
  showOnlineStatus: boolean;
}) {
  return {
    bucketLists: privacy.shareBucketList,
    trips: privacy.shareTrips,
    onlineStatus: privacy.showOnlineStatus,
  };
}

/**
 * Which of the owner's bucket lists a viewer may find on the profile: the ones that viewer may
 * open anyway (public, or shared with them). The owner previewing sees the public ones, which is
 * what anyone looking sees.
 */
export function listShownOnProfile(
  list: { isPublic: boolean; sharedWithViewer: boolean },
  relationship: ProfileRelationship,
): boolean {
  if (list.isPublic) return true;
  return relationship !== 'self' && list.sharedWithViewer;
}
