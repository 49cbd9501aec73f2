import { useId, useState } from 'react';
import { Menu, X } from 'lucide-react';
import { NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { Button } from '../ui/button';
import { focusRing } from '../ui/button-variants';
import { NavBadge } from './nav-badge';
import type { NavItem } from './nav-items';

/**
 * The navigation below the md breakpoint. It remembers the path it was opened on, so any
 * route change closes it without an effect (part 1 §2: closes on route change).
 */
export function MobileMenu({
  items,
  onJoin,
}: {
  items: readonly NavItem[];
  /** Guests only: opens the dialog in register mode. */
  onJoin?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const here = pathname + search;
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const open = openedAt === here;
  const panelId = useId();
  const close = () => setOpenedAt(null);

  return (
    <div className="md:hidden" onKeyDown={(event) => event.key === 'Escape' && close()}>
      <Button
        variant="ghost"
        size="icon"
        aria-label={open ? t('nav.closeMenu') : t('nav.openMenu')}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpenedAt(open ? null : here)}
      >
        {open ? (
          <X aria-hidden="true" className="size-5" />
        ) : (
          <Menu aria-hidden="true" className="size-5" />
        )}
      </Button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute inset-x-0 top-full border-b border-line bg-surface px-4 pt-2 pb-4 shadow-lg shadow-slate-950/10"
      >
        <nav aria-label={t('nav.mobileLabel')}>
          <ul className="space-y-1">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end
                  onClick={close}
                  className={({ isActive }) =>
                    cn(
                      'flex items-center gap-3 rounded-xl px-3 py-3 text-base font-medium',
                      isActive
                        ? 'bg-raised text-ink'
                        : 'text-ink-muted hover:bg-raised hover:text-ink',
                      focusRing,
                    )
                  }
                >
                  <item.icon aria-hidden="true" className="size-5" />
                  {t(item.labelKey)}
                  <NavBadge path={item.to} />
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {onJoin ? (
          // Below sm the header has no room for Join Beta, so it lives here.
          <div className="mt-3 border-t border-line pt-4 sm:hidden">
            <Button
              className="w-full"
              onClick={() => {
                close();
                onJoin();
              }}
            >
              {t('nav.joinBeta')}
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
