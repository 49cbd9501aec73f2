import { createHash, randomInt } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import {
  normalizeCode,
  PASSKEY_NAME_MAX_LENGTH,
  RECOVERY_CODE_COUNT,
  SIGN_IN_CHALLENGE_MAX_ATTEMPTS,
  SIGN_IN_CHALLENGE_TTL_SECONDS,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  type Passkey,
  type SessionInfo,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@vowa/shared/auth/security-schemas';
import type { FastifyBaseLogger } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { AppError } from '../../lib/app-error';
import { createRandomToken, hashToken } from '../../lib/random-token';
import type { TokenSealer } from '../../lib/token-sealer';
import { passwordChangedMail } from '../auth/auth-mail';
import type {
  AuthService,
  ClientInfo,
  SecondFactorGate,
  SignIn,
  TwoFactorChallenge,
} from '../auth/auth-service';
import type { MailService } from '../mail/mailer';
import { hashPassword, verifyPassword } from '../auth/password-hasher';
import type { SecurityRepository } from './security-repository';
import type { PasskeyRow } from './security-schema';

export const securityMessages = {
  currentPasswordIncorrect: 'Current password is incorrect.',
  passwordIncorrect: 'Password is incorrect.',
  passwordChanged: 'Your password has been changed. Every other sign-in has been ended.',
  sessionNotFound: 'Session not found.',
  sessionsEnded: 'Every other sign-in has been ended.',
  codeRequired: 'Enter the code from your authenticator app.',
  codeIncorrect: 'The code is incorrect or has already been used.',
  challengeExpired: 'This sign-in has expired. Please sign in again.',
  twoFactorAlreadyOn: 'Two-factor authentication is already on.',
  twoFactorNotStarted: 'Set up two-factor authentication first.',
  twoFactorOff: 'Two-factor authentication is not on.',
  passkeyNotFound: 'Passkey not found.',
  passkeyExpired: 'This passkey request has expired. Please try again.',
  passkeyFailed: 'The passkey could not be verified.',
  passkeyUnknown: 'This passkey is not registered with Vowa.',
  passkeyExists: 'This passkey is already registered.',
} as const;

const passwordMessages = {
  current_password_incorrect: securityMessages.currentPasswordIncorrect,
  password_incorrect: securityMessages.passwordIncorrect,
} as const;

type Dependencies = {
  repository: SecurityRepository;
  users: Pick<
    AuthService,
    | 'findUserById'
    | 'findUserByEmail'
    | 'updatePassword'
    | 'deleteUser'
    | 'liveSessionsOf'
    | 'revokeSessionOf'
    | 'revokeOtherSessions'
  >;
  /** Opens a sign-in once a user has proven who they are (the auth service's own). */
  openSession: (userId: string, client: ClientInfo) => Promise<SignIn>;
  sealer: TokenSealer;
  mail: MailService;
  appUrl: string;
  log: FastifyBaseLogger;
  /** Removes an uploaded file by its URL path (the avatar), when an account is deleted. */
  removeFile?: (urlPath: string) => Promise<void>;
  now?: () => Date;
};

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function recoveryCode(): string {
  let code = '';
  for (let index = 0; index < 10; index += 1) {
    code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  }
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

const hashCode = (code: string) => createHash('sha256').update(normalizeCode(code)).digest('hex');

const toBase64Url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const fromBase64Url = (text: string) => new Uint8Array(Buffer.from(text, 'base64url'));

/** The challenge a browser signed, read from its client data (checked again by the verifier). */
function challengeOf(clientDataJSON: string): string | undefined {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as {
      challenge?: unknown;
    };
    return typeof data.challenge === 'string' ? data.challenge : undefined;
  } catch {
    return undefined;
  }
}

function toPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** Asks for a code at sign-in when the account has two-factor sign-in (TOTP) on. */
export function createSecondFactorGateFor(
  repository: Pick<SecurityRepository, 'isTotpEnabled' | 'insertLoginChallenge'>,
  now: () => Date = () => new Date(),
): SecondFactorGate {
  return {
    isRequired: (userId: string) => repository.isTotpEnabled(userId),
    async startChallenge(userId: string) {
      const token = createRandomToken();
      await repository.insertLoginChallenge({
        userId,
        tokenHash: hashToken(token),
        expiresAt: new Date(now().getTime() + SIGN_IN_CHALLENGE_TTL_SECONDS * 1000),
      });
      return token;
    },
  };
}

/**
 * The Security settings: password changes, sign-ins (sessions), two-factor sign-in with an
 * authenticator app (TOTP) and recovery codes, passkeys (WebAuthn), and deleting the account.
 */
export function createSecurityService(deps: Dependencies) {
  const { repository, users, sealer, mail, log } = deps;
  const now = deps.now ?? (() => new Date());
  const app = new URL(deps.appUrl);
  const rpID = app.hostname;
  const expectedOrigin = app.origin;
  const challengeExpiry = () => new Date(now().getTime() + SIGN_IN_CHALLENGE_TTL_SECONDS * 1000);

  async function userOrFail(userId: string) {
    const user = await users.findUserById(userId);
    if (!user) throw new AppError('not_authenticated', 'Not authenticated');
    return user;
  }

  async function checkPassword(
    userId: string,
    password: string,
    code: 'current_password_incorrect' | 'password_incorrect',
  ) {
    const user = await userOrFail(userId);
    // argon2 runs whatever the outcome, as at sign-in.
    if (!(await verifyPassword(user.passwordHash, password))) {
      throw new AppError(code, passwordMessages[code]);
    }
    return user;
  }

  const totpFor = (secret: Secret, label = 'Vowa') =>
    new TOTP({
      issuer: 'Vowa',
      label,
      secret,
      algorithm: 'SHA1',
      digits: TOTP_DIGITS,
      period: TOTP_PERIOD_SECONDS,
    });

  /** Checks a 6-digit code (±1 step) and claims its step, so it cannot be used twice. */
  async function acceptTotp(userId: string, code: string): Promise<boolean> {
    const factor = await repository.findTotp(userId);
    if (!factor) return false;
    const token = normalizeCode(code);
    if (!/^\d{6}$/.test(token)) return false;
    let secret: Secret;
    try {
      secret = Secret.fromBase32(sealer.open(factor.secretSealed));
    } catch (error) {
      log.error({ err: error, userId }, 'a sealed TOTP secret could not be opened');
      return false;
    }
    const timestamp = now().getTime();
    const delta = totpFor(secret).validate({ token, timestamp, window: 1 });
    if (delta === null) return false;
    const step = TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp }) + delta;
    return repository.claimTotpStep(userId, step);
  }

  /** A TOTP code, or (where allowed) one of the recovery codes, spent once. */
  async function acceptSecondFactor(userId: string, code: string): Promise<boolean> {
    if (/^\d{6}$/.test(normalizeCode(code))) return acceptTotp(userId, code);
    const accepted = await repository.spendRecoveryCode(userId, hashCode(code));
    if (accepted) log.info({ userId }, 'recovery code used');
    return accepted;
  }

  const secondFactorGate = createSecondFactorGateFor(repository, now);

  return {
    /** For the Settings screen: which extra sign-in methods are set up. */
    async signInMethods(userId: string) {
      const [twoFactorAuth, passkeyCount] = await Promise.all([
        repository.isTotpEnabled(userId),
        repository.countPasskeys(userId),
      ]);
      return { twoFactorAuth, biometricAuth: passkeyCount > 0 };
    },

    /** Plugged into the auth service: asks for a code at sign-in when TOTP is on. */
    secondFactorGate,

    // ---------- Password ----------

    async changePassword(
      auth: { userId: string; sessionId: string },
      currentPassword: string,
      newPassword: string,
    ) {
      const user = await checkPassword(auth.userId, currentPassword, 'current_password_incorrect');
      await users.updatePassword(user.id, await hashPassword(newPassword));
      await users.revokeOtherSessions(user.id, auth.sessionId, 'password changed');
      mail.enqueue(passwordChangedMail(user.email));
      log.info({ userId: user.id }, 'password changed');
      return { success: true, message: securityMessages.passwordChanged };
    },

    // ---------- Sessions ----------

    async sessions(auth: { userId: string; sessionId: string }): Promise<SessionInfo[]> {
      const rows = await users.liveSessionsOf(auth.userId, new Date());
      return rows.map((row) => ({
        id: row.id,
        user_agent: row.userAgent,
        ip_address: row.ipAddress,
        created_at: row.createdAt.toISOString(),
        last_used_at: row.lastUsedAt.toISOString(),
        current: row.id === auth.sessionId,
      }));
    },

    async revokeSession(userId: string, sessionId: string) {
      if (!(await users.revokeSessionOf(userId, sessionId, 'signed out from settings'))) {
        throw new AppError('session_not_found', securityMessages.sessionNotFound);
      }
    },

    async revokeOtherSessions(auth: { userId: string; sessionId: string }) {
      const ended = await users.revokeOtherSessions(
        auth.userId,
        auth.sessionId,
        'signed out everywhere else',
      );
      log.info({ userId: auth.userId, ended }, 'other sign-ins ended');
      return { success: true, message: securityMessages.sessionsEnded };
    },

    // ---------- Account ----------

    async deleteAccount(userId: string, password: string, code: string | undefined) {
      const user = await checkPassword(userId, password, 'password_incorrect');
      if (await repository.isTotpEnabled(userId)) {
        if (!code) throw new AppError('two_factor_code_required', securityMessages.codeRequired);
        if (!(await acceptSecondFactor(userId, code))) {
          throw new AppError('two_factor_code_incorrect', securityMessages.codeIncorrect);
        }
      }
      // Everything a user owns references users.id with ON DELETE CASCADE.
      await users.deleteUser(userId);
      if (user.avatar && deps.removeFile) {
        await deps.removeFile(user.avatar).catch((error: unknown) => {
          log.warn({ err: error, userId }, 'avatar file could not be removed');
        });
      }
      log.info({ userId }, 'account deleted');
    },

    // ---------- Two-factor sign-in (TOTP) ----------

    async twoFactorStatus(userId: string): Promise<TwoFactorStatus> {
      const enabled = await repository.isTotpEnabled(userId);
      return {
        enabled,
        recovery_codes_left: enabled ? await repository.recoveryCodesLeft(userId) : 0,
      };
    },

    async setUpTwoFactor(userId: string): Promise<TwoFactorSetup> {
      const user = await userOrFail(userId);
      const secret = new Secret({ size: 20 });
      if (!(await repository.savePendingTotp(userId, sealer.seal(secret.base32)))) {
        throw new AppError('two_factor_already_on', securityMessages.twoFactorAlreadyOn);
      }
      const otpauthUrl = totpFor(secret, user.email).toString();
      const svg = await QRCode.toString(otpauthUrl, {
        type: 'svg',
        margin: 1,
        errorCorrectionLevel: 'M',
        color: { dark: '#0f172a', light: '#ffffff' },
      });
      return {
        secret: secret.base32,
        otpauth_url: otpauthUrl,
        qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
      };
    },

    async enableTwoFactor(userId: string, code: string) {
      const factor = await repository.findTotp(userId);
      if (!factor)
        throw new AppError('two_factor_not_started', securityMessages.twoFactorNotStarted);
      if (factor.enabledAt)
        throw new AppError('two_factor_already_on', securityMessages.twoFactorAlreadyOn);
      if (!(await acceptTotp(userId, code))) {
        throw new AppError('two_factor_code_incorrect', securityMessages.codeIncorrect);
      }
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);
      await repository.enableTotp(userId, codes.map(hashCode));
      log.info({ userId }, 'two-factor sign-in enabled');
      return { recovery_codes: codes };
    },

    async disableTwoFactor(userId: string, password: string, code: string) {
      await checkPassword(userId, password, 'password_incorrect');
      if (!(await repository.isTotpEnabled(userId))) {
        throw new AppError('two_factor_off', securityMessages.twoFactorOff);
      }
      if (!(await acceptSecondFactor(userId, code))) {
        throw new AppError('two_factor_code_incorrect', securityMessages.codeIncorrect);
      }
      await repository.disableTotp(userId);
      log.info({ userId }, 'two-factor sign-in disabled');
      return { enabled: false, recovery_codes_left: 0 };
    },

    /** The second step of a sign-in: a TOTP code or a recovery code for the challenge. */
    async completeTwoFactorLogin(
      challengeToken: string,
      code: string,
      client: ClientInfo,
    ): Promise<SignIn> {
      const challenge = await repository.attemptLoginChallenge(
        hashToken(challengeToken),
        SIGN_IN_CHALLENGE_MAX_ATTEMPTS,
        now(),
      );
      if (!challenge)
        throw new AppError('sign_in_challenge_expired', securityMessages.challengeExpired);
      if (!(await acceptSecondFactor(challenge.userId, code))) {
        throw new AppError('two_factor_code_incorrect', securityMessages.codeIncorrect);
      }
      if (!(await repository.spendLoginChallenge(challenge.id))) {
        throw new AppError('sign_in_challenge_expired', securityMessages.challengeExpired);
      }
      return deps.openSession(challenge.userId, client);
    },

    // ---------- Passkeys (WebAuthn) ----------

    async passkeys(userId: string): Promise<Passkey[]> {
      return (await repository.listPasskeys(userId)).map(toPasskey);
    },

    async deletePasskey(userId: string, id: string) {
      if (!(await repository.deletePasskey(userId, id))) {
        throw new AppError('passkey_not_found', securityMessages.passkeyNotFound);
      }
      log.info({ userId }, 'passkey removed');
    },

    async passkeyRegistrationOptions(userId: string) {
      const user = await userOrFail(userId);
      const existing = await repository.listPasskeys(userId);
      const options = await generateRegistrationOptions({
        rpName: 'Vowa',
        rpID,
        userName: user.email,
        userDisplayName: user.displayName,
        userID: new TextEncoder().encode(user.id),
        attestationType: 'none',
        timeout: SIGN_IN_CHALLENGE_TTL_SECONDS * 1000,
        excludeCredentials: existing.map((passkey) => ({
          id: passkey.id,
          transports: passkey.transports,
        })),
        // Required: sign-in offers no credential ids (see passkeyLoginOptions).
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      });
      await repository.insertWebauthnChallenge({
        challenge: options.challenge,
        purpose: 'register',
        userId,
        expiresAt: challengeExpiry(),
      });
      return options;
    },

    async registerPasskey(userId: string, response: RegistrationResponseJSON, name?: string) {
      const challenge = challengeOf(response.response.clientDataJSON);
      const stored = challenge
        ? await repository.consumeWebauthnChallenge(challenge, 'register', now())
        : undefined;
      if (!stored || stored.userId !== userId) {
        throw new AppError('passkey_request_expired', securityMessages.passkeyExpired);
      }
      let verification;
      try {
        verification = await verifyRegistrationResponse({
          response,
          expectedChallenge: stored.challenge,
          expectedOrigin,
          expectedRPID: rpID,
          requireUserVerification: false,
        });
      } catch (error) {
        log.info({ userId, reason: (error as Error).message }, 'passkey registration refused');
        throw new AppError('passkey_not_verified', securityMessages.passkeyFailed);
      }
      if (!verification.verified) {
        throw new AppError('passkey_not_verified', securityMessages.passkeyFailed);
      }
      const info = verification.registrationInfo;
      const count = await repository.countPasskeys(userId);
      const row = await repository.insertPasskey({
        id: info.credential.id,
        userId,
        publicKey: toBase64Url(info.credential.publicKey),
        counter: info.credential.counter,
        transports: info.credential.transports ?? response.response.transports ?? [],
        deviceType: info.credentialDeviceType,
        backedUp: info.credentialBackedUp,
        name: name?.trim().slice(0, PASSKEY_NAME_MAX_LENGTH) || `Passkey ${count + 1}`,
      });
      if (!row) throw new AppError('passkey_exists', securityMessages.passkeyExists);
      log.info({ userId }, 'passkey registered');
      return toPasskey(row);
    },

    /**
     * Discoverable-credential sign-in for everyone (ADR 0004): the browser offers the passkeys
     * it holds for Vowa, and the answer never depends on an email, so it cannot tell whether an
     * account or a passkey exists. The `email` a client may still send is ignored.
     */
    async passkeyLoginOptions() {
      const allowCredentials: { id: string }[] = [];
      const options = await generateAuthenticationOptions({
        rpID,
        allowCredentials,
        userVerification: 'preferred',
        timeout: SIGN_IN_CHALLENGE_TTL_SECONDS * 1000,
      });
      await repository.insertWebauthnChallenge({
        challenge: options.challenge,
        purpose: 'login',
        userId: null,
        expiresAt: challengeExpiry(),
      });
      return options;
    },

    /**
     * Signs in with a passkey. A passkey that verified its user (biometrics, PIN) is two factors
     * on its own; without user verification, a two-factor account still asks for its code.
     */
    async passkeyLogin(
      response: AuthenticationResponseJSON,
      client: ClientInfo,
    ): Promise<SignIn | TwoFactorChallenge> {
      const challenge = challengeOf(response.response.clientDataJSON);
      const stored = challenge
        ? await repository.consumeWebauthnChallenge(challenge, 'login', now())
        : undefined;
      if (!stored) throw new AppError('passkey_request_expired', securityMessages.passkeyExpired);
      const passkey = await repository.findPasskey(response.id);
      if (!passkey) throw new AppError('passkey_unknown', securityMessages.passkeyUnknown);
      const userHandle = response.response.userHandle;
      if (userHandle && Buffer.from(userHandle, 'base64url').toString('utf8') !== passkey.userId) {
        throw new AppError('passkey_not_verified', securityMessages.passkeyFailed);
      }
      let verification;
      try {
        verification = await verifyAuthenticationResponse({
          response,
          expectedChallenge: stored.challenge,
          expectedOrigin,
          expectedRPID: rpID,
          credential: {
            id: passkey.id,
            publicKey: fromBase64Url(passkey.publicKey),
            counter: passkey.counter,
            transports: passkey.transports,
          },
          requireUserVerification: false,
        });
      } catch (error) {
        log.info(
          { userId: passkey.userId, reason: (error as Error).message },
          'passkey sign-in refused',
        );
        throw new AppError('passkey_not_verified', securityMessages.passkeyFailed);
      }
      if (!verification.verified) {
        throw new AppError('passkey_not_verified', securityMessages.passkeyFailed);
      }
      const { newCounter, userVerified, credentialBackedUp } = verification.authenticationInfo;
      await repository.recordPasskeyUse(passkey.id, newCounter, credentialBackedUp);
      if (!userVerified && (await repository.isTotpEnabled(passkey.userId))) {
        return {
          twoFactorRequired: true,
          challengeToken: await secondFactorGate.startChallenge(passkey.userId),
        };
      }
      return deps.openSession(passkey.userId, client);
    },
  };
}

export type SecurityService = ReturnType<typeof createSecurityService>;
