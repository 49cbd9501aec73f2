import { randomBytes } from 'node:crypto';
import type { BudgetSettings, Financials } from '@vowa/shared/finance/finance-schemas';
import {
  socialProfileUrl,
  type EditProfileRequest,
  type Profile,
  type ProfileStats,
  type SocialPlatform,
  type SocialProfile,
} from '@vowa/shared/profile/profile-schemas';
import {
  ONLINE_WINDOW_MS,
  PUBLIC_PROFILE_NOT_AVAILABLE,
  type PublicProfile,
} from '@vowa/shared/profile/public-profile-schemas';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error';
import { createRandomToken, hashToken } from '../../lib/random-token';
import type { AuthService } from '../auth/auth-service';
import type { TripsPort } from '../bookings/bookings-module';
import type { BucketListService } from '../bucket-lists/bucket-list-service';
import type { MailService } from '../mail/mailer';
import { findAirport } from '../travel/geo/airports';
import type { SettingsService } from '../settings/settings-service';
import type { TravelPublicService } from '../travel/travel-module';
import { avatarMessages, normalizeAvatar } from './avatar-image';
import { changeEmailMail, emailChangeRequestedMail } from './profile-mail';
import {
  canViewProfile,
  listShownOnProfile,
  relationshipOf,
  sharedParts,
  type ProfileConnection,
} from './profile-policy';
import type { FileStore } from './file-store';
import type { ProfileRepository } from './profile-repository';
import type { ReverseGeocoder } from './reverse-geocoder';

export const profileMessages = {
  notFound: 'Failed to load profile.',
  notYourUpload: 'That photo was not uploaded from this account.',
  emailLinkInvalid: 'This email confirmation link is invalid or has expired.',
  emailTaken: 'That email address is already used by another account.',
  emailChanged: 'Your email address is changed.',
  storageUnavailable: 'Your photo could not be stored right now. Please try again later.',
  nothingNear: 'Failed to detect location.',
  notYours: 'You can only change your own social profiles.',
  socialNotFound: 'That account is not connected.',
  profileNotAvailable: PUBLIC_PROFILE_NOT_AVAILABLE,
} as const;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Links to confirm a new email address last as long as verification links. */
const CHANGE_EMAIL_TTL_SECONDS = 48 * 60 * 60;

type Dependencies = {
  repository: ProfileRepository;
  /** The account, which keeps the profile columns (the auth module owns `users`). */
  auth: Pick<
    AuthService,
    | 'findUserById'
    | 'updateProfile'
    | 'confirmPendingEmail'
    | 'insertEmailToken'
    | 'consumeEmailToken'
    | 'retireEmailTokens'
    | 'sessionActivity'
  >;
  travel: Pick<TravelPublicService, 'homeAirport' | 'saveHomeAirport' | 'clearHomeAirport'>;
  /** Booked trips, through the bookings module's port. */
  trips: TripsPort;
  bucketLists: Pick<BucketListService, 'figuresFor' | 'sharedBetween' | 'listsForProfile'>;
  /** Group chats (the chat module's port): people in a group together are friends. */
  groups: { inGroupTogether: (a: string, b: string) => Promise<boolean> };
  settings: Pick<SettingsService, 'privacy' | 'currencyOf'>;
  finance: {
    financials: (userId: string) => Promise<Financials>;
    budgetSettings: (userId: string) => Promise<BudgetSettings>;
  };
  files: Pick<FileStore, 'save' | 'remove'>;
  geocoder: ReverseGeocoder;
  mail: MailService;
  appUrl: string;
  log: FastifyBaseLogger;
};

