import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Tabs } from 'radix-ui';
import { Bell, CheckCircle2, Globe2, Lock, ShieldCheck } from 'lucide-react';
import {
  LANGUAGE_NAMES,
  languages,
  profileVisibilities,
  SETTINGS_SAVED_MESSAGE_MS,
  settingsTabs,
  settingsTimezones,
  type SettingsTab,
} from '@vowa/shared/settings/settings-constants';
import { type UserSettings, type UserSettingsUpdate } from '@vowa/shared/settings/settings-schemas';
import { displayCurrencies } from '@vowa/shared/travel/travel-constants';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { focusRing } from '../../components/ui/button-variants';
import { Card } from '../../components/ui/card';
import { Select } from '../../components/ui/select';
import { PageSkeleton } from '../../components/ui/skeleton';
import { Switch } from '../../components/ui/switch';
import { ApiError, errorMessage } from '../../lib/api-client';
import i18n, { switchLanguage } from '../../lib/i18n';
import { cn } from '../../lib/cn';
import { useSession } from '../../lib/session-context';
import { PushNotificationsSwitch } from './push-notifications-switch';
import { useSaveUserSettings, useUserSettings } from './settings-api';

type Draft = Omit<UserSettings, 'account'> & {
  account: Omit<UserSettings['account'], 'biometricAuth' | 'twoFactorAuth'>;
};

const draftOf = ({ account, ...rest }: UserSettings): Draft => ({
  ...rest,
  account: {
    language: account.language,
    currency: account.currency,
    timezone: account.timezone,
    autoBooking: account.autoBooking,
  },
});

/** Only the groups and fields that differ from what is saved. */
function changesBetween(saved: Draft, draft: Draft): UserSettingsUpdate {
  const changes: Record<string, Record<string, unknown>> = {};
  for (const group of ['notifications', 'privacy', 'account'] as const) {
    for (const [key, value] of Object.entries(draft[group])) {
      if ((saved[group] as Record<string, unknown>)[key] !== value) {
        (changes[group] ??= {})[key] = value;
      }
    }
  }
  return changes as UserSettingsUpdate;
}

const TAB_ICONS: Record<SettingsTab, typeof Globe2> = {
  general: Globe2,
  notifications: Bell,
  privacy: Lock,
  security: ShieldCheck,
};

/**
 * /settings (part 1 §2): four tabs, stored on the server, Save Changes after any change. The
 * Security tab belongs to the security feature; the app passes it in (features stay apart), as
 * it does `sections` shown below the tabs in their own cards (payment methods).
 */
export function SettingsPage({
  securityTab,
  sections,
}: {
  securityTab: ReactNode;
  sections?: ReactNode;
}) {
  const { t } = useTranslation();
  const settings = useUserSettings();
  return (
    <div className="mx-auto w-full max-w-3xl space-y-8 px-4 py-10 sm:px-6">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">{t('settings.title')}</h1>
        <p className="text-ink-muted">{t('settings.subtitle')}</p>
      </header>
      {settings.isPending ? (
        <PageSkeleton label={t('settings.loading')} />
      ) : settings.isError ? (
        <Banner tone="error">{errorMessage(settings.error)}</Banner>
      ) : (
        <SettingsForm saved={settings.data} securityTab={securityTab} />
      )}
      {sections}
    </div>
  );
}

