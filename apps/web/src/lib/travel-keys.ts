import type { DealCategory } from '@vowa/shared/travel/travel-constants';
import type { RequoteRequest } from '@vowa/shared/travel/travel-schemas';

// Query keys of the travel data, here because other screens refresh it (the profile's home
// airport changes what the suggestions are).

/**
 * Suggestions and deals depend on the budget settings (budget, alert threshold, auto-booking),
 * so the settings are part of their keys: saving new settings anywhere reads them again.
 */
export type SettingsKey = string;

export const travelKeys = {
  all: ['travel'] as const,
  user: (userId: string) => [...travelKeys.all, userId] as const,
  trips: (userId: string) => [...travelKeys.user(userId), 'trips'] as const,
  suggestions: (userId: string, settings: SettingsKey, origin: string | undefined) =>
    [...travelKeys.trips(userId), 'suggestions', settings, origin ?? 'home'] as const,
  deals: (userId: string, settings: SettingsKey, category: DealCategory) =>
    [...travelKeys.trips(userId), 'deals', settings, category] as const,
  requote: (userId: string, request: RequoteRequest | null) =>
    [...travelKeys.user(userId), 'requote', request] as const,
  airports: (userId: string, query: string) =>
    [...travelKeys.user(userId), 'airports', query] as const,
  preferences: (userId: string) => [...travelKeys.user(userId), 'preferences'] as const,
};