/** The profile screen's data and rules (part 1 §2–§5, §8, §9). */
export function createProfileService(deps: Dependencies) {
  const { repository } = deps;

  async function profileOf(userId: string): Promise<Profile> {
    const user = await deps.auth.findUserById(userId);
    if (!user) throw new AppError('profile_not_found', profileMessages.notFound);
    const homeAirport = await deps.travel.homeAirport(userId);
    return {
      uid: user.id,
      name: user.name,
      email: user.email,
      display_name: user.displayName,
      bio: user.bio,
      location: user.location,
      website: user.website,
      phone: user.phone,
      avatar: user.avatar,
      member_since: user.createdAt.toISOString(),
      pending_email: user.pendingEmail,
      home_airport: homeAirport ? findAirport(homeAirport) : null,
    };
  }

  async function requestEmailChange(userId: string, currentEmail: string, email: string) {
    await deps.auth.retireEmailTokens(userId, 'change_email');
    const token = createRandomToken();
    await deps.auth.insertEmailToken({
      userId,
      purpose: 'change_email',
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + CHANGE_EMAIL_TTL_SECONDS * 1000),
    });
    await deps.auth.updateProfile(userId, { pendingEmail: email });
    const url = `${deps.appUrl}/confirm-email?token=${encodeURIComponent(token)}`;
    deps.mail.enqueue(changeEmailMail(email, url));
    // The old address hears about it too, in case someone else is at the controls.
    deps.mail.enqueue(emailChangeRequestedMail(currentEmail, email));
  }

  /**
   * What connects two people (see profile-policy.ts): a bucket list one shared with the other,
   * a group chat they are both in.
   */
  async function connectionsBetween(a: string, b: string): Promise<ProfileConnection[]> {
    const [sharedList, group] = await Promise.all([
      deps.bucketLists.sharedBetween(a, b),
      deps.groups.inGroupTogether(a, b),
    ]);
    const found: ProfileConnection[] = [];
    if (sharedList) found.push('shared_bucket_list');
    if (group) found.push('group');
    return found;
  }

  return {
    profile: profileOf,

    async editProfile(userId: string, changes: EditProfileRequest): Promise<Profile> {
      const user = await deps.auth.findUserById(userId);
      if (!user) throw new AppError('profile_not_found', profileMessages.notFound);
      if (changes.avatar && !(await repository.ownsUpload(userId, changes.avatar))) {
        throw new AppError('photo_not_yours', profileMessages.notYourUpload, [
          { field: 'avatar', message: profileMessages.notYourUpload, code: 'photo_not_yours' },
        ]);
      }
      if (changes.home_airport && !findAirport(changes.home_airport)) {
        const detail = `We don't know an airport with the code ${changes.home_airport}.`;
        throw new AppError('unknown_airport', detail, [
          { field: 'home_airport', message: detail, code: 'unknown_airport' },
        ]);
      }
      await deps.auth.updateProfile(userId, {
        ...(changes.name !== undefined && { name: changes.name }),
        ...(changes.display_name !== undefined && {
          // An emptied display name falls back to the name, as everywhere else.
          displayName: changes.display_name || (changes.name ?? user.name),
        }),
        ...(changes.bio !== undefined && { bio: changes.bio }),
        ...(changes.location !== undefined && { location: changes.location }),
        ...(changes.website !== undefined && { website: changes.website }),
        ...(changes.phone !== undefined && { phone: changes.phone }),
        ...(changes.avatar !== undefined && { avatar: changes.avatar }),
      });
      if (changes.home_airport !== undefined) {
        if (changes.home_airport) await deps.travel.saveHomeAirport(userId, changes.home_airport);
        else await deps.travel.clearHomeAirport(userId);
      }
      const email = changes.email?.trim().toLowerCase();
      if (email && email !== user.email && email !== user.pendingEmail) {
        await requestEmailChange(userId, user.email, email);
      }
      if (changes.avatar !== undefined && user.avatar && user.avatar !== changes.avatar) {
        await deps.files.remove(user.avatar).catch((error: unknown) => {
          deps.log.warn({ err: error, userId }, 'old avatar file could not be removed');
        });
      }
      return profileOf(userId);
    },

    async confirmEmail(token: string) {
      const used = await deps.auth.consumeEmailToken(hashToken(token), 'change_email');
      if (!used) throw new AppError('email_link_invalid', profileMessages.emailLinkInvalid);
      const outcome = await deps.auth.confirmPendingEmail(used.userId);
      if (outcome === 'taken') throw new AppError('email_taken', profileMessages.emailTaken);
      if (outcome === 'none')
        throw new AppError('email_link_invalid', profileMessages.emailLinkInvalid);
      deps.log.info({ userId: used.userId }, 'email address changed');
      return { success: true, message: profileMessages.emailChanged };
    },

    /** Stores a re-encoded photo; the profile points at it only once it is saved. */
    async uploadAvatar(userId: string, content: Buffer) {
      const image = await normalizeAvatar(content);
      if (!image) throw new AppError('photo_not_an_image', avatarMessages.notAnImage);
      const name = `${randomBytes(16).toString('hex')}.webp`;
      let url: string;
      try {
        url = await deps.files.save('avatars', name, image, 'image/webp');
      } catch (error) {
        // The file store (a disk or a bucket) failing is ours to fix, not the person's: say so
        // plainly, and keep why in the log.
        deps.log.error({ err: error, userId }, 'avatar could not be stored');
        throw new AppError('photo_storage_unavailable', profileMessages.storageUnavailable);
      }
      await repository.recordUpload(userId, url);
      return { avatar: url };
    },

    async reverseGeocode(point: { latitude: number; longitude: number }) {
      const place = await deps.geocoder.locate(point);
      if (!place) throw new AppError('location_not_found', profileMessages.nothingNear);
      return place;
    },

    async socialProfiles(userId: string): Promise<{ profiles: SocialProfile[] }> {
      const rows = await repository.socialProfiles(userId);
      return { profiles: rows.map(toSocialProfile) };
    },

    async connectSocialProfile(
      userId: string,
      input: { platform: SocialPlatform; username: string; followers: number },
    ): Promise<SocialProfile> {
      const row = await repository.saveSocialProfile({
        userId,
        platform: input.platform,
        username: input.username,
        // The URL is always the platform's own, never one a client sends.
        url: socialProfileUrl(input.platform, input.username),
        followers: input.followers,
      });
      if (!row) throw new Error('social profile upsert returned nothing');
      return toSocialProfile(row);
    },

    async disconnectSocialProfile(userId: string, platform: SocialPlatform) {
      if (!(await repository.deleteSocialProfile(userId, platform))) {
        throw new AppError('social_profile_not_connected', profileMessages.socialNotFound);
      }
    },

    /**
     * A person as `viewerId` may see them (profile-policy.ts decides). Unknown ids and profiles
     * the viewer may not see get the same 404, so neither existence nor privacy is revealed.
     */
    async publicProfile(viewerId: string, uid: string): Promise<PublicProfile> {
      const notAvailable = () =>
        new AppError('profile_not_available', profileMessages.profileNotAvailable);
      if (!UUID_PATTERN.test(uid)) throw notAvailable();
      const owner = await deps.auth.findUserById(uid);
      if (!owner) throw notAvailable();
      const [privacy, connections] = await Promise.all([
        deps.settings.privacy(owner.id),
        viewerId === owner.id ? [] : connectionsBetween(viewerId, owner.id),
      ]);
      const relationship = relationshipOf(viewerId, owner.id, connections);
      if (!canViewProfile(privacy.profileVisibility, relationship)) throw notAvailable();

      const parts = sharedParts(privacy);
      const now = new Date();
      const [social, lists, activity, trips] = await Promise.all([
        repository.socialProfiles(owner.id),
        parts.bucketLists ? deps.bucketLists.listsForProfile(owner.id, viewerId) : [],
        parts.onlineStatus ? deps.auth.sessionActivity(owner.id, now) : undefined,
        parts.trips ? deps.trips.sharedTrips(owner.id) : null,
      ]);
      return {
        uid: owner.id,
        name: owner.name,
        display_name: owner.displayName,
        avatar: owner.avatar,
        location: owner.location,
        bio: owner.bio,
        website: owner.website,
        member_since: owner.createdAt.toISOString(),
        social_profiles: social.filter((row) => row.connected).map(toSocialProfile),
        relationship,
        accepts_friend_requests: privacy.allowFriendRequests,
        bucket_lists: parts.bucketLists
          ? lists
              .filter((list) => listShownOnProfile(list, relationship))
              .map((list) => ({
                id: list.id,
                name: list.name,
                description: list.description,
                color: list.color as NonNullable<PublicProfile['bucket_lists']>[number]['color'],
                is_public: list.isPublic,
                shared_with_you: relationship !== 'self' && list.sharedWithViewer,
                item_count: list.itemCount,
                completed_count: list.completedCount,
              }))
          : null,
        trips,
        ...(activity && {
          online:
            activity.lastLive !== null &&
            now.getTime() - activity.lastLive.getTime() <= ONLINE_WINDOW_MS,
          // Day precision: when, not at what time.
          last_seen: activity.lastUsed ? activity.lastUsed.toISOString().slice(0, 10) : null,
        }),
      };
    },

    /** Stats, achievements and the overview from the user's own data; zeros until there is some. */
    async stats(userId: string): Promise<ProfileStats> {
      const [figures, financials, settings, currency] = await Promise.all([
        deps.bucketLists.figuresFor(userId),
        deps.finance.financials(userId),
        deps.finance.budgetSettings(userId),
        deps.settings.currencyOf(userId),
      ]);
      const trips = await deps.trips.tripStats(userId, currency);
      const hasFinances = financials.source !== null;
      const { tripsBooked } = trips;
      // Visited: countries ticked off in bucket lists and those of trips that have begun.
      const countries = new Set([...figures.countryNames, ...trips.visitedCountries]).size;
      const achievement = (
        key: ProfileStats['achievements'][number]['key'],
        progress: number,
        target: number,
      ) => ({
        key,
        unlocked: progress >= target,
        progress: Math.min(progress, target),
        target,
      });
      return {
        tripsBooked,
        totalSaved: trips.totalSaved,
        currency,
        countriesVisited: countries,
        // The destination booked most; before any booking, the one dreamt of most.
        favoriteDestination: trips.favoriteDestination ?? figures.favorite,
        achievements: [
          achievement('first_list', figures.lists, 1),
          achievement('dreamer', figures.items, 10),
          achievement('first_completed', figures.completed, 1),
          achievement('globetrotter', countries, 5),
          achievement('budget_ready', hasFinances ? 1 : 0, 1),
          achievement('first_trip', tripsBooked, 1),
        ],
        recentTrips: trips.recentTrips,
        financialOverview: financials.connected
          ? {
              monthlyIncome: financials.monthlyIncome,
              monthlyExpenses: financials.monthlyExpenses,
              availableBalance: financials.availableBalance,
              maxTripBudget: settings.maxTripBudget,
              institutionName: financials.institutionName,
            }
          : null,
      };
    },
  };
}

function toSocialProfile(row: {
  platform: string;
  username: string;
  url: string;
  verified: boolean;
  followers: number;
  connected: boolean;
}): SocialProfile {
  return {
    platform: row.platform as SocialPlatform,
    username: row.username,
    url: row.url,
    verified: row.verified,
    followers: row.followers,
    connected: row.connected,
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
