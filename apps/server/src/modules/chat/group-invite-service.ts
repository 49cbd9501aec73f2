import { createHmac, hkdfSync, randomInt } from 'node:crypto';
import type { Conversation } from '@vowa/shared/assistant/assistant-schemas';
import {
  INVITATION_TTL_DAYS,
  INVITE_CODE_ALPHABET,
  INVITE_CODE_LENGTH,
  INVITE_CODE_TTL_DAYS,
  normalizeInviteCode,
  type InviteType,
} from '@vowa/shared/groups/group-invite-rules';
import type {
  GroupInviteSent,
  InviteCode,
  JoinGroupRequest,
} from '@vowa/shared/groups/group-invite-schemas';
import type { Language } from '@vowa/shared/settings/settings-constants';
import { AppError } from '../../lib/app-error';
import { createRandomToken, hashToken } from '../../lib/random-token';
import type { AuthService } from '../auth/auth-service';
import type { MailService } from '../mail/mailer';
import { SmsError, type SmsSender } from '../mail/mail-module';
import { chatMessages } from './chat-service';
import type { GroupInviteRepository } from './group-invite-repository';
import { firstNameOf, groupInvitationMail, groupInvitationSms } from './group-invite-texts';

export const inviteMessages = {
  inviteInvalid: 'That invite code is not valid or has expired.',
  verifyToInvite: 'Verify your email address before inviting people: use the link we sent you.',
  phoneUnreachable: 'We could not send a text message to that number. Check it and try again.',
  smsUnavailable: 'Text messages cannot be sent right now. Please try again later.',
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;
/** At most this many messages to one address for one group a day; more are answered, not sent. */
export const INVITES_PER_ADDRESS_PER_DAY = 3;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type GroupInviteDependencies = {
  repository: GroupInviteRepository;
  /** Adds the person to the group (the group service; a second join is harmless). */
  joinGroup: (conversationId: string, userId: string) => Promise<Conversation>;
  people: Pick<AuthService, 'findUserById'>;
  /** The inviter's language: the invitee's is unknown, so the message is in theirs. */
  languageOf: (userId: string) => Promise<Language>;
  mail: Pick<MailService, 'enqueue'>;
  sms: SmsSender;
  appUrl: string;
  /** The key codes and addresses are hashed with (the same on every instance). */
  secret: string;
  now: () => Date;
};

/** A 6-character code from the OS's random source, every character equally likely. */
export function createInviteCode(): string {
  let code = '';
  for (let i = 0; i < INVITE_CODE_LENGTH; i += 1) {
    code += INVITE_CODE_ALPHABET[randomInt(INVITE_CODE_ALPHABET.length)];
  }
  return code;
}

/**
 * Invitations to a group (issue 15 §4): a code shown in the dialog, or a link mailed or texted
 * to an address. Any member may invite; everyone else hears that the group does not exist.
 * Sending answers the same whoever the address belongs to (decision 0004), and a wrong,
 * expired or revoked code or link gets one answer that does not say which.
 */
export function createGroupInviteService(deps: GroupInviteDependencies) {
  const { repository } = deps;
  // Keyed hashes: a leaked table gives neither the codes (a small space, easy to try all of
  // with a plain hash) nor the addresses people were invited at.
  const key = Buffer.from(hkdfSync('sha256', deps.secret, '', 'vowa group invitations', 32));
  const keyed = (kind: string, value: string) =>
    createHmac('sha256', key).update(`${kind}:${value}`).digest('hex');

  const invalid = () => new AppError('invite_invalid', inviteMessages.inviteInvalid);

  async function memberGroup(conversationId: string, userId: string) {
    const group = UUID.test(conversationId)
      ? await repository.groupOfMember(conversationId, userId)
      : null;
    if (!group) throw new AppError('conversation_not_found', chatMessages.conversationNotFound);
    return group;
  }

  async function deliver(
    type: InviteType,
    to: string,
    language: Language,
    words: { inviter: string; group: string; url: string },
  ) {
    if (type === 'email') {
      deps.mail.enqueue(groupInvitationMail(to, language, words));
      return;
    }
    await deps.sms.send({ to, body: groupInvitationSms(language, words) });
  }

  async function joinWithToken(userId: string, token: string): Promise<Conversation> {
    const invitation = await repository.findInvitationByToken(hashToken(token.trim()));
    if (!invitation || invitation.revokedAt) throw invalid();
    // Following the link again after accepting it is harmless: the same group, nothing new.
    if (invitation.acceptedBy === userId) {
      if (await repository.groupOfMember(invitation.conversationId, userId)) {
        return deps.joinGroup(invitation.conversationId, userId);
      }
      throw invalid();
    }
    if (invitation.acceptedBy !== null) throw invalid();
    if (invitation.expiresAt.getTime() <= deps.now().getTime()) throw invalid();
    if (!(await repository.markAccepted(invitation.id, userId, deps.now()))) {
      // Someone else accepted it a moment ago (or this person, in another request).
      const again = await repository.findInvitationByToken(invitation.tokenHash);
      if (again?.acceptedBy !== userId) throw invalid();
    }
    return deps.joinGroup(invitation.conversationId, userId);
  }

  async function joinWithCode(userId: string, typed: string): Promise<Conversation> {
    const code = normalizeInviteCode(typed);
    const found = code ? await repository.findCode(keyed('code', code)) : undefined;
    if (!found || found.revokedAt || found.expiresAt.getTime() <= deps.now().getTime()) {
      throw invalid();
    }
    return deps.joinGroup(found.conversationId, userId);
  }

  return {
    /**
     * `POST /user_management/users/invite`: mails or texts a join link. The answer is the same
     * for any address; a fourth message to the same address for the same group within a day is
     * answered alike but not sent.
     */
    async invite(
      userId: string,
      request: { type: InviteType; value: string; chat_id: string },
    ): Promise<GroupInviteSent> {
      const group = await memberGroup(request.chat_id, userId);
      const inviter = await deps.people.findUserById(userId);
      if (!inviter) throw new AppError('not_authenticated', 'Not authenticated');
      if (inviter.emailVerifiedAt === null) {
        throw new AppError('invite_needs_verified_email', inviteMessages.verifyToInvite);
      }
      const createdAt = deps.now();
      const addressHash = keyed(request.type, request.value);
      const recent = await repository.invitationsSince(
        group.id,
        addressHash,
        new Date(createdAt.getTime() - DAY_MS),
      );
      if (recent.length >= INVITES_PER_ADDRESS_PER_DAY) {
        const [latest] = recent;
        return { id: latest!.id, type: request.type, expiresAt: latest!.expiresAt.toISOString() };
      }
      const token = createRandomToken();
      const invitation = await repository.saveInvitation({
        conversationId: group.id,
        invitedBy: userId,
        channel: request.type,
        addressHash,
        tokenHash: hashToken(token),
        createdAt,
        expiresAt: new Date(createdAt.getTime() + INVITATION_TTL_DAYS * DAY_MS),
      });
      const words = {
        inviter: firstNameOf(inviter.name || inviter.displayName),
        group: group.name,
        url: `${deps.appUrl}/chat/join?token=${encodeURIComponent(token)}`,
      };
      try {
        await deliver(request.type, request.value, await deps.languageOf(userId), words);
      } catch (error) {
        // Nobody holds this link: it must not work later either.
        await repository.revokeInvitation(invitation.id, deps.now());
        if (error instanceof SmsError) {
          throw error.reason === 'unreachable'
            ? new AppError('invite_phone_unreachable', inviteMessages.phoneUnreachable)
            : new AppError('sms_unavailable', inviteMessages.smsUnavailable);
        }
        throw error;
      }
      return {
        id: invitation.id,
        type: request.type,
        expiresAt: invitation.expiresAt.toISOString(),
      };
    },

    /** A new code for the dialog each time it opens; only its keyed hash is stored. */
    async createCode(userId: string, conversationId: string): Promise<InviteCode> {
      const group = await memberGroup(conversationId, userId);
      const createdAt = deps.now();
      await repository.pruneCodes(group.id, createdAt);
      const expiresAt = new Date(createdAt.getTime() + INVITE_CODE_TTL_DAYS * DAY_MS);
      // 36^6 codes: a clash with a live code is rare; then another is drawn.
      for (let attempt = 0; attempt < 8; attempt += 1) {
        const code = createInviteCode();
        const saved = await repository.saveCode({
          conversationId: group.id,
          createdBy: userId,
          codeHash: keyed('code', code),
          createdAt,
          expiresAt,
        });
        if (saved) return { id: saved.id, code, expiresAt: expiresAt.toISOString() };
      }
      throw new Error('Could not draw a free invite code');
    },

    /** Any member may revoke a code of their group; revoking twice is harmless. */
    async revokeCode(userId: string, conversationId: string, codeId: string) {
      const group = await memberGroup(conversationId, userId);
      const revoked = UUID.test(codeId)
        ? await repository.revokeCode(group.id, codeId, deps.now())
        : false;
      if (!revoked) throw invalid();
    },

    /** Joins with a code typed in the app or the token of a mailed or texted link. */
    async join(userId: string, request: JoinGroupRequest): Promise<Conversation> {
      if (request.token !== undefined) return joinWithToken(userId, request.token);
      return joinWithCode(userId, request.code ?? '');
    },
  };
}

export type GroupInviteService = ReturnType<typeof createGroupInviteService>;
