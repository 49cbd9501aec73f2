import {
  and,
  desc,
  eq,
  exists,
  gt,
  gte,
  isNotNull,
  isNull,
  max,
  ne,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { Database } from '../../db/database';
import {
  emailTokens,
  refreshTokens,
  sessions,
  users,
  type EmailTokenPurpose,
  type UserRow,
} from './auth-schema';

/** The profile columns kept on the account (part 1 §3), as the profile module changes them. */
export type AccountProfileChanges = Partial<{
  name: string;
  displayName: string;
  bio: string;
  location: string;
  website: string;
  phone: string;
  avatar: string | null;
  pendingEmail: string | null;
}>;

/** Every query the accounts module makes, and nothing else. */
export function createAuthRepository(db: Database) {
  const liveSessionQuery = db
    .select({
      id: sessions.id,
      lastUsedAt: sessions.lastUsedAt,
      user: {
        id: users.id,
        email: users.email,
        name: users.name,
        displayName: users.displayName,
        avatar: users.avatar,
        emailVerifiedAt: users.emailVerifiedAt,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('auth_live_session');

  return {
    async findUserByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return row;
    },

    async findUserById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    /** Returns undefined when the email is taken (the unique index decides, not a race). */
    async insertUser(values: {
      email: string;
      passwordHash: string;
      name: string;
      displayName: string;
    }): Promise<UserRow | undefined> {
      const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
      return row;
    },

    async deleteUser(id: string): Promise<boolean> {
      const deleted = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
      return deleted.length > 0;
    },

    async updatePassword(userId: string, passwordHash: string): Promise<void> {
      await db
        .update(users)
        .set({ passwordHash, updatedAt: new Date() })
        .where(eq(users.id, userId));
    },

    /** Changes the profile columns of an account; the account as saved, or undefined. */
    async updateProfile(
      userId: string,
      changes: AccountProfileChanges,
    ): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning();
      return row;
    },

    /** Moves the pending address into place; 'taken' when another account has it meanwhile. */
    async confirmPendingEmail(userId: string): Promise<'changed' | 'taken' | 'none'> {
      const [user] = await db
        .select({ pendingEmail: users.pendingEmail })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      if (!user?.pendingEmail) return 'none';
      const [taken] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, user.pendingEmail))
        .limit(1);
      if (taken) return 'taken';
      await db
        .update(users)
        .set({
          email: user.pendingEmail,
          pendingEmail: null,
          // Following the link proved the new mailbox.
          emailVerifiedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(eq(users.id, userId));
      return 'changed';
    },

    /**
     * The accounts as other modules' statements may join them: who someone is (name, photo) and
     * how to reach them, never credentials or settings. A subquery built here, no query is run;
     * the database plans it as a join on users itself.
     */
    accounts: db
      .select({
        id: users.id,
        name: users.displayName,
        avatar: users.avatar,
        email: users.email,
        emailVerifiedAt: users.emailVerifiedAt,
      })
      .from(users)
      .as('accounts'),

    /**
     * A condition, for another module's statement, that is true while some account shows
     * `path` (a column or value of that statement) as its avatar. Checked inside that statement,
     * so it is atomic with it; the query is built here, no query is run.
     */
    avatarInUse(path: SQLWrapper): SQL {
      return exists(db.select({ one: users.id }).from(users).where(eq(users.avatar, path)));
    },

    async markEmailVerified(userId: string): Promise<void> {
      await db
        .update(users)
        .set({ emailVerifiedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)));
    },

    async insertSession(values: {
      userId: string;
      userAgent: string | null;
      ipAddress: string | null;
      expiresAt: Date;
    }) {
      const [row] = await db.insert(sessions).values(values).returning();
      if (!row) throw new Error('session insert returned nothing');
      return row;
    },

    /**
     * A sign-in that is neither revoked nor expired, with the user it belongs to: the one query
     * every signed-in request makes, so it is prepared once (no query building per request).
     */
    async findLiveSession(sessionId: string) {
      const [row] = await liveSessionQuery.execute({ sessionId, now: new Date() });
      return row;
    },

    async revokeSession(sessionId: string, reason: string): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: new Date(), revokedReason: reason })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    },

    /** Ends every sign-in of a user, except `keepSessionId` when given. */
    async revokeUserSessions(userId: string, reason: string, keepSessionId?: string) {
      const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
      if (keepSessionId) conditions.push(ne(sessions.id, keepSessionId));
      await db
        .update(sessions)
        .set({ revokedAt: new Date(), revokedReason: reason })
        .where(and(...conditions));
    },

    /** Idempotent: a refresh repeated within the grace window stores the same next token. */
    async insertRefreshToken(values: { sessionId: string; tokenHash: string; expiresAt: Date }) {
      await db
        .insert(refreshTokens)
        .values(values)
        .onConflictDoNothing({ target: refreshTokens.tokenHash });
    },

    async findRefreshToken(tokenHash: string) {
      const [row] = await db
        .select({
          id: refreshTokens.id,
          sessionId: refreshTokens.sessionId,
          expiresAt: refreshTokens.expiresAt,
          usedAt: refreshTokens.usedAt,
          userId: sessions.userId,
          sessionRevokedAt: sessions.revokedAt,
          sessionExpiresAt: sessions.expiresAt,
        })
        .from(refreshTokens)
        .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
        .where(eq(refreshTokens.tokenHash, tokenHash))
        .limit(1);
      return row;
    },

    /**
     * Spends a refresh token. Atomic: of two requests racing with the same token only one wins;
     * the loser is a repeat (within the grace window).
     */
    async spendRefreshToken(id: string, at: Date): Promise<boolean> {
      const spent = await db
        .update(refreshTokens)
        .set({ usedAt: at })
        .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt)))
        .returning({ id: refreshTokens.id });
      return spent.length > 0;
    },

    async touchSession(sessionId: string): Promise<void> {
      await db.update(sessions).set({ lastUsedAt: new Date() }).where(eq(sessions.id, sessionId));
    },

    /** When any sign-in was last used, and when a live one (not signed out or expired) was. */
    async sessionActivity(userId: string, now: Date) {
      const [row] = await db
        .select({
          lastUsed: max(sessions.lastUsedAt),
          lastLive: sql<Date | string | null>`max(${sessions.lastUsedAt}) filter (where ${and(
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, now),
          )})`,
        })
        .from(sessions)
        .where(eq(sessions.userId, userId));
      const asDate = (value: Date | string | null | undefined) =>
        value === null || value === undefined ? null : new Date(value);
      return { lastUsed: asDate(row?.lastUsed), lastLive: asDate(row?.lastLive) };
    },

    // ---------- Sign-ins a user manages (Security tab) ----------

    async liveSessionsOf(userId: string, now: Date) {
      return db
        .select()
        .from(sessions)
        .where(
          and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)),
        )
        .orderBy(desc(sessions.lastUsedAt));
    },

    /** Ends one of the user's live sessions; false when there is no such session of theirs. */
    async revokeSessionOf(userId: string, sessionId: string, reason: string): Promise<boolean> {
      const revoked = await db
        .update(sessions)
        .set({ revokedAt: new Date(), revokedReason: reason })
        .where(
          and(
            eq(sessions.id, sessionId),
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, new Date()),
          ),
        )
        .returning({ id: sessions.id });
      return revoked.length > 0;
    },

    async revokeOtherSessions(userId: string, keepSessionId: string, reason: string) {
      const revoked = await db
        .update(sessions)
        .set({ revokedAt: new Date(), revokedReason: reason })
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            ne(sessions.id, keepSessionId),
          ),
        )
        .returning({ id: sessions.id });
      return revoked.length;
    },

    async insertEmailToken(values: {
      userId: string;
      purpose: EmailTokenPurpose;
      tokenHash: string;
      expiresAt: Date;
    }) {
      await db.insert(emailTokens).values(values);
    },

    async findUsableEmailToken(tokenHash: string, purpose: EmailTokenPurpose) {
      const [row] = await db
        .select({ id: emailTokens.id, userId: emailTokens.userId })
        .from(emailTokens)
        .where(
          and(
            eq(emailTokens.tokenHash, tokenHash),
            eq(emailTokens.purpose, purpose),
            isNull(emailTokens.usedAt),
            gt(emailTokens.expiresAt, new Date()),
          ),
        )
        .limit(1);
      return row;
    },

    /** Uses a mailed token once; returns its user, or undefined if it was not usable. */
    async consumeEmailToken(tokenHash: string, purpose: EmailTokenPurpose) {
      const [row] = await db
        .update(emailTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(emailTokens.tokenHash, tokenHash),
            eq(emailTokens.purpose, purpose),
            isNull(emailTokens.usedAt),
            gt(emailTokens.expiresAt, new Date()),
          ),
        )
        .returning({ userId: emailTokens.userId });
      return row;
    },

    /** A new reset link (or a completed reset) retires the older ones. */
    async retireEmailTokens(userId: string, purpose: EmailTokenPurpose): Promise<void> {
      await db
        .update(emailTokens)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(emailTokens.userId, userId),
            eq(emailTokens.purpose, purpose),
            isNull(emailTokens.usedAt),
          ),
        );
    },

    /** Verified users who used a sign-in since `activeSince`, a page at a time (by id). */
    async activeVerifiedUserIds(
      activeSince: Date,
      after: string | null,
      limit: number,
    ): Promise<string[]> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            isNotNull(users.emailVerifiedAt),
            exists(
              db
                .select({ one: sessions.id })
                .from(sessions)
                .where(and(eq(sessions.userId, users.id), gte(sessions.lastUsedAt, activeSince))),
            ),
            after ? gt(users.id, after) : undefined,
          ),
        )
        .orderBy(users.id)
        .limit(limit);
      return rows.map((row) => row.id);
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
