import { eq } from 'drizzle-orm';
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
