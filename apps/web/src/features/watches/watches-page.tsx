import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  Bell,
  BellRing,
  CalendarDays,
  ChevronDown,
  Compass,
  Pause,
  Play,
  Trash2,
  Users,
  Zap,
} from 'lucide-react';
import type { Watch } from '@vowa/shared/watches/watch-schemas';
import { PriceHistory } from '../../components/price-history/price-history';
import { Badge } from '../../components/ui/badge';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api-client';
import { useFormat } from '../../lib/use-format';
import { useCountryName, usePlaceName } from '../../lib/use-place-names';
import { AlertsOffPrompt } from './alerts-off-prompt';
import { checkedAgo } from './checked-ago';
import {
  useDeleteWatch,
  usePriceDropAlerts,
  useUpdateWatch,
  useWatches,
  useWatchHistory,
} from './watches-api';

/** How often "Checked 5 min ago" is brought up to date. */
const CLOCK_TICK_MS = 30_000;

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

const LIVE: ReadonlySet<Watch['status']> = new Set(['active', 'paused', 'booking']);

/** /watches (issue 16): the trips, flights and stays Vowa prices again, and what it does then. */
export function WatchesPage() {
  const { t } = useTranslation();
  const watches = useWatches();
  const alertsOn = usePriceDropAlerts();
  const now = useNow();
  const [announcement, setAnnouncement] = useState({ text: '', id: 0 });
  const announce = (text: string) => setAnnouncement((last) => ({ text, id: last.id + 1 }));
  const list = watches.data?.watches ?? [];
  const silentAlerts =
    alertsOn === false && list.some((watch) => watch.mode === 'alert' && LIVE.has(watch.status));
  // Once shown, the prompt stays for the visit: turning alerts on then says so in its place.
  const [prompted, setPrompted] = useState(false);
  if (silentAlerts && !prompted) setPrompted(true);

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <header>
        <h1 className="flex items-center gap-2 text-3xl font-bold tracking-tight sm:text-4xl">
          <BellRing aria-hidden="true" className="size-7 text-violet-600 dark:text-violet-300" />
          {t('watches.title')}
        </h1>
        <p className="mt-1 text-ink-muted">{t('watches.subtitle')}</p>
      </header>

      {prompted ? <AlertsOffPrompt className="mt-6" /> : null}

      {watches.isError ? (
        <Banner
          tone="error"
          className="mt-8"
          action={
            <Button size="sm" variant="outline" onClick={() => void watches.refetch()}>
              {t('watches.retry')}
            </Button>
          }
        >
          {errorMessage(watches.error)}
        </Banner>
      ) : !watches.data ? (
        <div role="status" className="mt-8 space-y-4">
          <span className="sr-only">{t('watches.loading')}</span>
          <Skeleton className="h-48" />
          <Skeleton className="h-48" />
        </div>
      ) : list.length === 0 ? (
        <EmptyState
          icon={Bell}
          title={t('watches.emptyTitle')}
          className="mt-8"
          action={
            <Button asChild>
              <Link to="/travel/suggestions">
                <Compass aria-hidden="true" className="size-4" />
                {t('watches.emptyAction')}
              </Link>
            </Button>
          }
        >
          <p>{t('watches.emptyText')}</p>
        </EmptyState>
      ) : (
        <ul className="mt-8 space-y-5" aria-busy={watches.isFetching || undefined}>
          {list.map((watch) => (
            <li key={watch.id}>
              <WatchCard watch={watch} now={now} onAnnounce={announce} />
            </li>
          ))}
        </ul>
      )}

      <p role="status" aria-live="polite" className="sr-only">
        <span key={announcement.id}>{announcement.text}</span>
      </p>
    </div>
  );
}

const statusTone = {
  active: 'success',
  paused: 'neutral',
  booking: 'accent',
  booked: 'success',
  ended: 'neutral',
} as const;

