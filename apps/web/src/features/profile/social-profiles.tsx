import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Camera, ExternalLink, Music2, Plus, ShieldQuestion, type LucideIcon } from 'lucide-react';
import type { z } from 'zod';
import {
  connectSocialProfileSchema,
  formatFollowers,
  socialPlatforms,
  socialProfileUrl,
  type SocialPlatform,
  type SocialProfile,
} from '@vowa/shared/profile/profile-schemas';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { focusRing } from '../../components/ui/button-variants';
import { Card } from '../../components/ui/card';
import { Dialog } from '../../components/ui/dialog';
import { Select } from '../../components/ui/select';
import { Skeleton } from '../../components/ui/skeleton';
import { TextInput } from '../../components/ui/text-input';
import { ApiError } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { translateValidation } from '../../lib/i18n';
import {
  useConnectSocialProfile,
  useDisconnectSocialProfile,
  useSocialProfiles,
} from './profile-api';

const platformIcons: Record<SocialPlatform, LucideIcon> = { instagram: Camera, tiktok: Music2 };

/** The server's text for the failure (by its code), when it adds something to the spec's sentence. */
const detailOf = (error: unknown) => (error instanceof ApiError ? error.serverText : undefined);

/** Social Media (part 1 §2): Instagram and TikTok, Connect Account, Disconnect. */
export function SocialProfilesCard({
  uid,
  onAnnounce,
}: {
  uid: string;
  onAnnounce: (text: string) => void;
}) {
  const { t } = useTranslation();
  const social = useSocialProfiles(uid);
  const disconnect = useDisconnectSocialProfile(uid);
  // A fresh form (key) each time the dialog opens.
  const [dialog, setDialog] = useState({ open: false, key: 0 });
  const platformName = (platform: SocialPlatform) => t(`profile.social.platforms.${platform}`);
  const byPlatform = new Map(
    (social.data ?? [])
      .filter((profile) => profile.connected)
      .map((profile) => [profile.platform, profile]),
  );
  const firstFree = socialPlatforms.find((platform) => !byPlatform.has(platform)) ?? 'instagram';
  const followers = (count: number) =>
    t('profile.social.followersCount', {
      count,
      value: formatFollowers(count),
    });

  return (
    <Card className="p-6" role="region" aria-labelledby="profile-social-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="profile-social-title" className="text-lg font-semibold tracking-tight">
          {t('profile.social.title')}
        </h2>
        <Button
          size="sm"
          variant="outline"
          disabled={!social.isSuccess}
          onClick={() => setDialog((last) => ({ open: true, key: last.key + 1 }))}
        >
          <Plus aria-hidden="true" className="size-4" />
          {t('profile.social.connect')}
        </Button>
      </div>

      {disconnect.isError ? (
        <Banner tone="error" className="mt-4">
          {t('profile.social.disconnectFailed', {
            platform: platformName(disconnect.variables ?? 'instagram'),
          })}
          {detailOf(disconnect.error) ? (
            <span className="block">{detailOf(disconnect.error)}</span>
          ) : null}
        </Banner>
      ) : null}

      {social.isPending ? (
        <div role="status" className="mt-4 space-y-3">
          <span className="sr-only">{t('profile.social.loading')}</span>
          <Skeleton className="h-14" />
          <Skeleton className="h-14" />
        </div>
      ) : social.isError ? (
        <Banner tone="error" className="mt-4">
          {t('profile.social.loadFailed')}
        </Banner>
      ) : (
        <ul className="mt-4 divide-y divide-line">
          {socialPlatforms.map((platform) => {
            const profile = byPlatform.get(platform);
            const Icon = platformIcons[platform];
            return (
              <li key={platform} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-raised text-ink">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-semibold">{platformName(platform)}</p>
                  {profile ? (
                    <ConnectedDetails
                      profile={profile}
                      platformName={platformName(platform)}
                      // Zero means not given (the field is optional): no '0 followers'.
                      followers={profile.followers > 0 ? followers(profile.followers) : null}
                    />
                  ) : (
                    <p className="text-sm text-ink-muted">{t('profile.social.notConnected')}</p>
                  )}
                </div>
                {profile ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={t('profile.social.disconnectLabel', {
                      platform: platformName(platform),
                    })}
                    loading={disconnect.isPending && disconnect.variables === platform}
                    disabled={disconnect.isPending}
                    onClick={() =>
                      disconnect.mutate(platform, {
                        onSuccess: () =>
                          onAnnounce(
                            t('profile.social.disconnected', { platform: platformName(platform) }),
                          ),
                      })
                    }
                  >
                    {t('profile.social.disconnect')}
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}

      <ConnectSocialDialog
        key={dialog.key}
        uid={uid}
        open={dialog.open}
        initialPlatform={firstFree}
        onOpenChange={(open) => setDialog((last) => ({ ...last, open }))}
        onConnected={(saved) =>
          onAnnounce(t('profile.social.connected', { platform: platformName(saved.platform) }))
        }
      />
    </Card>
  );
}

function ConnectedDetails({
  profile,
  platformName,
  followers,
}: {
  profile: SocialProfile;
  platformName: string;
  followers: string | null;
}) {
  const { t } = useTranslation();
  const url = profile.url || socialProfileUrl(profile.platform, profile.username);
  return (
    <div className="text-sm">
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        className={cn(
          'inline-flex items-center gap-1 font-medium text-sky-700 underline-offset-4 hover:underline dark:text-sky-300',
          focusRing,
        )}
      >
        {t('profile.social.profileLink', { username: profile.username, platform: platformName })}
        <ExternalLink aria-hidden="true" className="size-3.5" />
        <span className="sr-only">{t('profile.opensNewTab')}</span>
      </a>
      <p className="flex flex-wrap items-center gap-x-2 text-ink-muted">
        {followers ? (
          <>
            <span>{followers}</span>
            <span aria-hidden="true">·</span>
          </>
        ) : null}
        {profile.verified ? (
          <span>{t('profile.social.verified')}</span>
        ) : (
          <span className="inline-flex items-center gap-1">
            <ShieldQuestion aria-hidden="true" className="size-3.5" />
            {t('profile.social.notVerified')}
          </span>
        )}
      </p>
    </div>
  );
}

type ConnectInput = z.input<typeof connectSocialProfileSchema>;
type ConnectOutput = z.output<typeof connectSocialProfileSchema>;

const optionalCount = (value: unknown) =>
  value === '' || value === null || value === undefined ? undefined : Number(value);

/** The Connect Account modal: platform, username (a leading @ is fine), follower count. */
function ConnectSocialDialog({
  uid,
  open,
  initialPlatform,
  onOpenChange,
  onConnected,
}: {
  uid: string;
  open: boolean;
  initialPlatform: SocialPlatform;
  onOpenChange: (open: boolean) => void;
  onConnected: (saved: SocialProfile) => void;
}) {
  const { t } = useTranslation();
  const connect = useConnectSocialProfile(uid);
  const form = useForm<ConnectInput, unknown, ConnectOutput>({
    resolver: zodResolver(connectSocialProfileSchema),
    defaultValues: { platform: initialPlatform, username: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ platform, username, followers }) => {
    try {
      const saved = await connect.mutateAsync({ platform, username, followers });
      onOpenChange(false);
      onConnected(saved);
    } catch {
      // Shown from the mutation's error below.
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!isSubmitting) onOpenChange(next);
      }}
      title={t('profile.social.connectTitle')}
      description={t('profile.social.connectDescription')}
      closeLabel={t('profile.close')}
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        {connect.isError ? (
          <Banner tone="error">
            {t('profile.social.failed')}
            {detailOf(connect.error) ? (
              <span className="block">{detailOf(connect.error)}</span>
            ) : null}
          </Banner>
        ) : null}
        <Select
          label={t('profile.social.platform')}
          required
          options={socialPlatforms.map((platform) => ({
            value: platform,
            label: t(`profile.social.platforms.${platform}`),
          }))}
          error={translateValidation(errors.platform?.message)}
          {...form.register('platform')}
        />
        <TextInput
          label={t('profile.social.username')}
          required
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={t('profile.social.usernamePlaceholder')}
          error={translateValidation(errors.username?.message)}
          {...form.register('username')}
        />
        <TextInput
          label={t('profile.social.followers')}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          hint={t('profile.social.followersHint')}
          error={translateValidation(errors.followers?.message)}
          {...form.register('followers', { setValueAs: optionalCount })}
        />
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="outline" disabled={isSubmitting} onClick={() => onOpenChange(false)}>
            {t('profile.cancel')}
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {t('profile.social.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
