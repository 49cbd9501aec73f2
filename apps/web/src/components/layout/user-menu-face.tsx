import { ChevronDown } from 'lucide-react';
import type { User } from '@vowa/shared/auth/auth-schemas';
import { userDisplayName } from '@vowa/shared/auth/user-display';
import { Avatar } from '../ui/avatar';
import { userMenuTriggerClass } from './user-menu-trigger-class';

/** What the user menu's trigger shows: avatar, name on wide screens, a chevron. */
export function UserMenuFace({ user }: { user: User }) {
  return (
    <>
      <Avatar user={user} size="sm" />
      <span className="hidden max-w-32 truncate lg:inline">{userDisplayName(user)}</span>
      <ChevronDown aria-hidden="true" className="size-4 text-ink-muted" />
    </>
  );
}

/**
 * Holds the trigger's place while the menu's code loads (a moment after the first paint), so
 * the header does not shift when it arrives.
 */
export function UserMenuPlaceholder({ user }: { user: User }) {
  return (
    <span aria-hidden="true" className={userMenuTriggerClass}>
      <UserMenuFace user={user} />
    </span>
  );
}
