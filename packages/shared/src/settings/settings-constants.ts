/** Part 1 §3 and §9: the settings, their options and defaults. */
export const languages = ['en', 'es', 'fr', 'de', 'ja'] as const;
export type Language = (typeof languages)[number];
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  ja: '日本語',
};

export const settingsTimezones = [
  'America/Los_Angeles',
  'America/Denver',
  'America/Chicago',
  'America/New_York',
  'Europe/London',
  'Europe/Paris',
  'Asia/Tokyo',
] as const;
export type SettingsTimezone = (typeof settingsTimezones)[number];

export const profileVisibilities = ['public', 'friends', 'private'] as const;
export type ProfileVisibility = (typeof profileVisibilities)[number];

export const settingsTabs = ['general', 'notifications', 'privacy', 'security'] as const;
export type SettingsTab = (typeof settingsTabs)[number];

/** How long "Settings saved successfully!" stays (part 1 §9). */
export const SETTINGS_SAVED_MESSAGE_MS = 3000;
