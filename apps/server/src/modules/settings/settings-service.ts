import type { BudgetSettings, BudgetSettingsUpdate } from '@vowa/shared/finance/finance-schemas';
import {
  DEFAULT_USER_SETTINGS,
  notificationSettingsSchema,
  privacySettingsSchema,
  type UserSettings,
  type UserSettingsUpdate,
} from '@vowa/shared/settings/settings-schemas';
import { displayCurrencies, type DisplayCurrency } from '@vowa/shared/travel/travel-constants';
import type { SettingsRepository, StoredSettings } from './settings-repository';

type Dependencies = {
  repository: SettingsRepository;
  budget: {
    budgetSettings: (userId: string) => Promise<BudgetSettings>;
    saveBudgetSettings: (userId: string, changes: BudgetSettingsUpdate) => Promise<BudgetSettings>;
  };
  /** Whether two-factor sign-in and passkeys are set up (the Security tab owns them). */
  signInMethods: (userId: string) => Promise<{ twoFactorAuth: boolean; biometricAuth: boolean }>;
};

/** A stored group over the defaults; anything a newer release no longer knows is dropped. */
function merged<T extends Record<string, unknown>>(
  defaults: T,
  stored: unknown,
  schema: {
    partial: () => { safeParse: (value: unknown) => { success: boolean; data?: unknown } };
  },
): T {
  const parsed = schema.partial().safeParse(stored ?? {});
  return { ...defaults, ...(parsed.success ? (parsed.data as Partial<T>) : {}) };
}

/** A user's privacy settings from their stored diff (or none) over the defaults. */
export function privacyFromStored(stored: unknown): UserSettings['privacy'] {
  return merged(DEFAULT_USER_SETTINGS.privacy, stored, privacySettingsSchema);
}

function fromStorage(
  row: StoredSettings | undefined,
  autoBooking: boolean,
  methods: { twoFactorAuth: boolean; biometricAuth: boolean },
): UserSettings {
  const account = DEFAULT_USER_SETTINGS.account;
  return {
    notifications: merged(
      DEFAULT_USER_SETTINGS.notifications,
      row?.notifications,
      notificationSettingsSchema,
    ),
    privacy: privacyFromStored(row?.privacy),
    account: {
      language: (row?.language as UserSettings['account']['language']) ?? account.language,
      currency: (row?.currency as UserSettings['account']['currency']) ?? account.currency,
      timezone: (row?.timezone as UserSettings['account']['timezone']) ?? account.timezone,
      autoBooking,
      ...methods,
    },
  };
}

export type CurrencyLookup = { currencyOf: (userId: string) => Promise<DisplayCurrency> };

/** The currency a user's prices are shown in when a request does not ask for one. */
export function createCurrencyLookup(repository: Pick<SettingsRepository, 'find'>): CurrencyLookup {
  return {
    async currencyOf(userId: string): Promise<DisplayCurrency> {
      const currency = (await repository.find(userId))?.currency;
      return (displayCurrencies as readonly string[]).includes(currency ?? '')
        ? (currency as DisplayCurrency)
        : DEFAULT_USER_SETTINGS.account.currency;
    },
  };
}

/** Settings stored per user (part 1 §3, §9); auto-booking is the budget settings' flag. */
export function createSettingsService(deps: Dependencies) {
  async function settingsOf(userId: string): Promise<UserSettings> {
    const [row, budget, methods] = await Promise.all([
      deps.repository.find(userId),
      deps.budget.budgetSettings(userId),
      deps.signInMethods(userId),
    ]);
    return fromStorage(row, budget.autoBookingEnabled, methods);
  }

  return {
    settings: settingsOf,

    async saveSettings(userId: string, changes: UserSettingsUpdate): Promise<UserSettings> {
      const current = await settingsOf(userId);
      const row = await deps.repository.find(userId);
      const pick = <T extends object>(stored: unknown, next: Partial<T> | undefined) => ({
        ...((stored as Partial<T> | null) ?? {}),
        ...(next ?? {}),
      });
      await deps.repository.save(userId, {
        language: changes.account?.language ?? row?.language ?? null,
        currency: changes.account?.currency ?? row?.currency ?? null,
        timezone: changes.account?.timezone ?? row?.timezone ?? null,
        notifications: pick(row?.notifications, changes.notifications),
        privacy: pick(row?.privacy, changes.privacy),
      });
      const autoBooking = changes.account?.autoBooking;
      if (autoBooking !== undefined && autoBooking !== current.account.autoBooking) {
        await deps.budget.saveBudgetSettings(userId, { autoBookingEnabled: autoBooking });
      }
      return settingsOf(userId);
    },

    /** A user's privacy choices over the defaults (the profile module shows by them). */
    async privacy(userId: string): Promise<UserSettings['privacy']> {
      return privacyFromStored((await deps.repository.find(userId))?.privacy);
    },

    currencyOf: createCurrencyLookup(deps.repository).currencyOf,

    /** Each user's time zone setting (the default where they chose none), for many at once. */
    async timezonesOf(userIds: string[]): Promise<Map<string, string>> {
      const stored = await deps.repository.timezones(userIds);
      return new Map(
        userIds.map((id) => [id, stored.get(id) ?? DEFAULT_USER_SETTINGS.account.timezone]),
      );
    },

    /** Whether a user wants a kind of email (the Notifications tab decides what is sent). */
    async wantsEmail(
      userId: string,
      kind: Exclude<
        keyof UserSettings['notifications'],
        'emailNotifications' | 'pushNotifications'
      >,
    ): Promise<boolean> {
      const { notifications } = await settingsOf(userId);
      return notifications.emailNotifications && notifications[kind];
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
