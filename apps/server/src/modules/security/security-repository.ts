import { and, count, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import {
  loginChallenges,
  passkeys,
  recoveryCodes,
  totpFactors,
  webauthnChallenges,
  type PasskeyRow,
  type WebauthnPurpose,
} from './security-schema';

/** Every query the security module makes, and nothing else. */
export function createSecurityRepository(db: Database) {
  return {
    // ---------- TOTP ----------

    async findTotp(userId: string) {
      const [row] = await db.select().from(totpFactors).where(eq(totpFactors.userId, userId));
      return row;
    },

    /** Starts (or restarts) a pending set-up; never replaces an enabled factor. */
    async savePendingTotp(userId: string, secretSealed: string): Promise<boolean> {
      const saved = await db
        .insert(totpFactors)
        .values({ userId, secretSealed })
        .onConflictDoUpdate({
          target: totpFactors.userId,
          set: { secretSealed, lastUsedStep: null, createdAt: new Date() },
          setWhere: isNull(totpFactors.enabledAt),
        })
        .returning({ userId: totpFactors.userId });
      return saved.length > 0;
    },

    /**
     * Records the step of an accepted code. Atomic: a code of the same (or an earlier) step is
     * refused, so two requests racing with one code cannot both pass.
     */
    async claimTotpStep(userId: string, step: number): Promise<boolean> {
      const claimed = await db
        .update(totpFactors)
        .set({ lastUsedStep: step })
        .where(
          and(
            eq(totpFactors.userId, userId),
            or(isNull(totpFactors.lastUsedStep), lt(totpFactors.lastUsedStep, step)),
          ),
        )
        .returning({ userId: totpFactors.userId });
      return claimed.length > 0;
    },

    /** Turns the pending factor on and replaces the recovery codes, in one transaction. */
    async enableTotp(userId: string, codeHashes: string[]) {
      await db.transaction(async (tx) => {
        await tx
          .update(totpFactors)
          .set({ enabledAt: new Date() })
          .where(and(eq(totpFactors.userId, userId), isNull(totpFactors.enabledAt)));
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
        await tx.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
      });
    },

    async disableTotp(userId: string) {
      await db.transaction(async (tx) => {
        await tx.delete(totpFactors).where(eq(totpFactors.userId, userId));
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      });
    },

    async isTotpEnabled(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ userId: totpFactors.userId })
        .from(totpFactors)
        .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.enabledAt)));
      return row !== undefined;
    },

    async recoveryCodesLeft(userId: string): Promise<number> {
      const [row] = await db
        .select({ left: count() })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
      return Number(row?.left ?? 0);
    },

    /** Spends a recovery code once; false when it is unknown or already used. */
    async spendRecoveryCode(userId: string, codeHash: string): Promise<boolean> {
      const spent = await db
        .update(recoveryCodes)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(recoveryCodes.userId, userId),
            eq(recoveryCodes.codeHash, codeHash),
            isNull(recoveryCodes.usedAt),
          ),
        )
        .returning({ id: recoveryCodes.id });
      return spent.length > 0;
    },

    // ---------- The code step of a sign-in ----------

    async insertLoginChallenge(values: { userId: string; tokenHash: string; expiresAt: Date }) {
      await db.insert(loginChallenges).values(values);
    },

    /**
     * Counts an attempt against a live challenge and returns its user; undefined when the
     * challenge is unknown, spent, expired or out of attempts.
     */
    async attemptLoginChallenge(tokenHash: string, maxAttempts: number, now: Date) {
      const [row] = await db
        .update(loginChallenges)
        .set({ attempts: sql`${loginChallenges.attempts} + 1` })
        .where(
          and(
            eq(loginChallenges.tokenHash, tokenHash),
            isNull(loginChallenges.usedAt),
            gt(loginChallenges.expiresAt, now),
            lt(loginChallenges.attempts, maxAttempts),
          ),
        )
        .returning({ id: loginChallenges.id, userId: loginChallenges.userId });
      return row;
    },

    /** Spends a challenge; of two racing completions only one wins. */
    async spendLoginChallenge(id: string): Promise<boolean> {
      const spent = await db
        .update(loginChallenges)
        .set({ usedAt: new Date() })
        .where(and(eq(loginChallenges.id, id), isNull(loginChallenges.usedAt)))
        .returning({ id: loginChallenges.id });
      return spent.length > 0;
    },

    // ---------- Passkeys ----------

    async listPasskeys(userId: string): Promise<PasskeyRow[]> {
      return db
        .select()
        .from(passkeys)
        .where(eq(passkeys.userId, userId))
        .orderBy(passkeys.createdAt);
    },

    async countPasskeys(userId: string): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(passkeys)
        .where(eq(passkeys.userId, userId));
      return Number(row?.total ?? 0);
    },

    async findPasskey(id: string): Promise<PasskeyRow | undefined> {
      const [row] = await db.select().from(passkeys).where(eq(passkeys.id, id));
      return row;
    },

    /** False when the credential is already registered (to anyone). */
    async insertPasskey(values: typeof passkeys.$inferInsert): Promise<PasskeyRow | undefined> {
      const [row] = await db.insert(passkeys).values(values).onConflictDoNothing().returning();
      return row;
    },

    async deletePasskey(userId: string, id: string): Promise<boolean> {
      const deleted = await db
        .delete(passkeys)
        .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
        .returning({ id: passkeys.id });
      return deleted.length > 0;
    },

    async recordPasskeyUse(id: string, counter: number, backedUp: boolean) {
      await db
        .update(passkeys)
        .set({ counter, backedUp, lastUsedAt: new Date() })
        .where(eq(passkeys.id, id));
    },

    async insertWebauthnChallenge(values: {
      challenge: string;
      purpose: WebauthnPurpose;
      userId: string | null;
      expiresAt: Date;
    }) {
      await db.insert(webauthnChallenges).values(values);
      // Housekeeping: challenges nobody finished.
      await db
        .delete(webauthnChallenges)
        .where(lt(webauthnChallenges.expiresAt, new Date(Date.now() - 60 * 60 * 1000)));
    },

    /** Spends a challenge once; returns it while it is live, for its purpose. */
    async consumeWebauthnChallenge(challenge: string, purpose: WebauthnPurpose, now: Date) {
      const [row] = await db
        .delete(webauthnChallenges)
        .where(
          and(eq(webauthnChallenges.challenge, challenge), eq(webauthnChallenges.purpose, purpose)),
        )
        .returning();
      if (!row || row.expiresAt.getTime() <= now.getTime()) return undefined;
      return row;
    },
  };
}

export type SecurityRepository = ReturnType<typeof createSecurityRepository>;
