import {
  REFRESH_TOKEN_TTL_SECONDS,
  RESET_TOKEN_TTL_SECONDS,
  VERIFY_EMAIL_TOKEN_TTL_SECONDS,
} from '@vowa/shared/auth/token-lifetimes';
import { normalizeEmail } from '@vowa/shared/auth/auth-rules';
import type { User } from '@vowa/shared/auth/auth-schemas';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error';
import { createRandomToken, hashToken } from '../../lib/random-token';
import type { MailService } from '../mail/mailer';
import type { AccessTokens } from './access-tokens';
import type { RefreshTokenChain } from './refresh-token-chain';
import {
  accountExistsMail,
  passwordChangedMail,
  resetPasswordMail,
  verificationMail,
} from './auth-mail';
import type { AccountProfileChanges, AuthRepository } from './auth-repository';
import type { EmailTokenPurpose, UserRow } from './auth-schema';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password-hasher';

export const authMessages = {
  registered: 'Registration successful! Please check your email to verify your account.',
  invalidCredentials: 'Incorrect email or password',
  notAuthenticated: 'Not authenticated',
  sessionExpired: 'Your session has expired. Please sign in again.',
  resetSent: 'If an account exists for that email, a password reset link has been sent.',
  resetLinkInvalid:
    'This password reset link is invalid or has expired. Please request a new password reset.',
  passwordReset: 'Password reset successfully!',
  verifyLinkInvalid:
    'This verification link is invalid or has expired. Please request a new verification email.',
  emailVerified: 'Your email address is verified.',
  verificationSent: 'Verification email sent.',
  alreadyVerified: 'Your email address is already verified.',
  loggedOut: 'Signed out.',
} as const;

/**
 * A spent refresh token presented again this soon is a repeat, not a theft: two tabs or requests
 * refreshing at once, or a retry after a lost response (RFC 9700 §4.14.2 allows such a grace
 * period). It gets the first refresh's outcome, the same next token; later, it revokes the sign-in.
 */
export const REFRESH_REUSE_GRACE_MS = 10 * 1000;

/** How often a sign-in in use has its last-used time written (see `authenticate`). */
const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;

export type { AccountProfileChanges };

export type SignIn = {
  accessToken: string;
  refreshToken: string;
  sessionId: string;
};

export type ClientInfo = { userAgent: string | null; ipAddress: string | null };

/**
 * Sign-ins that just ended: one (`sessionId`), all but one (`exceptSessionId`), or all of a
 * person's. The realtime gateway closes their live connections at once.
 */
export type EndedSessions = { userId: string; sessionId?: string; exceptSessionId?: string };

/** A login that still needs its second step (a code), with the token that step presents. */
export type TwoFactorChallenge = { twoFactorRequired: true; challengeToken: string };

/** Lets the security module ask for a second step when an account has two-factor sign-in on. */
export type SecondFactorGate = {
  isRequired: (userId: string) => Promise<boolean>;
  startChallenge: (userId: string) => Promise<string>;
};

type Dependencies = {
  repository: AuthRepository;
  accessTokens: AccessTokens;
  refreshTokens: RefreshTokenChain;
  mail: MailService;
  appUrl: string;
  log: FastifyBaseLogger;
  secondFactor?: SecondFactorGate;
};

export function toPublicUser(
  row: Pick<UserRow, 'id' | 'email' | 'name' | 'displayName' | 'avatar' | 'emailVerifiedAt'>,
): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    display_name: row.displayName,
    avatar: row.avatar,
    email_verified: row.emailVerifiedAt !== null,
  };
}

