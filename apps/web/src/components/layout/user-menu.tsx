import { DropdownMenu } from 'radix-ui';
import { LogOut, Settings, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { User } from '@vowa/shared/auth/auth-schemas';
import { userDisplayName } from '@vowa/shared/auth/user-display';
import { Avatar } from '../ui/avatar';
import { UserMenuFace } from './user-menu-face';
import { userMenuTriggerClass } from './user-menu-trigger-class';

const itemClass =
  'flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2.5 text-sm text-ink outline-none select-none data-[highlighted]:bg-raised';

/** Avatar + name trigger with the account menu (Radix: outside click and Escape close it). */
export function UserMenu({ user, onSignOut }: { user: User; onSignOut: () => void }) {
  const { t } = useTranslation();
  const name = userDisplayName(user);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger aria-label={t('userMenu.open')} className={userMenuTriggerClass}>
        <UserMenuFace user={user} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-64 rounded-xl border border-line bg-surface p-1.5 text-ink shadow-xl shadow-slate-950/15 data-[state=open]:animate-pop-in"
        >
          <div className="flex items-center gap-3 px-3 py-3">
            <Avatar user={user} size="md" />
            <div className="min-w-0">
              <p className="truncate text-sm font-semibold">{name}</p>
              <p className="truncate text-xs text-ink-muted">{user.email}</p>
            </div>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/profile">
              <UserRound aria-hidden="true" className="size-4 text-ink-muted" />
              {t('userMenu.viewProfile')}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/settings">
              <Settings aria-hidden="true" className="size-4 text-ink-muted" />
              {t('userMenu.settings')}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          <DropdownMenu.Item className={itemClass} onSelect={onSignOut}>
            <LogOut aria-hidden="true" className="size-4 text-ink-muted" />
            {t('userMenu.signOut')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
