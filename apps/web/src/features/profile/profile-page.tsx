import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { SETTINGS_SAVED_MESSAGE_MS } from '@vowa/shared/app/timings';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  CalendarDays,
  Camera,
  ExternalLink,
  Eye,
  Globe,
  Mail,
  MapPin,
  Pencil,
  Phone,
  PlaneTakeoff,
  Trash2,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import { userDisplayName } from '@vowa/shared/auth/user-display';
import {
  AVATAR_MAX_BYTES,
  avatarMimeTypes,
  isProfileIncomplete,
  normalizeWebsite,
  type Profile,
} from '@vowa/shared/profile/profile-schemas';
import { Avatar } from '../../components/ui/avatar';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { focusRing } from '../../components/ui/button-variants';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { useFormat } from '../../lib/use-format';
import { ProfileSkeleton } from './profile-skeleton';
import { displayWebsite } from './format';
import { useProfile, useUploadAvatar } from './profile-api';
import { ProfileForm, type FocusField } from './profile-form';
import { ProfileStatsSection } from './profile-stats';
import { SocialProfilesCard } from './social-profiles';

/** /profile (part 1 §2): the profile, its edit mode, social accounts and the user's stats. */
export function ProfilePage() {
  const { t } = useTranslation();
  const profile = useProfile();

  let body: ReactNode;
  if (profile.isPending) {
    body = <ProfileSkeleton label={t('profile.loading')} />;
  } else if (profile.isError) {
    body = (
      <Banner
        tone="error"
        action={
          <Button size="sm" variant="outline" onClick={() => void profile.refetch()}>
            {t('profile.retry')}
          </Button>
        }
      >
        {t('profile.loadFailed')}
      </Banner>
    );
  } else {
    body = <ProfileView profile={profile.data} />;
  }

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="mb-6 text-3xl font-bold tracking-tight sm:text-4xl">{t('profile.title')}</h1>
      {body}
    </div>
  );
}