/** Accounts and sessions: the rules of part 1 §7 and ARCHITECTURE.md "Accounts and sessions". */
export function createAuthService({
  repository,
  accessTokens,
  refreshTokens,
  mail,
  appUrl,
  log,
  secondFactor,
}: Dependencies) {
  const sessionsEndedListeners = new Set<(ended: EndedSessions) => void>();
  const announceSessionsEnded = (ended: EndedSessions) => {
    for (const listener of sessionsEndedListeners) listener(ended);
  };
  const expiresIn = (seconds: number) => new Date(Date.now() + seconds * 1000);

  async function issueEmailToken(userId: string, purpose: EmailTokenPurpose, ttlSeconds: number) {
    const token = createRandomToken();
    await repository.insertEmailToken({
      userId,
      purpose,
      tokenHash: hashToken(token),
      expiresAt: expiresIn(ttlSeconds),
    });
    return token;
  }

  async function sendVerification(user: UserRow) {
    const token = await issueEmailToken(user.id, 'verify_email', VERIFY_EMAIL_TOKEN_TTL_SECONDS);
    const url = `${appUrl}/verify-email?token=${encodeURIComponent(token)}`;
    mail.enqueue(verificationMail(user.email, user.displayName, url));
  }

  async function sendPasswordReset(user: UserRow, mailFor: 'reset' | 'exists') {
    // Only the newest link works: an older one left in a mailbox is retired.
    await repository.retireEmailTokens(user.id, 'reset_password');
    const token = await issueEmailToken(user.id, 'reset_password', RESET_TOKEN_TTL_SECONDS);
    const url = `${appUrl}/reset-password?token=${encodeURIComponent(token)}`;
    mail.enqueue(
      mailFor === 'reset' ? resetPasswordMail(user.email, url) : accountExistsMail(user.email, url),
    );
  }

  /** Opens a sign-in: a session (refresh-token family) with its first refresh token. */
  async function startSession(userId: string, client: ClientInfo): Promise<SignIn> {
    const session = await repository.insertSession({
      userId,
      userAgent: client.userAgent?.slice(0, 300) ?? null,
      ipAddress: client.ipAddress,
      expiresAt: expiresIn(REFRESH_TOKEN_TTL_SECONDS),
    });
    return continueSession(session.id, userId, refreshTokens.first());
  }

  /** Stores `refreshToken` for the sign-in (once: a repeat finds it there) with a new access token. */
  async function continueSession(
    sessionId: string,
    userId: string,
    refreshToken: string,
  ): Promise<SignIn> {
    await repository.insertRefreshToken({
      sessionId,
      tokenHash: hashToken(refreshToken),
      expiresAt: expiresIn(REFRESH_TOKEN_TTL_SECONDS),
    });
    const accessToken = await accessTokens.issue({ userId, sessionId });
    return { accessToken, refreshToken, sessionId };
  }

  return {
    // The account store, for the modules that keep account data beside it (security, profile,
    // finance, notifications): what they may read and change, never the sign-in tokens.
    findUserById: repository.findUserById,
    findUserByEmail: repository.findUserByEmail,
    updatePassword: repository.updatePassword,
    // The profile columns of the account (name, display name, photo, bio, contact, an address
    // waiting for confirmation), which the profile module edits.
    updateProfile: repository.updateProfile,
    confirmPendingEmail: repository.confirmPendingEmail,
    /**
     * A SQL condition, true while some account shows `path` as its avatar, for a statement of the
     * profile module to check atomically (an unused upload is forgotten only while unused).
     */
    avatarInUse: repository.avatarInUse,
    /**
     * Accounts for another module's statement to join (owner names on bucket lists): id, display
     * name, photo, address and whether it is proved.
     */
    accounts: repository.accounts,
    async deleteUser(id: string): Promise<boolean> {
      const deleted = await repository.deleteUser(id);
      if (deleted) announceSessionsEnded({ userId: id });
      return deleted;
    },
    insertEmailToken: repository.insertEmailToken,
    consumeEmailToken: repository.consumeEmailToken,
    retireEmailTokens: repository.retireEmailTokens,
    /** When any sign-in was last used, and when a live one was (online status). */
    sessionActivity: repository.sessionActivity,
    // The sign-ins a user sees and ends from the Security tab.
    liveSessionsOf: repository.liveSessionsOf,
    async revokeSessionOf(userId: string, sessionId: string, reason: string): Promise<boolean> {
      const revoked = await repository.revokeSessionOf(userId, sessionId, reason);
      if (revoked) announceSessionsEnded({ userId, sessionId });
      return revoked;
    },
    async revokeOtherSessions(userId: string, keepSessionId: string, reason: string) {
      const ended = await repository.revokeOtherSessions(userId, keepSessionId, reason);
      if (ended > 0) announceSessionsEnded({ userId, exceptSessionId: keepSessionId });
      return ended;
    },
    /** Calls `listener` whenever sign-ins end (signed out, revoked, password reset, deletion). */
    onSessionsEnded(listener: (ended: EndedSessions) => void): () => void {
      sessionsEndedListeners.add(listener);
      return () => sessionsEndedListeners.delete(listener);
    },

    async register(input: { email: string; password: string; name: string }) {
      const email = normalizeEmail(input.email);
      const passwordHash = await hashPassword(input.password);
      const user = await repository.insertUser({
        email,
        passwordHash,
        name: input.name,
        displayName: input.name,
      });
      if (user) {
        await sendVerification(user);
        log.info({ userId: user.id }, 'account registered');
      } else {
        // Same answer as a new account; the owner hears about it by mail instead.
        const existing = await repository.findUserByEmail(email);
        if (existing) await sendPasswordReset(existing, 'exists');
      }
      return { success: true, message: authMessages.registered };
    },

    async login(
      input: { email: string; password: string },
      client: ClientInfo,
    ): Promise<SignIn | TwoFactorChallenge> {
      const user = await repository.findUserByEmail(normalizeEmail(input.email));
      const valid = user
        ? await verifyPassword(user.passwordHash, input.password)
        : await verifyAgainstDummy(input.password);
      if (!user || !valid)
        throw new AppError('invalid_credentials', authMessages.invalidCredentials);
      if (secondFactor && (await secondFactor.isRequired(user.id))) {
        log.info({ userId: user.id }, 'password accepted: waiting for the second factor');
        return {
          twoFactorRequired: true,
          challengeToken: await secondFactor.startChallenge(user.id),
        };
      }
      log.info({ userId: user.id }, 'signed in');
      return startSession(user.id, client);
    },

    /** Opens a sign-in for a user whose identity was proven another way (code step, passkey). */
    async openSession(userId: string, client: ClientInfo): Promise<SignIn> {
      log.info({ userId }, 'signed in');
      return startSession(userId, client);
    },

    /**
     * Rotates a refresh token. A token spent more than the grace window ago means it was copied:
     * the whole sign-in it belongs to is revoked. Within the window, the repeat gets the same
     * next token as the first refresh (and a fresh access token for the same sign-in).
     */
    async refresh(refreshToken: string): Promise<SignIn> {
      const found = await repository.findRefreshToken(hashToken(refreshToken));
      if (!found) throw new AppError('session_expired', authMessages.sessionExpired);
      const at = new Date();
      const spentBefore =
        found.usedAt !== null || !(await repository.spendRefreshToken(found.id, at));
      // Not spent when read but spent when written: another request spent it just now.
      const spentAt = found.usedAt ?? at;
      if (spentBefore && at.getTime() - spentAt.getTime() > REFRESH_REUSE_GRACE_MS) {
        await repository.revokeSession(found.sessionId, 'refresh token reuse');
        announceSessionsEnded({ userId: found.userId, sessionId: found.sessionId });
        log.warn({ sessionId: found.sessionId }, 'refresh token reused: sign-in revoked');
        throw new AppError('session_expired', authMessages.sessionExpired);
      }
      if (
        found.sessionRevokedAt !== null ||
        found.expiresAt.getTime() <= at.getTime() ||
        found.sessionExpiresAt.getTime() <= at.getTime()
      ) {
        throw new AppError('session_expired', authMessages.sessionExpired);
      }
      if (spentBefore) {
        log.info({ sessionId: found.sessionId }, 'refresh repeated within the grace window');
      } else {
        await repository.touchSession(found.sessionId);
      }
      return continueSession(found.sessionId, found.userId, refreshTokens.next(refreshToken));
    },

    async logout(refreshToken: string | undefined) {
      if (refreshToken) {
        const found = await repository.findRefreshToken(hashToken(refreshToken));
        if (found) {
          await repository.revokeSession(found.sessionId, 'signed out');
          announceSessionsEnded({ userId: found.userId, sessionId: found.sessionId });
        }
      }
      return { success: true, message: authMessages.loggedOut };
    },

    /**
     * Answers before looking the address up: the lookup, the link and the mail happen after
     * the response for every address, so its timing is the same whether an account exists.
     */
    async forgotPassword(emailInput: string) {
      const email = normalizeEmail(emailInput);
      mail.later(async () => {
        const user = await repository.findUserByEmail(email);
        if (user) await sendPasswordReset(user, 'reset');
      });
      return { success: true, message: authMessages.resetSent };
    },

    async isResetTokenValid(token: string): Promise<boolean> {
      return (
        (await repository.findUsableEmailToken(hashToken(token), 'reset_password')) !== undefined
      );
    },

    async resetPassword(token: string, newPassword: string) {
      const passwordHash = await hashPassword(newPassword);
      const consumed = await repository.consumeEmailToken(hashToken(token), 'reset_password');
      if (!consumed) throw new AppError('reset_link_invalid', authMessages.resetLinkInvalid);
      const user = await repository.findUserById(consumed.userId);
      if (!user) throw new AppError('reset_link_invalid', authMessages.resetLinkInvalid);
      await repository.updatePassword(user.id, passwordHash);
      await repository.retireEmailTokens(user.id, 'reset_password');
      await repository.revokeUserSessions(user.id, 'password reset');
      announceSessionsEnded({ userId: user.id });
      // Receiving the link proves the address too.
      await repository.markEmailVerified(user.id);
      mail.enqueue(passwordChangedMail(user.email));
      log.info({ userId: user.id }, 'password reset');
      return { success: true, message: authMessages.passwordReset };
    },

    async verifyEmail(token: string) {
      const consumed = await repository.consumeEmailToken(hashToken(token), 'verify_email');
      if (!consumed) throw new AppError('verify_link_invalid', authMessages.verifyLinkInvalid);
      await repository.markEmailVerified(consumed.userId);
      return { success: true, message: authMessages.emailVerified };
    },

    async resendVerification(userId: string) {
      const user = await repository.findUserById(userId);
      if (!user) throw new AppError('not_authenticated', authMessages.notAuthenticated);
      if (user.emailVerifiedAt) return { success: true, message: authMessages.alreadyVerified };
      await sendVerification(user);
      return { success: true, message: authMessages.verificationSent };
    },

    /**
     * Verified users who used a sign-in since `activeSince`, a page of ids at a time: who
     * scheduled mail goes to (dormant and unconfirmed addresses get none).
     */
    activeVerifiedUsers: (activeSince: Date, after: string | null, limit: number) =>
      repository.activeVerifiedUserIds(activeSince, after, limit),

    async currentUser(userId: string): Promise<User> {
      const user = await repository.findUserById(userId);
      if (!user) throw new AppError('not_authenticated', authMessages.notAuthenticated);
      return toPublicUser(user);
    },

    /**
     * Resolves an access token to a live sign-in and its user, or null, in one query. Revoked
     * sign-ins end at once: the session row is read on every request, never cached.
     */
    async authenticate(accessToken: string) {
      const claims = await accessTokens.verify(accessToken);
      if (!claims) return null;
      const session = await repository.findLiveSession(claims.sessionId);
      if (!session || session.user.id !== claims.userId) return null;
      // A sign-in in use stays "last used" to the minute (sessions list, online status), with
      // at most one write a minute per sign-in.
      if (Date.now() - session.lastUsedAt.getTime() > SESSION_TOUCH_INTERVAL_MS) {
        await repository.touchSession(session.id);
      }
      return { ...claims, user: toPublicUser(session.user) };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
