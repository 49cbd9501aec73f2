import type {
  BucketList,
  InvitationSent,
  ReceivedInvitation,
  SentInvitation,
} from '@vowa/shared/bucket-lists/bucket-list-schemas';
import type { BucketListColor } from '@vowa/shared/bucket-lists/bucket-list-constants';
import { normalizeEmail } from '@vowa/shared/auth/auth-rules';
import { AppError } from '../../lib/app-error';
import { createRandomToken, hashToken } from '../../lib/random-token';
import type { MailService } from '../mail/mailer';
import { listInvitationMail } from './bucket-list-mail';
import type { BucketListRepository, ListWithOwner } from './bucket-list-repository';
import type { InvitationRow } from './bucket-list-schema';

/** How long a mailed invitation can be accepted. */
export const INVITATION_TTL_DAYS = 14;

export const invitationMessages = {
  verifyToShare: 'Verify your email address before sharing lists: use the link we sent you.',
  shareWithSelf: 'You already own this list.',
  invitationInvalid: 'This invitation is invalid or has expired.',
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type InvitationDependencies = {
  repository: BucketListRepository;
  mail: MailService;
  appUrl: string;
  now: () => Date;
  /** The list if this user owns it (403/404 otherwise), from the list service. */
  ownedList: (listId: string, userId: string) => Promise<ListWithOwner>;
  getList: (listId: string, userId: string) => Promise<BucketList>;
};

/**
 * Sharing a list is an invitation the other person accepts or declines (ADR 0004): until they
 * accept, they cannot see the list and the two are not "friends". Sharing answers the same for
 * every address and does the same work for each, so it tells the owner nothing about who has
 * an account.
 */
export function createInvitations({
  repository,
  mail,
  appUrl,
  now,
  ownedList,
  getList,
}: InvitationDependencies) {
  async function account(userId: string) {
    const found = await repository.findAccount(userId);
    if (!found) throw new AppError('not_authenticated', 'Not authenticated');
    return found;
  }

  /** A pending, unexpired invitation addressed to this person, or 404. */
  async function invitationFor(invitationId: string, userId: string): Promise<InvitationRow> {
    const invitation = UUID.test(invitationId)
      ? await repository.findInvitationById(invitationId)
      : undefined;
    const me = invitation ? await account(userId) : undefined;
    const addressedToMe =
      invitation !== undefined &&
      me !== undefined &&
      (invitation.inviteeId === userId ||
        (invitation.inviteeId === null &&
          me.emailVerifiedAt !== null &&
          invitation.email === me.email));
    if (!invitation || !addressedToMe || !isOpen(invitation)) {
      throw new AppError('invitation_invalid', invitationMessages.invitationInvalid);
    }
    return invitation;
  }

  const isOpen = (invitation: InvitationRow) =>
    invitation.status === 'pending' && invitation.expiresAt.getTime() > now().getTime();

  async function sendInvitation(list: ListWithOwner, email: string) {
    const token = createRandomToken();
    const createdAt = now();
    const expiresAt = new Date(createdAt.getTime() + INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000);
    const id = await repository.saveInvitation({
      listId: list.id,
      email,
      tokenHash: hashToken(token),
      createdAt,
      expiresAt,
    });
    const url = `${appUrl}/travel/bucket-list/invitation?token=${encodeURIComponent(token)}`;
    mail.enqueue(listInvitationMail(email, list.ownerName, list.name, url));
    return id;
  }

  async function receivedInvitations(userId: string): Promise<ReceivedInvitation[]> {
    const me = await account(userId);
    const rows = await repository.invitationsFor(
      userId,
      me.emailVerifiedAt ? me.email : null,
      now(),
    );
    return rows.map((row) => ({
      ...row,
      listColor: row.listColor as BucketListColor,
      expiresAt: row.expiresAt.toISOString(),
    }));
  }

  return {
    /**
     * Invites an address to read the list. A pending or declined invitation that has not
     * expired is answered the same way without mailing again, so nobody is pestered.
     */
    async share(listId: string, userId: string, emailInput: string): Promise<InvitationSent> {
      const list = await ownedList(listId, userId);
      const owner = await account(userId);
      if (owner.emailVerifiedAt === null) {
        throw new AppError('share_needs_verified_email', invitationMessages.verifyToShare);
      }
      const email = normalizeEmail(emailInput);
      if (email === owner.email) {
        throw new AppError('share_with_self', invitationMessages.shareWithSelf);
      }
      const earlier = await repository.findInvitation(list.id, email);
      if (earlier?.status === 'accepted') return { id: earlier.id, email, status: 'accepted' };
      if (earlier?.status === 'declined' && earlier.expiresAt.getTime() > now().getTime()) {
        return { id: earlier.id, email, status: 'pending' };
      }
      return { id: await sendInvitation(list, email), email, status: 'pending' };
    },

    async sentInvitations(listId: string, userId: string): Promise<SentInvitation[]> {
      const list = await ownedList(listId, userId);
      const rows = await repository.openInvitationsOf(list.id, now());
      return rows.map((row) => ({ ...row, expiresAt: row.expiresAt.toISOString() }));
    },

    async withdrawInvitation(listId: string, userId: string, invitationId: string) {
      const list = await ownedList(listId, userId);
      const deleted = UUID.test(invitationId)
        ? await repository.deleteInvitation(list.id, invitationId)
        : false;
      if (!deleted) throw new AppError('invitation_invalid', invitationMessages.invitationInvalid);
    },

    receivedInvitations,

    /**
     * The mailed link: holding it proves the mailbox, so the invitation becomes the signed-in
     * person's (whatever address their account uses) and waits for their answer.
     */
    async openInvitation(userId: string, token: string): Promise<ReceivedInvitation> {
      const invitation = await repository.findInvitationByToken(hashToken(token));
      if (
        !invitation ||
        !isOpen(invitation) ||
        (invitation.inviteeId !== null && invitation.inviteeId !== userId)
      ) {
        throw new AppError('invitation_invalid', invitationMessages.invitationInvalid);
      }
      // Their own list (an owner following their own link) is not an invitation to them.
      const list = await repository.findList(invitation.listId);
      if (!list || list.ownerId === userId) {
        throw new AppError('invitation_invalid', invitationMessages.invitationInvalid);
      }
      await repository.claimInvitation(invitation.id, userId);
      const found = (await receivedInvitations(userId)).find(
        (received) => received.id === invitation.id,
      );
      if (!found) throw new AppError('invitation_invalid', invitationMessages.invitationInvalid);
      return found;
    },

    async acceptInvitation(invitationId: string, userId: string): Promise<BucketList> {
      const invitation = await invitationFor(invitationId, userId);
      const list = await repository.findList(invitation.listId);
      if (!list || list.ownerId === userId) {
        throw new AppError('invitation_invalid', invitationMessages.invitationInvalid);
      }
      if (!(await repository.acceptInvitation(invitation, userId, now()))) {
        throw new AppError('invitation_invalid', invitationMessages.invitationInvalid);
      }
      return getList(invitation.listId, userId);
    },

    async declineInvitation(invitationId: string, userId: string) {
      const invitation = await invitationFor(invitationId, userId);
      await repository.declineInvitation(invitation.id, userId, now());
    },
  };
}
