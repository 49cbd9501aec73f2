import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  AlertTriangle,
  BellOff,
  CalendarCheck,
  CalendarX,
  Flame,
  TrendingDown,
  Wallet,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import type { AppNotification } from '@vowa/shared/notifications/notification-schemas';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { focusRing } from '../../components/ui/button-variants';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { useFormat } from '../../lib/use-format';
import { unreadCount, useMarkAllRead, useMarkRead, useNotifications } from './notifications-api';
import { useNotificationTime, useNotificationWording } from './notification-text';

function iconOf(notification: AppNotification): { icon: LucideIcon; tone: string } {
  switch (notification.kind) {
    case 'booking_confirmed':
      return notification.data.automatic
        ? { icon: Zap, tone: 'text-violet-700 dark:text-violet-300' }
        : { icon: CalendarCheck, tone: 'text-emerald-700 dark:text-emerald-300' };
    case 'booking_cancelled':
      return { icon: CalendarX, tone: 'text-ink-muted' };
    case 'price_drop':
      return { icon: TrendingDown, tone: 'text-sky-700 dark:text-sky-300' };
    case 'trip_fits_budget':
      return { icon: Wallet, tone: 'text-emerald-700 dark:text-emerald-300' };
    case 'auto_booking_failed':
      return { icon: AlertTriangle, tone: 'text-amber-700 dark:text-amber-300' };
    case 'deals':
      return { icon: Flame, tone: 'text-rose-700 dark:text-rose-300' };
  }
}

/** The notification centre inside the bell's popover: newest first, older ones on demand. */
export function NotificationPanel({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const list = useNotifications();
  const markAll = useMarkAllRead();
  const unread = unreadCount(list.data);
  const items = list.data?.pages.flatMap((page) => page.notifications) ?? [];

  return (
    <section aria-labelledby={titleId} className="flex min-h-0 flex-col">
      <div className="flex items-center justify-between gap-3 border-b border-line px-4 py-3">
        <h2 id={titleId} className="text-base font-semibold">
          {t('notifications.title')}
        </h2>
        {items.length > 0 ? (
          <Button
            variant="ghost"
            size="sm"
            disabled={unread === 0}
            loading={markAll.isPending}
            onClick={() => markAll.mutate()}
          >
            {t('notifications.markAllRead')}
          </Button>
        ) : null}
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
        {list.isPending ? (
          <div role="status" aria-label={t('notifications.loading')} className="space-y-3 p-4">
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
          </div>
        ) : list.isError && items.length === 0 ? (
          <div className="p-4">
            <Banner
              tone="error"
              action={
                <Button size="sm" variant="outline" onClick={() => void list.refetch()}>
                  {t('notifications.retry')}
                </Button>
              }
            >
              {t('notifications.loadFailed')} {errorMessage(list.error)}
            </Banner>
          </div>
        ) : items.length === 0 ? (
          <div className="flex flex-col items-center px-6 py-10 text-center">
            <BellOff aria-hidden="true" className="size-8 text-ink-muted" strokeWidth={1.75} />
            <p className="mt-3 font-semibold">{t('notifications.emptyTitle')}</p>
            <p className="mt-1 text-sm text-ink-muted">{t('notifications.emptyText')}</p>
          </div>
        ) : (
          <ul className="divide-y divide-line">
            {items.map((notification) => (
              <li key={notification.id}>
                <NotificationItem notification={notification} onNavigate={onNavigate} />
              </li>
            ))}
          </ul>
        )}
        {markAll.isError ? (
          <div className="p-3">
            <Banner tone="error">{errorMessage(markAll.error)}</Banner>
          </div>
        ) : null}
        {list.hasNextPage ? (
          <div className="border-t border-line p-3 text-center">
            <Button
              variant="outline"
              size="sm"
              loading={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {t('notifications.more')}
            </Button>
          </div>
        ) : null}
      </div>
    </section>
  );
}

/** One notification: a link to where it leads, marked read on the way. */
function NotificationItem({
  notification,
  onNavigate,
}: {
  notification: AppNotification;
  onNavigate: () => void;
}) {
  const { t } = useTranslation();
  const word = useNotificationWording();
  const when = useNotificationTime();
  const format = useFormat();
  const markRead = useMarkRead();
  const view = word(notification);
  const { icon: Icon, tone } = iconOf(notification);
  const unread = notification.readAt === null;

  return (
    <Link
      to={view.to}
      onClick={() => {
        if (unread) markRead.mutate(notification.id);
        onNavigate();
      }}
      className={cn(
        'flex items-start gap-3 px-4 py-3 text-left hover:bg-raised',
        unread && 'bg-violet-500/5 dark:bg-violet-400/5',
        focusRing,
        'focus-visible:ring-inset focus-visible:ring-offset-0',
      )}
    >
      <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-lg bg-raised">
        <Icon aria-hidden="true" className={cn('size-4', tone)} />
      </span>
      <span className="min-w-0 flex-1">
        <span className={cn('block text-sm', unread ? 'font-semibold' : 'font-medium')}>
          {unread ? <span className="sr-only">{t('notifications.unread')}: </span> : null}
          {view.title}
        </span>
        <span className="mt-0.5 block text-sm text-ink-muted">{view.body}</span>
        <time
          dateTime={notification.createdAt}
          className="mt-1 block text-xs text-ink-muted"
          title={format.dateTime(notification.createdAt)}
        >
          {when(notification.createdAt)}
        </time>
      </span>
      {unread ? (
        <span aria-hidden="true" className="mt-2 size-2 shrink-0 rounded-full bg-violet-600" />
      ) : null}
    </Link>
  );
}
