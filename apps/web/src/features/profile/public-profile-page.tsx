import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  CalendarDays,
  Camera,
  Circle,
  ExternalLink,
  Globe,
  LockKeyhole,
  MapPin,
  Music2,
  Pencil,
  Plane,
  Settings,
  UserCheck,
  UserPlus,
  UserX,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { userDisplayName } from '@vowa/shared/auth/user-display';
import { bucketListColors } from '@vowa/shared/bucket-lists/bucket-list-constants';
import {
  formatFollowers,
  normalizeWebsite,
  type SocialPlatform,
} from '@vowa/shared/profile/profile-schemas';
import type {
  PublicProfile,
  PublicProfileBucketList,
} from '@vowa/shared/profile/public-profile-schemas';
import { Avatar } from '../../components/ui/avatar';
import { Badge } from '../../components/ui/badge';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { focusRing } from '../../components/ui/button-variants';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { ApiError } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { usePublicProfile } from './public-profile-api';
import { useFormat } from '../../lib/use-format';
import { ProfileSkeleton } from './profile-skeleton';

const platformIcons: Record<SocialPlatform, LucideIcon> = { instagram: Camera, tiktok: Music2 };

const linkClass = cn(
  'inline-flex items-center gap-1 font-medium break-all text-sky-700 underline-offset-4 hover:underline dark:text-sky-300',
  focusRing,
);

/** /users/:uid: a person as the signed-in user may see them (their privacy settings decide). */
export function PublicProfilePage() {
  const { t } = useTranslation();
  const { uid = '' } = useParams();
  const profile = usePublicProfile(uid);

  if (profile.isPending) {
    return (
      <Page>
        <h1 className="sr-only">{t('publicProfile.title')}</h1>
        <ProfileSkeleton label={t('publicProfile.loading')} />
      </Page>
    );
  }

  if (profile.isError) {
    // Private and unknown look the same: the server does not say which.
    if (profile.error instanceof ApiError && profile.error.status === 404) {
      return (
        <Page>
          <EmptyState
            icon={LockKeyhole}
            title={t('publicProfile.notAvailable.title')}
            titleAs="h1"
            action={
              <Button asChild variant="outline">
                <Link to="/profile">{t('publicProfile.notAvailable.back')}</Link>
              </Button>
            }
          >
            <p>{t('publicProfile.notAvailable.text')}</p>
          </EmptyState>
        </Page>
      );
    }
    return (
      <Page>
        <h1 className="mb-6 text-3xl font-bold tracking-tight sm:text-4xl">
          {t('publicProfile.title')}
        </h1>
        <Banner
          tone="error"
          action={
            <Button size="sm" variant="outline" onClick={() => void profile.refetch()}>
              {t('publicProfile.retry')}
            </Button>
          }
        >
          {t('publicProfile.loadFailed')}
        </Banner>
      </Page>
    );
  }

  return (
    <Page>
      <ProfileView profile={profile.data} />
    </Page>
  );
}

function Page({ children }: { children: ReactNode }) {
  return <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">{children}</div>;
}

function ProfileView({ profile }: { profile: PublicProfile }) {
  const { t } = useTranslation();
  const format = useFormat();
  const self = profile.relationship === 'self';
  const name = userDisplayName(profile);

  return (
    <div className="space-y-6">
      {self ? (
        <Banner
          tone="info"
          action={
            <Button asChild size="sm" variant="outline">
              <Link to="/settings">
                <Settings aria-hidden="true" className="size-4" />
                {t('publicProfile.selfSettings')}
              </Link>
            </Button>
          }
        >
          {t('publicProfile.selfNotice')}
        </Banner>
      ) : null}

      <Card className="p-6 sm:p-8">
        <div className="flex flex-col gap-6 sm:flex-row sm:items-center">
          <Avatar
            user={profile}
            size="xl"
            alt={t('publicProfile.photoAlt', { name })}
            className="ring-4 ring-surface"
          />
          <div className="min-w-0 flex-1 space-y-3">
            <div>
              <h1 className="text-3xl font-bold tracking-tight break-words sm:text-4xl">{name}</h1>
              {profile.name && profile.name !== name ? (
                <p className="mt-1 text-ink-muted">{profile.name}</p>
              ) : null}
            </div>
            <StatusBadges profile={profile} />
            <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-ink-muted">
              {profile.location ? (
                <li className="flex items-center gap-2">
                  <MapPin aria-hidden="true" className="size-4 shrink-0" />
                  <span className="sr-only">{t('publicProfile.about.location')}: </span>
                  {profile.location}
                </li>
              ) : null}
              <li className="flex items-center gap-2">
                <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
                {t('publicProfile.memberSince', {
                  date: format.monthYear(profile.member_since),
                })}
              </li>
            </ul>
          </div>
          {self ? (
            <Button asChild variant="outline" className="sm:self-start">
              <Link to="/profile">
                <Pencil aria-hidden="true" className="size-4" />
                {t('publicProfile.editProfile')}
              </Link>
            </Button>
          ) : null}
        </div>
      </Card>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6">
          <AboutCard profile={profile} />
          <SocialCard profile={profile} />
        </div>
        <div className="space-y-6 lg:col-span-2">
          {profile.bucket_lists ? <ListsCard lists={profile.bucket_lists} /> : null}
          {profile.trips ? <TripsCard trips={profile.trips} /> : null}
        </div>
      </div>
    </div>
  );
}