function WatchCard({
  watch,
  now,
  onAnnounce,
}: {
  watch: Watch;
  now: number;
  onAnnounce: (text: string) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const placeName = usePlaceName();
  const countryName = useCountryName();
  const titleId = useId();
  const historyId = useId();
  const [expanded, setExpanded] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateWatch();
  const remove = useDeleteWatch();
  const history = useWatchHistory(watch.id, expanded);
  const destination = placeName(watch.title.destination);
  const country = watch.title.country
    ? countryName(watch.title.countryCode, watch.title.country)
    : '';
  const money = (price: { amount: number; currency: string }) =>
    format.money(price.amount, price.currency);
  const checked = checkedAgo(watch.lastCheckedAt, now);
  const changeable = watch.status === 'active' || watch.status === 'paused';
  const ModeIcon = watch.mode === 'auto_book' ? Zap : Bell;

  const toggle = () => {
    const status = watch.status === 'active' ? 'paused' : 'active';
    update.mutate(
      { id: watch.id, changes: { status } },
      {
        onSuccess: () =>
          onAnnounce(
            status === 'paused'
              ? t('watches.pausedNotice', { title: destination })
              : t('watches.resumedNotice', { title: destination }),
          ),
      },
    );
  };
  const confirmDelete = () =>
    remove.mutate(watch.id, {
      onSuccess: () => {
        setConfirming(false);
        onAnnounce(t('watches.deletedNotice', { title: destination }));
      },
    });

  return (
    <Card role="article" aria-labelledby={titleId} className="p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={titleId} className="text-xl leading-tight font-semibold">
            {destination}
          </h2>
          {country && country !== destination ? (
            <p className="mt-0.5 text-sm text-ink-muted">{country}</p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-1.5">
          <Badge tone="neutral">{t(`watches.kinds.${watch.kind}`)}</Badge>
          <Badge tone="accent">
            <ModeIcon aria-hidden="true" className="size-3.5" />
            {t(`watches.modes.${watch.mode}`)}
          </Badge>
          <Badge tone={statusTone[watch.status]} data-testid="watch-status">
            {t(`watches.statuses.${watch.status}`)}
          </Badge>
        </div>
      </div>

      <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-ink-muted">
        <span className="inline-flex items-center gap-1">
          <CalendarDays aria-hidden="true" className="size-4" />
          {watch.startDate === watch.endDate
            ? format.calendarDate(watch.startDate, 'long')
            : t('watches.dates', {
                from: format.calendarDate(watch.startDate, 'short'),
                to: format.calendarDate(watch.endDate, 'short'),
              })}
        </span>
        <span className="inline-flex items-center gap-1">
          <Users aria-hidden="true" className="size-4" />
          {t('watches.travelers', { count: watch.travelers })}
        </span>
      </p>

      {watch.status === 'ended' && watch.endedReason ? (
        <p className="mt-2 text-sm text-ink-muted">
          {t(`watches.endedReasons.${watch.endedReason}` as 'watches.endedReasons.departed', {
            defaultValue: t('watches.statuses.ended'),
          })}
        </p>
      ) : null}

      <dl className="mt-4 grid gap-3 rounded-xl bg-raised/70 p-4 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-xs text-ink-muted">{t('watches.current')}</dt>
          <dd className="text-lg font-semibold" data-testid="watch-current">
            {watch.current ? money(watch.current) : t('watches.noPrice')}
          </dd>
          {watch.display && watch.current && watch.display.currency !== watch.current.currency ? (
            <dd className="text-xs text-ink-muted">
              {t('watches.converted', { amount: money(watch.display) })}
            </dd>
          ) : null}
        </div>
        {watch.kind === 'destination' ? null : (
          <div>
            <dt className="text-xs text-ink-muted">{t('watches.target')}</dt>
            <dd className="text-lg font-semibold" data-testid="watch-target">
              {money(watch.target)}
            </dd>
            <dd className="text-xs text-ink-muted">
              {t('watches.targetShare', {
                percent: watch.thresholdPercent,
                amount: money(watch.market),
              })}
            </dd>
          </div>
        )}
        <div>
          <dt className="text-xs text-ink-muted">{t('watches.budget')}</dt>
          <dd className="text-lg font-semibold">{money(watch.maxBudget)}</dd>
        </div>
      </dl>

      <p className="mt-3 text-xs text-ink-muted" data-testid="watch-checked">
        {!checked
          ? t('watches.notChecked')
          : checked.unit === 'now'
            ? t('watches.checkedNow')
            : t(`watches.checked.${checked.unit}`, { count: checked.count })}
      </p>

      {update.isError ? (
        <Banner tone="error" className="mt-3">
          {errorMessage(update.error)}
        </Banner>
      ) : null}

      <div className="mt-4 flex flex-wrap gap-2 border-t border-line pt-4">
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={expanded}
          aria-controls={historyId}
          onClick={() => setExpanded((open) => !open)}
        >
          <ChevronDown
            aria-hidden="true"
            className={
              expanded ? 'size-4 rotate-180 transition-transform' : 'size-4 transition-transform'
            }
          />
          {t('watches.history.title')}
        </Button>
        {watch.status === 'booked' && watch.bookingId ? (
          <Button asChild size="sm" variant="outline">
            <Link to="/trips">{t('watches.viewBooking')}</Link>
          </Button>
        ) : null}
        <span className="flex-1" />
        {changeable ? (
          <Button
            size="sm"
            variant="outline"
            loading={update.isPending}
            aria-label={
              watch.status === 'active'
                ? t('watches.pauseLabel', { title: destination })
                : t('watches.resumeLabel', { title: destination })
            }
            onClick={toggle}
          >
            {watch.status === 'active' ? (
              <Pause aria-hidden="true" className="size-4" />
            ) : (
              <Play aria-hidden="true" className="size-4" />
            )}
            {watch.status === 'active' ? t('watches.pause') : t('watches.resume')}
          </Button>
        ) : null}
        {watch.status !== 'booking' ? (
          <Button
            size="sm"
            variant="ghost"
            className="text-red-700 hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-500/10"
            aria-label={t('watches.deleteLabel', { title: destination })}
            onClick={() => setConfirming(true)}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            {t('watches.delete')}
          </Button>
        ) : null}
      </div>

      <div id={historyId} hidden={!expanded} className="mt-4">
        {expanded ? <PriceHistory history={history} /> : null}
      </div>

      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          setConfirming(open);
          if (!open) remove.reset();
        }}
        title={t('watches.deleteTitle')}
        description={t('watches.deleteText', { title: destination })}
        confirmLabel={t('watches.deleteConfirm')}
        cancelLabel={t('watches.cancel')}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        error={
          remove.isError ? <Banner tone="error">{errorMessage(remove.error)}</Banner> : undefined
        }
      />
    </Card>
  );
}
