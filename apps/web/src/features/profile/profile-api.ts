import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { User } from '@vowa/shared/auth/auth-schemas';
import {
  avatarUploadResponseSchema,
  profileSchema,
  profileStatsSchema,
  reverseGeocodeResponseSchema,
  socialProfileSchema,
  socialProfilesResponseSchema,
  type EditProfileRequest,
  type Profile,
  type SocialPlatform,
  type SocialProfile,
} from '@vowa/shared/profile/profile-schemas';
import { apiRequest } from '../../lib/api-client';
import { CACHED_USER_KEY, writeStorage } from '../../lib/session-storage';
import { currentUserQueryKey, useSession } from '../../lib/session-context';
import { travelKeys } from '../../lib/travel-keys';

// Typed wrappers over /api/user_management and /api/users/{uid}/social_profiles; every answer
// is parsed by the shared schemas.
const BASE = '/user_management';

export const profileKeys = {
  all: ['profile'] as const,
  user: (userId: string) => [...profileKeys.all, userId] as const,
  me: (userId: string) => [...profileKeys.user(userId), 'me'] as const,
  stats: (userId: string) => [...profileKeys.user(userId), 'stats'] as const,
  social: (userId: string) => [...profileKeys.user(userId), 'social'] as const,
};

function useUserId() {
  const { user, status } = useSession();
  return { userId: user?.id ?? '', signedIn: status === 'signed-in' && !!user };
}

/** GET /api/user_management/get_myprofile. */
export function useProfile() {
  const { userId, signedIn } = useUserId();
  return useQuery({
    queryKey: profileKeys.me(userId),
    queryFn: ({ signal }) => apiRequest(`${BASE}/get_myprofile`, { schema: profileSchema, signal }),
    enabled: signedIn,
  });
}

/** GET /api/user_management/stats: trips, savings, achievements, recent trips, finances. */
export function useProfileStats() {
  const { userId, signedIn } = useUserId();
  return useQuery({
    queryKey: profileKeys.stats(userId),
    queryFn: ({ signal }) => apiRequest(`${BASE}/stats`, { schema: profileStatsSchema, signal }),
    enabled: signedIn,
    // Bookings, lists and finances change on other screens: read again on every visit.
    staleTime: 0,
  });
}

/**
 * The header shows the session user's name and avatar: after a save it takes the saved values
 * at once (and the cached copy for the next visit), then re-reads the user from the server.
 */
function useRefreshSessionUser() {
  const queryClient = useQueryClient();
  return (profile: Profile) => {
    const updated = queryClient.setQueryData<User>(currentUserQueryKey, (user) =>
      user
        ? {
            ...user,
            name: profile.name,
            display_name: profile.display_name,
            email: profile.email,
            avatar: profile.avatar,
          }
        : user,
    );
    if (updated) writeStorage(CACHED_USER_KEY, JSON.stringify(updated));
    // Not awaited: the save is done; a slow re-read must not hold the form in "Saving...".
    void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
  };
}

/** POST /api/user_management/edit_profile with only what changed; answers the saved profile. */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  const { userId } = useUserId();
  const refreshUser = useRefreshSessionUser();
  return useMutation({
    mutationFn: (changes: EditProfileRequest) =>
      apiRequest(`${BASE}/edit_profile`, {
        method: 'POST',
        body: changes,
        schema: profileSchema,
      }),
    onSuccess: (profile, changes) => {
      queryClient.setQueryData(profileKeys.me(userId), profile);
      refreshUser(profile);
      // A new home airport moves where suggested trips leave from.
      if (changes.home_airport !== undefined) {
        void queryClient.invalidateQueries({ queryKey: travelKeys.user(userId) });
      }
    },
  });
}

/**
 * POST /api/user_management/avatar (multipart, one `file`): stores the photo and answers its
 * URL. The profile only changes when that URL is saved with edit_profile.
 */
export function useUploadAvatar() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return apiRequest(`${BASE}/avatar`, {
        method: 'POST',
        body: form,
        schema: avatarUploadResponseSchema,
      });
    },
  });
}

/** POST /api/user_management/reverse_geocode: a browser position to "city, state, country". */
export function useReverseGeocode() {
  return useMutation({
    mutationFn: (position: { latitude: number; longitude: number }) =>
      apiRequest(`${BASE}/reverse_geocode`, {
        method: 'POST',
        body: position,
        schema: reverseGeocodeResponseSchema,
      }),
  });
}

/** POST /api/user_management/confirm_email (public): follows the link mailed to a new address. */
export function confirmEmail(token: string) {
  return apiRequest(`${BASE}/confirm_email`, {
    method: 'POST',
    body: { token },
  });
}

/** After a confirmed email change: the header's user and any cached profile read again. */
export function useAfterEmailConfirmed() {
  const queryClient = useQueryClient();
  return async () => {
    // A first read of the user may still be on its way from before the change: drop it, so
    // the header cannot end up with the old address.
    await queryClient.cancelQueries({ queryKey: currentUserQueryKey });
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
      queryClient.invalidateQueries({ queryKey: profileKeys.all }),
    ]);
  };
}

// ---------- Social profiles ----------

const socialPath = (uid: string) => `/users/${encodeURIComponent(uid)}/social_profiles`;

/** GET /api/users/{uid}/social_profiles. */
export function useSocialProfiles(uid: string | undefined) {
  const { userId, signedIn } = useUserId();
  return useQuery({
    queryKey: profileKeys.social(userId),
    queryFn: async ({ signal }) =>
      (
        await apiRequest(socialPath(uid ?? ''), {
          schema: socialProfilesResponseSchema,
          signal,
        })
      ).profiles,
    enabled: signedIn && !!uid,
  });
}

function useSocialCache() {
  const queryClient = useQueryClient();
  const { userId } = useUserId();
  return (update: (profiles: SocialProfile[]) => SocialProfile[]) =>
    queryClient.setQueryData<SocialProfile[]>(profileKeys.social(userId), (profiles) =>
      update(profiles ?? []),
    );
}

/** POST /api/users/{uid}/social_profiles: connects (or updates) one platform. */
export function useConnectSocialProfile(uid: string) {
  const setProfiles = useSocialCache();
  return useMutation({
    mutationFn: (body: { platform: SocialPlatform; username: string; followers: number }) =>
      apiRequest(socialPath(uid), { method: 'POST', body, schema: socialProfileSchema }),
    onSuccess: (saved) =>
      setProfiles((profiles) => [
        ...profiles.filter((profile) => profile.platform !== saved.platform),
        saved,
      ]),
  });
}

/** DELETE /api/users/{uid}/social_profiles/{platform}. */
export function useDisconnectSocialProfile(uid: string) {
  const setProfiles = useSocialCache();
  return useMutation({
    mutationFn: async (platform: SocialPlatform) => {
      await apiRequest(`${socialPath(uid)}/${platform}`, { method: 'DELETE' });
      return platform;
    },
    onSuccess: (platform) =>
      setProfiles((profiles) => profiles.filter((profile) => profile.platform !== platform)),
  });
}