function SettingsForm({ saved, securityTab }: { saved: UserSettings; securityTab: ReactNode }) {
  const { t, i18n } = useTranslation();
  const save = useSaveUserSettings();
  const [tab, setTab] = useState<SettingsTab>('general');
  const [draft, setDraft] = useState<Draft>(() => draftOf(saved));
  const [baseline, setBaseline] = useState(saved);
  const [savedMessage, setSavedMessage] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // When the saved settings change elsewhere (auto-booking on the Budget screen), follow them.
  if (baseline !== saved) {
    setBaseline(saved);
    setDraft(draftOf(saved));
  }

  const changes = changesBetween(draftOf(saved), draft);
  const changed = Object.keys(changes).length > 0;

  const set = <G extends keyof Draft>(group: G, key: keyof Draft[G], value: unknown) => {
    setDraft((current) => ({ ...current, [group]: { ...current[group], [key]: value } }));
    setSavedMessage(false);
  };

  const submit = () => {
    save.mutate(changes, {
      onSuccess: (result) => {
        if (result.account.language !== i18n.language) {
          void switchLanguage(result.account.language);
        }
        setSavedMessage(true);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setSavedMessage(false), SETTINGS_SAVED_MESSAGE_MS);
      },
    });
  };

  const option = (value: string, label: string) => ({ value, label });

  return (
    <Tabs.Root value={tab} onValueChange={(value) => setTab(value as SettingsTab)}>
      <Tabs.List
        aria-label={t('settings.tabsLabel')}
        // Two rows on phones: four tabs in one scrolling row cut "Security" off with no sign.
        className="grid grid-cols-2 gap-1 rounded-2xl border border-line bg-surface p-1 sm:flex"
      >
        {settingsTabs.map((value) => {
          const Icon = TAB_ICONS[value];
          return (
            <Tabs.Trigger
              key={value}
              value={value}
              className={cn(
                'inline-flex flex-1 shrink-0 items-center justify-center gap-2 rounded-xl px-3 py-2 text-sm font-semibold text-ink-muted transition-colors',
                'data-[state=active]:bg-linear-to-r data-[state=active]:from-sky-700 data-[state=active]:to-violet-600 data-[state=active]:text-white',
                'hover:text-ink',
                focusRing,
              )}
            >
              <Icon aria-hidden="true" className="size-4" />
              {t(`settings.tabs.${value}`)}
            </Tabs.Trigger>
          );
        })}
      </Tabs.List>

      <Tabs.Content value="general" className="mt-6">
        <Section
          title={t('settings.general.title')}
          description={t('settings.general.description')}
        >
          <Select
            label={t('settings.general.language')}
            value={draft.account.language}
            onChange={(event) => set('account', 'language', event.target.value)}
            options={languages.map((value) => option(value, LANGUAGE_NAMES[value]))}
          />
          <Select
            label={t('settings.general.currency')}
            hint={t('settings.general.currencyHint')}
            value={draft.account.currency}
            onChange={(event) => set('account', 'currency', event.target.value)}
            options={displayCurrencies.map((value) =>
              option(value, t(`settings.general.currencies.${value}`)),
            )}
          />
          <Select
            label={t('settings.general.timezone')}
            value={draft.account.timezone}
            onChange={(event) => set('account', 'timezone', event.target.value)}
            options={settingsTimezones.map((value) =>
              option(
                value,
                t(
                  `settings.general.timezones.${value.replace('/', '_')}` as 'settings.general.timezones.Asia_Tokyo',
                ),
              ),
            )}
          />
          <Switch
            label={t('settings.general.autoBooking')}
            description={t('settings.general.autoBookingHint')}
            checked={draft.account.autoBooking}
            onCheckedChange={(checked) => set('account', 'autoBooking', checked)}
          />
        </Section>
      </Tabs.Content>

      <Tabs.Content value="notifications" className="mt-6">
        <Section
          title={t('settings.notifications.title')}
          description={t('settings.notifications.description')}
        >
          {(Object.keys(draft.notifications) as (keyof Draft['notifications'])[]).map((key) =>
            key === 'pushNotifications' ? (
              <PushNotificationsSwitch
                key={key}
                checked={draft.notifications[key]}
                onCheckedChange={(checked) => set('notifications', key, checked)}
              />
            ) : (
              <Switch
                key={key}
                label={t(`settings.notifications.${key}.label`)}
                description={t(`settings.notifications.${key}.hint`)}
                checked={draft.notifications[key]}
                onCheckedChange={(checked) => set('notifications', key, checked)}
              />
            ),
          )}
        </Section>
      </Tabs.Content>

      <Tabs.Content value="privacy" className="mt-6">
        <Section
          title={t('settings.privacy.title')}
          description={t('settings.privacy.description')}
        >
          <Select
            label={t('settings.privacy.profileVisibility')}
            value={draft.privacy.profileVisibility}
            onChange={(event) => set('privacy', 'profileVisibility', event.target.value)}
            options={profileVisibilities.map((value) =>
              option(value, t(`settings.privacy.visibility.${value}`)),
            )}
          />
          {(
            ['shareTrips', 'shareBucketList', 'allowFriendRequests', 'showOnlineStatus'] as const
          ).map((key) => (
            <Switch
              key={key}
              label={t(`settings.privacy.${key}.label`)}
              description={t(`settings.privacy.${key}.hint`)}
              checked={draft.privacy[key]}
              onCheckedChange={(checked) => set('privacy', key, checked)}
            />
          ))}
          <PublicProfileHint />
        </Section>
      </Tabs.Content>

      <Tabs.Content value="security" className="mt-6">
        {securityTab}
      </Tabs.Content>

      {/* The bar sticks to the bottom only while there is something to save; its own surface keeps
          it from sitting see-through over the last switches, and the saved message shows in the
          page's flow, under the settings, never over them. */}
      <div
        className={cn(
          'mt-6 flex flex-wrap items-center justify-end gap-3',
          changed &&
            'sticky bottom-4 z-10 rounded-2xl border border-line bg-surface/95 p-3 shadow-lg backdrop-blur',
        )}
      >
        <p role="status" aria-live="polite" className="text-sm">
          {savedMessage ? (
            <span className="inline-flex items-center gap-2 rounded-full bg-emerald-100 px-3 py-1 font-medium text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
              <CheckCircle2 aria-hidden="true" className="size-4" />
              {t('settings.saved')}
            </span>
          ) : null}
        </p>
        {save.isError ? <Banner tone="error">{saveErrorText(save.error)}</Banner> : null}
        {changed ? (
          <Button onClick={submit} loading={save.isPending} disabled={save.isPending}>
            {t('settings.save')}
          </Button>
        ) : null}
      </div>
    </Tabs.Root>
  );
}

/**
 * The server's refusal in the person's language. Auto-booking's two refusals (issue 16 §4) are
 * said as what was not turned on and why: the generic texts of those codes speak of other
 * screens (a bank link).
 */
function saveErrorText(error: Error): string {
  const code = error instanceof ApiError ? error.code : undefined;
  if (code === 'auto_booking_needs_card') return i18n.t('finance.autoBooking.refusedCard');
  if (code === 'email_not_verified') return i18n.t('finance.autoBooking.refusedEmail');
  return errorMessage(error);
}

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card className="space-y-6 p-6">
      <div>
        <h2 className="text-lg font-semibold">{title}</h2>
        <p className="mt-1 text-sm text-ink-muted">{description}</p>
      </div>
      <div className="space-y-5">{children}</div>
    </Card>
  );
}

/** Where the privacy settings show: the user's public profile, as other people see it. */
function PublicProfileHint() {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!user) return null;
  return (
    <p className="text-sm text-ink-muted">
      {t('publicProfile.privacyHint')}{' '}
      <Link
        to={`/users/${encodeURIComponent(user.id)}`}
        className={cn(
          'font-medium text-sky-700 underline underline-offset-4 dark:text-sky-300',
          focusRing,
        )}
      >
        {t('publicProfile.privacyPreview')}
      </Link>
    </p>
  );
}
