import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  Award,
  CircleCheck,
  Globe2,
  Heart,
  Lock,
  Luggage,
  MapPin,
  PiggyBank,
  Plane,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import type { ProfileStats } from '@vowa/shared/profile/profile-schemas';
import { Badge } from '../../components/ui/badge';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { focusRing } from '../../components/ui/button-variants';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { useFormat } from '../../lib/use-format';
import { useProfileStats } from './profile-api';

/**
 * The four stat tiles, the Financial Overview (when finances are connected), Achievements and
 * Recent Trips, all computed by the server from the user's bookings, lists and finances.
 */
export function ProfileStatsSection() {
  const { t } = useTranslation();
  const stats = useProfileStats();

  if (stats.isPending) {
    return (
      <div role="status" className="space-y-6">
        <span className="sr-only">{t('profile.stats.loading')}</span>
        <div className="grid grid-cols-2 gap-4 xl:grid-cols-4">
          {[0, 1, 2, 3].map((index) => (
            <Skeleton key={index} className="h-28" />
          ))}
        </div>
        <Skeleton className="h-64" />
      </div>
    );
  }
  if (stats.isError) return <Banner tone="error">{t('profile.stats.loadFailed')}</Banner>;

  const data = stats.data;
  return (
    <div className="space-y-6">
      <StatTiles stats={data} />
      {data.financialOverview ? (
        <FinancialOverviewCard overview={data.financialOverview} currency={data.currency} />
      ) : null}
      <AchievementsCard achievements={data.achievements} />
      <RecentTripsCard trips={data.recentTrips} />
    </div>
  );
}

function StatTiles({ stats }: { stats: ProfileStats }) {
  const { t } = useTranslation();
  const format = useFormat();
  const number = (value: number) => format.number(value);
  const tiles: { key: string; icon: LucideIcon; label: string; value: ReactNode }[] = [
    {
      key: 'trips',
      icon: Plane,
      label: t('profile.stats.tripsBooked'),
      value: number(stats.tripsBooked),
    },
    {
      key: 'saved',
      icon: PiggyBank,
      label: t('profile.stats.totalSaved'),
      value: format.money(stats.totalSaved, stats.currency),
    },
    {
      key: 'countries',
      icon: Globe2,
      label: t('profile.stats.countriesVisited'),
      value: number(stats.countriesVisited),
    },
    {
      key: 'favorite',
      icon: Heart,
      label: t('profile.stats.favoriteDestination'),
      value: stats.favoriteDestination ?? (
        <>
          <span aria-hidden="true">—</span>
          <span className="sr-only">{t('profile.stats.none')}</span>
        </>
      ),
    },
  ];
  return (
    <section aria-label={t('profile.stats.label')}>
      <dl className="grid grid-cols-2 gap-4 xl:grid-cols-4">
        {tiles.map(({ key, icon: Icon, label, value }) => (
          <Card key={key} className="flex flex-col gap-2 p-4" data-testid={`stat-${key}`}>
            <dt className="flex flex-col gap-2 text-sm text-ink-muted">
              <Icon aria-hidden="true" className="size-5 text-violet-700 dark:text-violet-300" />
              {label}
            </dt>
            <dd className="truncate text-2xl font-bold tracking-tight text-ink">{value}</dd>
          </Card>
        ))}
      </dl>
    </section>
  );
}

