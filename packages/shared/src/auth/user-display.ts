/**
 * The name shown for a user: the name, else the local part of the email, else "User"
 * (part 1 §3).
 */
export function userDisplayName(user: {
  display_name?: string | null;
  name?: string | null;
  email?: string | null;
}): string {
  const named = user.display_name?.trim() || user.name?.trim();
  if (named) return named;
  const localPart = user.email?.split('@')[0]?.trim();
  return localPart || 'User';
}

/** "Welcome back, Ada" uses the first word of the display name. */
export function userFirstName(user: Parameters<typeof userDisplayName>[0]): string {
  return userDisplayName(user).split(/\s+/)[0] ?? 'User';
}

/** Up to two initials for the generated avatar. */
export function userInitials(user: Parameters<typeof userDisplayName>[0]): string {
  const words = userDisplayName(user).split(/\s+/).filter(Boolean);
  const initials = words
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
  return initials || 'U';
}
