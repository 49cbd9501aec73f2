/**
 * Who may do what with a bucket list (part 1 §6, enforced here rather than by hiding buttons):
 * the owner changes the list and its items; people it is shared with, and any signed-in user
 * when it is public, may read it; to everyone else a private list does not exist.
 */
export type ListAccess = 'owner' | 'reader' | 'none';

export function bucketListAccess(
  list: { ownerId: string; isPublic: boolean },
  userId: string,
  sharedWithUser: boolean,
): ListAccess {
  if (list.ownerId === userId) return 'owner';
  if (sharedWithUser || list.isPublic) return 'reader';
  return 'none';
}

export const canReadList = (access: ListAccess) => access !== 'none';
export const canChangeList = (access: ListAccess) => access === 'owner';
