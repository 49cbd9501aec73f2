import { vi } from 'vitest';
import type { Profile, ProfileStats, SocialProfile } from '@vowa/shared/profile/profile-schemas';
import { jsonResponse, mockFetch, sampleUser, type RecordedCall } from '../../test/fetch-mock';

export function makeProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    uid: sampleUser.id,
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    display_name: 'Ada',
    bio: 'Counting the stars, one trip at a time.',
    location: 'London, England, United Kingdom',
    website: 'https://ada.example.com',
    phone: '+44 20 7946 0000',
    avatar: null,
    member_since: '2026-03-14T10:00:00.000Z',
    pending_email: null,
    home_airport: null,
    ...overrides,
  };
}

export const emptyStats: ProfileStats = {
  tripsBooked: 0,
  totalSaved: 0,
  currency: 'USD',
  countriesVisited: 0,
  favoriteDestination: null,
  achievements: [
    { key: 'first_list', unlocked: false, progress: 0, target: 1 },
    { key: 'dreamer', unlocked: false, progress: 0, target: 10 },
    { key: 'first_completed', unlocked: false, progress: 0, target: 1 },
    { key: 'globetrotter', unlocked: false, progress: 0, target: 5 },
    { key: 'budget_ready', unlocked: false, progress: 0, target: 1 },
    { key: 'first_trip', unlocked: false, progress: 0, target: 1 },
  ],
  recentTrips: [],
  financialOverview: null,
};

export function makeStats(overrides: Partial<ProfileStats> = {}): ProfileStats {
  return {
    tripsBooked: 3,
    totalSaved: 1240,
    currency: 'USD',
    countriesVisited: 4,
    favoriteDestination: 'Lisbon',
    achievements: [
      { key: 'first_list', unlocked: true, progress: 1, target: 1 },
      { key: 'dreamer', unlocked: false, progress: 3, target: 10 },
      { key: 'first_completed', unlocked: true, progress: 1, target: 1 },
      { key: 'globetrotter', unlocked: false, progress: 2, target: 5 },
      { key: 'budget_ready', unlocked: true, progress: 1, target: 1 },
      { key: 'first_trip', unlocked: true, progress: 1, target: 1 },
    ],
    recentTrips: [
      {
        id: 't1',
        destination: 'Lisbon',
        country: 'Portugal',
        date: '2026-05-02',
        status: 'confirmed',
      },
    ],
    financialOverview: {
      monthlyIncome: 6500,
      monthlyExpenses: 2100,
      availableBalance: 12000,
      maxTripBudget: 5000,
      institutionName: 'Platypus National Bank',
    },
    ...overrides,
  };
}

export function makeSocial(overrides: Partial<SocialProfile> = {}): SocialProfile {
  return {
    platform: 'instagram',
    username: 'ada.travels',
    url: 'https://www.instagram.com/ada.travels/',
    verified: false,
    followers: 1234,
    connected: true,
    ...overrides,
  };
}

export interface ProfileServer {
  profile: Profile;
  stats: ProfileStats;
  social: SocialProfile[];
}

/**
 * A server with canned profile answers that keeps what is saved; `overrides` answer first.
 * Unknown paths answer 404.
 */
export function serveProfile(
  overrides: (call: RecordedCall, state: ProfileServer) => Response | undefined = () => undefined,
  initial: Partial<ProfileServer> = {},
) {
  const state: ProfileServer = {
    profile: makeProfile({ name: sampleUser.name }),
    stats: emptyStats,
    social: [],
    ...initial,
  };
  const mock = mockFetch((call) => {
    const answer = overrides(call, state);
    if (answer) return answer;
    const { path, method } = call;
    if (path === '/auth/users/me') {
      const { name, display_name, avatar } = state.profile;
      return jsonResponse(200, { ...sampleUser, name, display_name, avatar });
    }
    if (path === '/user_management/get_myprofile') return jsonResponse(200, state.profile);
    if (path === '/user_management/stats') return jsonResponse(200, state.stats);
    if (path === '/user_management/edit_profile') {
      const changes = call.body as Partial<Profile> & { home_airport?: string };
      const { home_airport: _airport, email, ...rest } = changes;
      state.profile = {
        ...state.profile,
        ...rest,
        ...(email !== undefined && email !== state.profile.email ? { pending_email: email } : {}),
      };
      return jsonResponse(200, state.profile);
    }
    if (path === `/users/${sampleUser.id}/social_profiles`) {
      if (method === 'GET') return jsonResponse(200, { profiles: state.social });
      const body = call.body as { platform: SocialProfile['platform']; username: string };
      const saved = makeSocial({ ...(call.body as object), url: '', verified: false });
      state.social = [...state.social.filter((p) => p.platform !== body.platform), saved];
      return jsonResponse(200, saved);
    }
    const disconnect = /^\/users\/[^/]+\/social_profiles\/(\w+)$/.exec(path);
    if (disconnect && method === 'DELETE') {
      state.social = state.social.filter((p) => p.platform !== disconnect[1]);
      return new Response(null, { status: 204 });
    }
    if (path === '/finance/financials' || path === '/finance/budget_settings') {
      return jsonResponse(404, { detail: 'Not found.' });
    }
    return jsonResponse(404, { detail: 'Not found.' });
  });
  return { ...mock, state };
}

/** A controllable navigator.geolocation. */
export function stubGeolocation(
  outcome: { latitude: number; longitude: number } | { error: 1 | 2 | 3 } | 'unsupported',
) {
  if (outcome === 'unsupported') {
    Object.defineProperty(navigator, 'geolocation', { configurable: true, value: undefined });
    return undefined;
  }
  const getCurrentPosition = vi.fn(
    (success: PositionCallback, failure?: PositionErrorCallback | null) => {
      if ('error' in outcome) {
        failure?.({
          code: outcome.error,
          message: 'denied',
          PERMISSION_DENIED: 1,
          POSITION_UNAVAILABLE: 2,
          TIMEOUT: 3,
        } as GeolocationPositionError);
      } else {
        success({
          coords: { ...outcome, accuracy: 10 },
          timestamp: Date.now(),
        } as unknown as GeolocationPosition);
      }
    },
  );
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: { getCurrentPosition, watchPosition: vi.fn(), clearWatch: vi.fn() },
  });
  return getCurrentPosition;
}

/** jsdom has no geolocation: removes the stub again. */
export function clearGeolocation() {
  Reflect.deleteProperty(navigator, 'geolocation');
}
