import { lazy, Suspense, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session-context';
import { useSignInDialog } from '../../lib/sign-in-dialog-context';
import { cn } from '../../lib/cn';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { focusRing } from '../ui/button-variants';
import { Skeleton } from '../ui/skeleton';
import { LogoMark } from './logo';
import { MobileMenu } from './mobile-menu';
import { NavBadge } from './nav-badge';
import { visibleNavItems } from './nav-items';
import { ThemeToggle } from './theme-toggle';
import { UserMenuPlaceholder } from './user-menu-face';

// The account menu's code (the dropdown library and its positioning) is not needed for the
// first paint; it loads once the screen has settled (`menuReady`), in its own chunk.
const UserMenu = lazy(() => import('./user-menu').then((module) => ({ default: module.UserMenu })));

/**
 * `notifications` is the bell the app hands in (a feature: components never import one), shown
 * to signed-in people beside the theme switch. Until `menuReady`, the account menu's place is
 * held by its face, so a screen's first paint never waits for the menu's code.
 */
export function Header({
  notifications,
  menuReady = true,
}: { notifications?: ReactNode; menuReady?: boolean } = {}) {
  const { t } = useTranslation();
  const { user, status, signOut } = useSession();
  const { openSignIn } = useSignInDialog();
  const items = visibleNavItems(status === 'signed-in');

  return (
    <header className="sticky top-0 z-40 border-b border-line bg-page/85 backdrop-blur-lg supports-[backdrop-filter]:bg-page/70">
      <div className="relative mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6">
        <div className="flex min-w-0 items-center gap-2 xl:shrink-0">
          <Link
            to="/"
            aria-label={t('app.homeLabel')}
            className={cn('flex min-w-0 items-center gap-2.5 rounded-xl', focusRing)}
          >
            <LogoMark />
            <span className="min-w-0 leading-tight">
              <span className="block text-lg font-bold tracking-tight text-ink">
                {t('app.name')}
              </span>
              {/* Two short lines rather than one cut off: taglines run longer in some languages. */}
              <span
                data-testid="header-tagline"
                className="hidden max-w-36 text-[11px] text-balance text-ink-muted xl:block"
              >
                {t('app.tagline')}
              </span>
            </span>
          </Link>
          <Badge className="hidden min-[400px]:inline-flex">{t('app.beta')}</Badge>
        </div>

        <nav aria-label={t('nav.label')} className="ml-4 hidden flex-1 md:block">
          <ul className="flex items-center gap-1">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end
                  className={({ isActive }) =>
                    cn(
                      'inline-flex h-9 items-center rounded-lg px-2.5 text-sm font-medium whitespace-nowrap transition-colors lg:px-3',
                      isActive
                        ? 'bg-raised text-ink'
                        : 'text-ink-muted hover:bg-raised hover:text-ink',
                      focusRing,
                    )
                  }
                >
                  {t(item.labelKey)}
                  <NavBadge path={item.to} />
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-1.5 sm:gap-2">
          <ThemeToggle />
          {status === 'loading' ? <Skeleton className="h-10 w-24 rounded-full" /> : null}
          {status === 'signed-in' && user ? (
            <>
              {notifications}
              <Button asChild size="sm" className="hidden lg:inline-flex">
                <Link to="/chat">
                  <Sparkles aria-hidden="true" className="size-4" />
                  {t('nav.startPlanning')}
                </Link>
              </Button>
              {menuReady ? (
                <Suspense fallback={<UserMenuPlaceholder user={user} />}>
                  <UserMenu user={user} onSignOut={() => void signOut()} />
                </Suspense>
              ) : (
                <UserMenuPlaceholder user={user} />
              )}
            </>
          ) : null}
          {status === 'guest' ? (
            <>
              <Button variant="ghost" size="sm" onClick={() => openSignIn('login')}>
                {t('nav.signIn')}
              </Button>
              <Button
                size="sm"
                className="hidden sm:inline-flex"
                onClick={() => openSignIn('register')}
              >
                {t('nav.joinBeta')}
              </Button>
            </>
          ) : null}
          <MobileMenu
            items={items}
            onJoin={status === 'guest' ? () => openSignIn('register') : undefined}
          />
        </div>
      </div>
    </header>
  );
}
