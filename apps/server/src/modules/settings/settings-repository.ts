import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { userSettings } from './settings-schema';

export type StoredSettings = typeof userSettings.$inferSelect;

/** Every query of the settings module. */
export function createSettingsRepository(db: Database) {
  return {
    async find(userId: string): Promise<StoredSettings | undefined> {
      const [row] = await db
        .select()
        .from(userSettings)
        .where(eq(userSettings.userId, userId))
        .limit(1);
      return row;
    },

    /** The stored time zones of some users (absent: none stored). */
    async timezones(userIds: string[]): Promise<Map<string, string | null>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .select({ userId: userSettings.userId, timezone: userSettings.timezone })
        .from(userSettings)
        .where(inArray(userSettings.userId, userIds));
      return new Map(rows.map((row) => [row.userId, row.timezone]));
    },

    async save(
      userId: string,
      values: Pick<
        StoredSettings,
        'language' | 'currency' | 'timezone' | 'notifications' | 'privacy'
      >,
    ) {
      await db
        .insert(userSettings)
        .values({ userId, ...values })
        .onConflictDoUpdate({
          target: userSettings.userId,
          set: { ...values, updatedAt: new Date() },
        });
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
