import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Popover } from 'radix-ui';
import { Bell } from 'lucide-react';
import { buttonVariants } from '../../components/ui/button-variants';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { unreadCount, useNotifications } from './notifications-api';
import { useNotificationWording } from './notification-text';
import { usePushUpkeep } from './use-push-upkeep';

// The list's code loads when the bell is first opened: the bell itself is only a count.
const NotificationPanel = lazy(async () => ({
  default: (await import('./notification-panel')).NotificationPanel,
}));

/**
 * The header's bell (signed in): the unread count, kept live by the `notifications` topic, and
 * the notification centre in a popover. A notification that arrives while the page is open is
 * read out politely to screen-reader users.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const list = useNotifications();
  usePushUpkeep();
  const [open, setOpen] = useState(false);
  const unread = unreadCount(list.data);
  const label =
    unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell');

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        aria-label={label}
        title={label}
        className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'relative')}
      >
        <Bell aria-hidden="true" className="size-5" />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            data-testid="notification-count"
            className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-violet-600 px-1 text-center text-[11px] leading-5 font-semibold text-white ring-2 ring-page"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-label={t('notifications.title')}
          className="z-50 flex max-h-[min(34rem,calc(100dvh-5rem))] w-[min(24rem,calc(100vw-1rem))] flex-col overflow-hidden rounded-xl border border-line bg-surface text-ink shadow-xl shadow-slate-950/15 data-[state=open]:animate-pop-in"
        >
          <Suspense
            fallback={
              <p role="status" className="flex items-center gap-2 p-4 text-sm text-ink-muted">
                <Spinner />
                {t('notifications.loading')}
              </p>
            }
          >
            <NotificationPanel onNavigate={() => setOpen(false)} />
          </Suspense>
        </Popover.Content>
      </Popover.Portal>
      <ArrivalAnnouncer />
    </Popover.Root>
  );
}

/**
 * Says "New notification: …" when a new unread one tops the list after the first read (not for
 * what was already there when the page opened).
 */
function ArrivalAnnouncer() {
  const { t } = useTranslation();
  const list = useNotifications();
  const word = useNotificationWording();
  const newest = list.data?.pages[0]?.notifications[0];
  const newestId = list.data ? (newest?.id ?? null) : undefined;
  // undefined until the first answer; then the id of the newest one seen.
  const [seen, setSeen] = useState<string | null | undefined>(undefined);
  const [announcement, setAnnouncement] = useState('');
  if (newestId !== undefined && newestId !== seen) {
    setSeen(newestId);
    if (seen !== undefined && newest && !newest.readAt) {
      setAnnouncement(t('notifications.arrived', { text: word(newest).title }));
    }
  }
  return (
    <p role="status" aria-live="polite" className="sr-only">
      {announcement}
    </p>
  );
}