function ProfileView({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const format = useFormat();
  const upload = useUploadAvatar();
  const [editing, setEditing] = useState(false);
  const [focusField, setFocusField] = useState<FocusField>('name');
  const [pendingAvatar, setPendingAvatar] = useState<string | null | undefined>(undefined);
  const [photoError, setPhotoError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  // A confirmation, not a fixture: it goes after the same time as the settings' one.
  useEffect(() => {
    if (!announcement) return;
    const timer = window.setTimeout(() => setAnnouncement(''), SETTINGS_SAVED_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [announcement]);
  const fileInput = useRef<HTMLInputElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  // Each edit session has a number, so a photo that finishes uploading after Cancel is dropped.
  const session = useRef(0);

  // Leaving edit mode (Save or Cancel) puts focus back on Edit Profile.
  const wasEditing = useRef(false);
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const startEditing = (field: FocusField) => {
    session.current += 1;
    setAnnouncement('');
    setPendingAvatar(undefined);
    setPhotoError(undefined);
    setFocusField(field);
    setEditing(true);
  };

  const stopEditing = () => {
    session.current += 1;
    setPendingAvatar(undefined);
    setPhotoError(undefined);
    setEditing(false);
  };

  const choosePhoto = (file: File | undefined) => {
    if (!file) return;
    setPhotoError(undefined);
    if (!(avatarMimeTypes as readonly string[]).includes(file.type)) {
      setPhotoError(t('profile.photo.typeError'));
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      setPhotoError(t('profile.photo.sizeError'));
      return;
    }
    const started = session.current;
    upload.mutate(file, {
      onSuccess: ({ avatar }) => {
        if (session.current !== started) return;
        setPendingAvatar(avatar);
        setAnnouncement(t('profile.photo.ready'));
      },
      onError: (error) => {
        if (session.current === started) setPhotoError(errorMessage(error));
      },
    });
  };

  const onSavingChange = useCallback((value: boolean) => setSaving(value), []);
  const name = userDisplayName(profile);
  const shownAvatar = editing && pendingAvatar !== undefined ? pendingAvatar : profile.avatar;
  const photoBusy = upload.isPending;

  return (
    <div className="space-y-6">
      <div role="status" aria-live="polite">
        {announcement ? (
          <p className="rounded-xl border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm text-emerald-800 dark:border-emerald-400/30 dark:bg-emerald-500/10 dark:text-emerald-200">
            {announcement}
          </p>
        ) : null}
      </div>

      {isProfileIncomplete(profile) && !editing ? (
        <Banner
          tone="info"
          action={
            <Button size="sm" variant="outline" onClick={() => startEditing('bio')}>
              {t('profile.completion.action')}
            </Button>
          }
        >
          <p className="font-semibold">{t('profile.completion.title')}</p>
          <p>{t('profile.completion.text')}</p>
        </Banner>
      ) : null}

      <Card className="p-6 sm:p-8">
        <div className="flex flex-col gap-6 sm:flex-row sm:items-center">
          <div className="relative w-fit shrink-0">
            <Avatar
              user={{ ...profile, avatar: shownAvatar }}
              size="xl"
              alt={t('profile.photo.alt', { name })}
              className="ring-4 ring-surface"
            />
            {photoBusy ? (
              <span className="absolute inset-0 flex items-center justify-center rounded-full bg-slate-950/50 text-white">
                <Spinner className="size-6" />
              </span>
            ) : null}
            <Button
              size="sm"
              variant="secondary"
              aria-label={t('profile.photo.change')}
              title={editing ? t('profile.photo.change') : t('profile.photo.changeHint')}
              disabled={!editing || photoBusy || saving}
              onClick={() => fileInput.current?.click()}
              className="absolute -right-1 -bottom-1 size-10 rounded-full p-0"
            >
              <Camera aria-hidden="true" className="size-4" />
            </Button>
            <input
              ref={fileInput}
              type="file"
              accept={avatarMimeTypes.join(',')}
              hidden
              data-testid="avatar-file"
              onChange={(event) => {
                choosePhoto(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
          </div>

          <div className="min-w-0 flex-1 space-y-1">
            <h2 className="truncate text-2xl font-bold tracking-tight">{profile.name || name}</h2>
            {profile.display_name && profile.display_name !== profile.name ? (
              <p className="text-ink-muted">{profile.display_name}</p>
            ) : null}
            <p className="flex items-center gap-2 text-sm text-ink-muted">
              <Mail aria-hidden="true" className="size-4 shrink-0" />
              <span className="truncate">{profile.email}</span>
            </p>
            <p className="flex items-center gap-2 text-sm text-ink-muted">
              <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
              {t('profile.memberSince', {
                date: format.monthYear(profile.member_since),
              })}
            </p>
          </div>

          {editing ? null : (
            <div className="flex flex-wrap gap-2 sm:flex-col sm:items-stretch sm:self-start">
              <Button ref={editButton} onClick={() => startEditing('name')}>
                <Pencil aria-hidden="true" className="size-4" />
                {t('profile.editProfile')}
              </Button>
              {/* The profile as other people see it, with the owner's privacy settings applied. */}
              <Button asChild variant="outline">
                <Link to={`/users/${encodeURIComponent(profile.uid)}`}>
                  <Eye aria-hidden="true" className="size-4" />
                  {t('publicProfile.viewAsOthers')}
                </Link>
              </Button>
            </div>
          )}
        </div>

        {editing ? (
          <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-ink-muted">
            <span>{photoBusy ? t('profile.photo.uploading') : t('profile.photo.hint')}</span>
            {shownAvatar ? (
              <Button
                size="sm"
                variant="ghost"
                disabled={photoBusy || saving}
                onClick={() => {
                  setPendingAvatar(null);
                  setPhotoError(undefined);
                  setAnnouncement(t('profile.photo.removed'));
                }}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                {t('profile.photo.remove')}
              </Button>
            ) : null}
          </div>
        ) : null}

        {photoError ? (
          <Banner tone="error" className="mt-4">
            {photoError}
          </Banner>
        ) : null}

        {profile.pending_email ? (
          <Banner tone="info" className="mt-4">
            {t('profile.pendingEmail', { email: profile.pending_email })}
          </Banner>
        ) : null}

        {editing ? (
          <div className="mt-8 border-t border-line pt-6">
            <ProfileForm
              profile={profile}
              pendingAvatar={pendingAvatar}
              uploading={photoBusy}
              focusField={focusField}
              onSavingChange={onSavingChange}
              onAvatarError={setPhotoError}
              onCancel={stopEditing}
              onSaved={(_saved, emailSentTo) => {
                stopEditing();
                setAnnouncement(
                  emailSentTo
                    ? `${t('profile.saved')} ${t('profile.pendingEmail', { email: emailSentTo })}`
                    : t('profile.saved'),
                );
              }}
            />
          </div>
        ) : null}
      </Card>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6">
          {editing ? null : <AboutCard profile={profile} />}
          <SocialProfilesCard uid={profile.uid} onAnnounce={setAnnouncement} />
        </div>
        <div className="lg:col-span-2">
          <ProfileStatsSection />
        </div>
      </div>
    </div>
  );
}

function AboutCard({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const notSet = <span className="text-ink-muted">{t('profile.about.notSet')}</span>;
  const website = profile.website ? normalizeWebsite(profile.website) : '';
  const rows: { key: string; icon: LucideIcon; label: string; value: ReactNode }[] = [
    {
      key: 'display-name',
      icon: UserRound,
      label: t('profile.about.displayName'),
      value: profile.display_name || notSet,
    },
    {
      key: 'location',
      icon: MapPin,
      label: t('profile.about.location'),
      value: profile.location || notSet,
    },
    {
      key: 'website',
      icon: Globe,
      label: t('profile.about.website'),
      value: website ? (
        <a
          href={website}
          target="_blank"
          rel="noopener noreferrer"
          className={cn(
            'inline-flex items-center gap-1 font-medium break-all text-sky-700 underline-offset-4 hover:underline dark:text-sky-300',
            focusRing,
          )}
        >
          {displayWebsite(website)}
          <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
          <span className="sr-only">{t('profile.opensNewTab')}</span>
        </a>
      ) : (
        notSet
      ),
    },
    {
      key: 'phone',
      icon: Phone,
      label: t('profile.about.phone'),
      value: profile.phone ? (
        <a
          href={`tel:${profile.phone.replace(/[^\d+]/g, '')}`}
          className={cn('font-medium underline-offset-4 hover:underline', focusRing)}
        >
          {profile.phone}
        </a>
      ) : (
        notSet
      ),
    },
    {
      key: 'home-airport',
      icon: PlaneTakeoff,
      label: t('profile.about.homeAirport'),
      value: profile.home_airport
        ? t('profile.about.airport', {
            city: profile.home_airport.city,
            code: profile.home_airport.code,
          })
        : t('profile.about.nearestAirport'),
    },
  ];
  return (
    <Card className="p-6" role="region" aria-labelledby="profile-about-title">
      <h2 id="profile-about-title" className="text-lg font-semibold tracking-tight">
        {t('profile.about.title')}
      </h2>
      <p
        className={cn(
          'mt-2 text-sm whitespace-pre-line',
          profile.bio ? 'text-ink' : 'text-ink-muted',
        )}
      >
        {profile.bio || t('profile.about.noBio')}
      </p>
      <dl className="mt-5 space-y-3 text-sm">
        {rows.map(({ key, icon: Icon, label, value }) => (
          <div key={key} data-testid={`about-${key}`}>
            <dt className="flex items-center gap-2 text-xs font-medium tracking-wide text-ink-muted uppercase">
              <Icon aria-hidden="true" className="size-4 shrink-0" />
              {label}
            </dt>
            <dd className="mt-0.5 pl-6 break-words">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