function StatusBadges({ profile }: { profile: PublicProfile }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <div className="flex flex-wrap items-center gap-2">
      {profile.relationship === 'friend' ? (
        <span className="inline-flex flex-wrap items-center gap-2">
          <Badge tone="accent">
            <Users aria-hidden="true" className="size-3.5" />
            {t('publicProfile.friend')}
          </Badge>
          <span className="text-xs text-ink-muted">{t('publicProfile.friendHint')}</span>
        </span>
      ) : null}
      {profile.online === undefined ? null : profile.online ? (
        <Badge tone="success">
          <Circle aria-hidden="true" className="size-2.5 fill-current" />
          {t('publicProfile.online')}
        </Badge>
      ) : (
        <Badge tone="neutral">
          {profile.last_seen
            ? t('publicProfile.lastSeen', {
                date: format.calendarDate(profile.last_seen),
              })
            : t('publicProfile.notSeen')}
        </Badge>
      )}
      {profile.accepts_friend_requests ? (
        <Badge tone="neutral">
          <UserPlus aria-hidden="true" className="size-3.5" />
          {t('publicProfile.acceptsFriendRequests')}
        </Badge>
      ) : (
        <Badge tone="neutral">
          <UserX aria-hidden="true" className="size-3.5" />
          {t('publicProfile.noFriendRequests')}
        </Badge>
      )}
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card className="p-6" role="region" aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold tracking-tight">
        {title}
      </h2>
      {children}
    </Card>
  );
}