function FinancialOverviewCard({
  overview,
  currency,
}: {
  overview: NonNullable<ProfileStats['financialOverview']>;
  currency: string;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const money = (amount: number) => format.money(amount, currency);
  const rows = [
    { label: t('profile.finance.income'), value: money(overview.monthlyIncome) },
    { label: t('profile.finance.expenses'), value: money(overview.monthlyExpenses) },
    { label: t('profile.finance.balance'), value: money(overview.availableBalance) },
    { label: t('profile.finance.tripBudget'), value: money(overview.maxTripBudget) },
  ];
  return (
    <Card className="p-6" role="region" aria-labelledby="profile-finance-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2
          id="profile-finance-title"
          className="flex items-center gap-2 text-lg font-semibold tracking-tight"
        >
          <Wallet aria-hidden="true" className="size-5 text-violet-700 dark:text-violet-300" />
          {t('profile.finance.title')}
        </h2>
        <Button asChild size="sm" variant="ghost">
          <Link to="/financial/connect">{t('profile.finance.manage')}</Link>
        </Button>
      </div>
      {overview.institutionName ? (
        <p className="mt-1 text-sm text-ink-muted">
          {t('profile.finance.source', { name: overview.institutionName })}
        </p>
      ) : null}
      <dl className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4">
        {rows.map((row) => (
          <div key={row.label}>
            <dt className="text-sm text-ink-muted">{row.label}</dt>
            <dd className="text-lg font-semibold">{row.value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

function AchievementsCard({ achievements }: { achievements: ProfileStats['achievements'] }) {
  const { t } = useTranslation();
  const unlocked = achievements.filter((achievement) => achievement.unlocked).length;
  return (
    <Card className="p-6" role="region" aria-labelledby="profile-achievements-title">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2
          id="profile-achievements-title"
          className="flex items-center gap-2 text-lg font-semibold tracking-tight"
        >
          <Award aria-hidden="true" className="size-5 text-violet-700 dark:text-violet-300" />
          {t('profile.achievements.title')}
        </h2>
        <p className="text-sm text-ink-muted">
          {t('profile.achievements.summary', { unlocked, total: achievements.length })}
        </p>
      </div>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {achievements.map((achievement) => {
          const title = t(`profile.achievements.items.${achievement.key}.title`);
          const target = Math.max(achievement.target, 1);
          const percent = Math.min(100, Math.round((achievement.progress / target) * 100));
          return (
            <li
              key={achievement.key}
              aria-label={title}
              className={cn(
                'flex gap-3 rounded-xl border p-3',
                achievement.unlocked
                  ? 'border-violet-300 bg-violet-50/60 dark:border-violet-400/30 dark:bg-violet-400/10'
                  : 'border-line',
              )}
            >
              <span
                className={cn(
                  'flex size-10 shrink-0 items-center justify-center rounded-xl',
                  achievement.unlocked
                    ? 'bg-linear-to-br from-sky-600 to-violet-600 text-white'
                    : 'bg-raised text-ink-muted',
                )}
              >
                {achievement.unlocked ? (
                  <CircleCheck aria-hidden="true" className="size-5" />
                ) : (
                  <Lock aria-hidden="true" className="size-5" />
                )}
              </span>
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="text-sm font-semibold">{title}</h3>
                  <Badge tone={achievement.unlocked ? 'success' : 'neutral'}>
                    {achievement.unlocked
                      ? t('profile.achievements.unlocked')
                      : t('profile.achievements.locked')}
                  </Badge>
                </div>
                <p className="mt-0.5 text-sm text-ink-muted">
                  {t(`profile.achievements.items.${achievement.key}.text`)}
                </p>
                <div className="mt-2 flex items-center gap-2">
                  <div
                    aria-hidden="true"
                    className="h-1.5 flex-1 overflow-hidden rounded-full bg-raised"
                  >
                    <div
                      className="h-full rounded-full bg-linear-to-r from-sky-500 to-violet-600"
                      style={{ width: `${percent}%` }}
                    />
                  </div>
                  <span className="text-xs font-medium text-ink-muted">
                    {t('profile.achievements.progress', {
                      progress: Math.min(achievement.progress, achievement.target),
                      target: achievement.target,
                    })}
                  </span>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

function RecentTripsCard({ trips }: { trips: ProfileStats['recentTrips'] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const statusLabel = (status: string) => {
    const key = status.toLowerCase();
    return key === 'confirmed' ||
      key === 'pending' ||
      key === 'cancelled' ||
      key === 'completed' ||
      key === 'failed'
      ? t(`profile.trips.statuses.${key}`)
      : status;
  };
  return (
    <Card className="p-6" role="region" aria-labelledby="profile-trips-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2
          id="profile-trips-title"
          className="flex items-center gap-2 text-lg font-semibold tracking-tight"
        >
          <Luggage aria-hidden="true" className="size-5 text-violet-700 dark:text-violet-300" />
          {t('profile.trips.title')}
        </h2>
        {trips.length > 0 ? (
          <Button asChild size="sm" variant="ghost">
            <Link to="/trips">{t('profile.trips.viewAll')}</Link>
          </Button>
        ) : null}
      </div>
      {trips.length === 0 ? (
        <EmptyState
          icon={Plane}
          title={t('profile.trips.empty')}
          titleAs="h3"
          className="mt-4 border-none py-8"
          action={
            <Link
              to="/travel/suggestions"
              className={cn(
                'font-semibold text-sky-700 underline underline-offset-4 dark:text-sky-300',
                focusRing,
              )}
            >
              {t('profile.trips.browse')}
            </Link>
          }
        >
          <p>{t('profile.trips.emptyText')}</p>
        </EmptyState>
      ) : (
        <ul className="mt-4 divide-y divide-line">
          {trips.map((trip) => (
            <li key={trip.id} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
              <MapPin aria-hidden="true" className="size-5 shrink-0 text-ink-muted" />
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">
                  {t('profile.trips.place', {
                    destination: trip.destination,
                    country: trip.country,
                  })}
                </p>
                <p className="text-sm text-ink-muted">{format.calendarDate(trip.date)}</p>
              </div>
              <Badge tone="neutral">{statusLabel(trip.status)}</Badge>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