function AboutCard({ profile }: { profile: PublicProfile }) {
  const { t } = useTranslation();
  const website = profile.website ? normalizeWebsite(profile.website) : '';
  const notSet = <span className="text-ink-muted">{t('publicProfile.about.notSet')}</span>;
  return (
    <Section id="public-profile-about" title={t('publicProfile.about.title')}>
      <p
        className={cn(
          'mt-2 text-sm break-words whitespace-pre-line',
          profile.bio ? 'text-ink' : 'text-ink-muted',
        )}
      >
        {profile.bio || t('publicProfile.about.noBio')}
      </p>
      <dl className="mt-5 space-y-3 text-sm">
        <div>
          <dt className="flex items-center gap-2 text-xs font-medium tracking-wide text-ink-muted uppercase">
            <MapPin aria-hidden="true" className="size-4 shrink-0" />
            {t('publicProfile.about.location')}
          </dt>
          <dd className="mt-0.5 pl-6 break-words">{profile.location || notSet}</dd>
        </div>
        <div>
          <dt className="flex items-center gap-2 text-xs font-medium tracking-wide text-ink-muted uppercase">
            <Globe aria-hidden="true" className="size-4 shrink-0" />
            {t('publicProfile.about.website')}
          </dt>
          <dd className="mt-0.5 pl-6 break-words">
            {website ? (
              <a
                href={website}
                target="_blank"
                rel="noopener noreferrer nofollow"
                className={linkClass}
              >
                {website.replace(/^https?:\/\//i, '').replace(/\/$/, '')}
                <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
                <span className="sr-only">{t('publicProfile.opensNewTab')}</span>
              </a>
            ) : (
              notSet
            )}
          </dd>
        </div>
      </dl>
    </Section>
  );
}

function SocialCard({ profile }: { profile: PublicProfile }) {
  const { t } = useTranslation();
  return (
    <Section id="public-profile-social" title={t('publicProfile.social.title')}>
      {profile.social_profiles.length === 0 ? (
        <p className="mt-2 text-sm text-ink-muted">{t('publicProfile.social.empty')}</p>
      ) : (
        <ul className="mt-4 divide-y divide-line">
          {profile.social_profiles.map((account) => {
            const Icon = platformIcons[account.platform];
            return (
              <li
                key={account.platform}
                className="flex items-center gap-3 py-3 first:pt-0 last:pb-0"
              >
                <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-raised text-ink">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <div className="min-w-0 flex-1 text-sm">
                  <p className="font-semibold">
                    {t(`publicProfile.social.platforms.${account.platform}`)}
                  </p>
                  <a
                    href={account.url}
                    target="_blank"
                    rel="noopener noreferrer nofollow"
                    className={linkClass}
                  >
                    @{account.username}
                    <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
                    <span className="sr-only">{t('publicProfile.opensNewTab')}</span>
                  </a>
                  {account.followers > 0 ? (
                    <p className="text-xs text-ink-muted">
                      {t('publicProfile.social.followers', {
                        count: account.followers,
                        value: formatFollowers(account.followers),
                      })}
                    </p>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Section>
  );
}

const gradientOf = (color: PublicProfileBucketList['color']) => {
  const { from, to } = bucketListColors[color];
  return `linear-gradient(135deg, ${from}, ${to})`;
};

function ListsCard({ lists }: { lists: PublicProfileBucketList[] }) {
  const { t } = useTranslation();
  return (
    <Section id="public-profile-lists" title={t('publicProfile.lists.title')}>
      {lists.length === 0 ? (
        <p className="mt-2 text-sm text-ink-muted">{t('publicProfile.lists.empty')}</p>
      ) : (
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {lists.map((list) => (
            <li key={list.id}>
              <Link
                to={`/travel/bucket-list?list=${encodeURIComponent(list.id)}`}
                className={cn(
                  'flex h-full items-start gap-3 rounded-xl border border-line p-3 transition-colors hover:bg-raised',
                  focusRing,
                )}
              >
                <span
                  aria-hidden="true"
                  className="size-12 shrink-0 rounded-lg shadow-sm"
                  style={{ backgroundImage: gradientOf(list.color) }}
                />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium text-ink">{list.name}</span>
                  {list.description ? (
                    <span className="line-clamp-2 block text-sm text-ink-muted">
                      {list.description}
                    </span>
                  ) : null}
                  <span className="mt-1 block text-xs text-ink-muted">
                    {t('publicProfile.lists.itemCount', { count: list.item_count })} ·{' '}
                    {t('publicProfile.lists.completedCount', { count: list.completed_count })}
                  </span>
                  <span className="mt-1 flex flex-wrap gap-1.5 text-xs font-medium">
                    {list.is_public ? (
                      <span className="inline-flex items-center gap-1 text-sky-700 dark:text-sky-300">
                        <Globe aria-hidden="true" className="size-3.5" />
                        {t('publicProfile.lists.public')}
                      </span>
                    ) : null}
                    {list.shared_with_you ? (
                      <span className="inline-flex items-center gap-1 text-violet-700 dark:text-violet-300">
                        <UserCheck aria-hidden="true" className="size-3.5" />
                        {t('publicProfile.lists.sharedWithYou')}
                      </span>
                    ) : null}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function TripsCard({ trips }: { trips: NonNullable<PublicProfile['trips']> }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Section id="public-profile-trips" title={t('publicProfile.trips.title')}>
      {trips.length === 0 ? (
        <p className="mt-2 flex items-center gap-2 text-sm text-ink-muted">
          <Plane aria-hidden="true" className="size-4 shrink-0" />
          {t('publicProfile.trips.empty')}
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-line">
          {trips.map((trip) => (
            <li key={trip.id} className="flex items-center justify-between gap-3 py-3 text-sm">
              <span className="min-w-0">
                <span className="block truncate font-medium">{trip.destination}</span>
                <span className="block truncate text-ink-muted">{trip.country}</span>
              </span>
              <span className="shrink-0 text-ink-muted">{format.calendarDate(trip.date)}</span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
