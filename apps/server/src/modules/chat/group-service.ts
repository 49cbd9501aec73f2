import type { ChatMessage, Conversation } from '@vowa/shared/assistant/assistant-schemas';
import {
  mentionsAssistant,
  type GroupCard,
  type GroupMember,
} from '@vowa/shared/groups/group-schemas';
import { ONLINE_WINDOW_MS } from '@vowa/shared/profile/public-profile-schemas';
import type { Language } from '@vowa/shared/settings/settings-constants';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { AuthService } from '../auth/auth-service';
import type { LiveUpdates } from '../realtime/realtime-module';
import type { SettingsService } from '../settings/settings-service';
import { createMessagePresenter, presentConversation } from './chat-presenter';
import type { ChatRepository, MessageRow, NewMessage } from './chat-repository';
import { chatMessages } from './chat-service';
import type { GroupRepository, MemberRow } from './group-repository';

export const groupMessages = {
  ownerOnly: 'Only the group owner can remove members.',
  memberNotFound: 'That person is not a member of this group.',
} as const;

/** What the assistant is asked when a member mentions it (H2's group assistant answers). */
export type MentionInput = { conversationId: string; askedBy: string; message: MessageRow };
export type AnswerMention = (input: MentionInput) => void;

type Dependencies = {
  chats: ChatRepository;
  groups: GroupRepository;
  people: Pick<AuthService, 'findUserById' | 'sessionActivity'>;
  settings: Pick<SettingsService, 'privacy'>;
  live: LiveUpdates;
  /** The assistant's welcome in the creator's language. */
  greeting: (name: string, language: Language) => string;
  /** Answers an @vowa message in the background; set once the group assistant exists. */
  answerMention?: AnswerMention;
  log: FastifyBaseLogger;
  now: () => Date;
};

/** The English fallback of a system card; the web shows its own translated text. */
function cardText(card: GroupCard): string {
  switch (card.type) {
    case 'member_joined':
      return `${card.name} joined the group`;
    case 'member_left':
      return `${card.name} left the group`;
    case 'member_removed':
      return `${card.name} was removed from the group`;
    case 'renamed':
      return `The group was renamed to ${card.name}`;
    case 'pick':
      return `${card.marker === 'modified' ? 'Modified' : 'Selected'} for the group: ${card.title}`;
    case 'plan_booked':
      return `The group's plan was booked (${card.reference})`;
  }
}

/**
 * Group chats (issue 15): members, their roles and presence, and messages that reach every
 * member's open sockets as they are stored. Only members see anything of a group; everyone
 * else gets the same 404 as for a conversation that does not exist.
 */
export function createGroupService(deps: Dependencies) {
  const { chats, groups, live } = deps;
  const presentMessages = createMessagePresenter(deps.people);
  let answerMention = deps.answerMention;

  const notFound = () => new AppError('conversation_not_found', chatMessages.conversationNotFound);

  async function requireMember(conversationId: string, userId: string) {
    const found = await groups.membership(conversationId, userId);
    if (!found) throw notFound();
    return found;
  }

  async function summaryOf(conversationId: string, userId: string): Promise<Conversation> {
    const [row] = await chats.conversationsOf(userId, conversationId);
    if (!row) throw notFound();
    return presentConversation(row);
  }

  async function nameOf(userId: string) {
    const user = await deps.people.findUserById(userId);
    return user ? user.displayName || user.name : '';
  }

  /**
   * Delivers a stored message to the group's sockets. Their lists (last message, unread) follow
   * from the message itself: one event per socket, not a second one to every member's room.
   */
  async function broadcast(conversationId: string, row: MessageRow): Promise<ChatMessage> {
    const [message] = await presentMessages([row]);
    live.toGroup(conversationId, 'group_message', { conversationId, message });
    return message!;
  }

  /** Stores a message in the group (a card, the assistant's reply) and delivers it. */
  async function post(conversationId: string, message: NewMessage): Promise<ChatMessage> {
    const [row] = await chats.appendMessages(conversationId, [message]);
    return broadcast(conversationId, row!);
  }

  async function postCard(conversationId: string, actorId: string | null, card: GroupCard) {
    await post(conversationId, {
      author: 'system',
      userId: actorId,
      content: cardText(card),
      card,
    });
  }

  function changed(conversationId: string, what: 'group' | 'members') {
    live.toGroup(conversationId, 'group_changed', { conversationId, what });
  }

  /** Whether a member shows as online: null when they hide it (their privacy setting). */
  async function presenceOf(userId: string, now: Date): Promise<boolean | null> {
    const privacy = await deps.settings.privacy(userId);
    if (!privacy.showOnlineStatus) return null;
    const { lastLive } = await deps.people.sessionActivity(userId, now);
    return lastLive !== null && now.getTime() - lastLive.getTime() <= ONLINE_WINDOW_MS;
  }

  async function presentMember(row: MemberRow, now: Date): Promise<GroupMember> {
    const [user, isOnline] = await Promise.all([
      deps.people.findUserById(row.userId),
      presenceOf(row.userId, now),
    ]);
    return {
      id: row.userId,
      name: user ? user.displayName || user.name : '',
      avatar: user?.avatar ?? null,
      isOnline,
      role: row.role,
      joinedAt: row.joinedAt.toISOString(),
    };
  }

  /** Takes someone out of the group: their sockets leave its room, the rest hear a card. */
  async function depart(
    conversationId: string,
    userId: string,
    card: 'member_left' | 'member_removed',
    actorId: string,
  ) {
    const name = await nameOf(userId);
    const departure = await groups.removeMember(conversationId, userId);
    if (!departure.left) throw notFound();
    live.leaveGroup([userId], conversationId);
    live.tell([userId], 'conversations');
    if (departure.deleted) return;
    await postCard(conversationId, actorId, { type: card, userId, name });
    changed(conversationId, 'members');
  }

  return {
    /** The group chat's socket rooms and typing names (the realtime gateway's directory). */
    groupsOf: groups.groupsOf,
    nameOf,
    post,

    /** Wires the group assistant after the fact (it needs this service to post its replies). */
    setAnswerMention(answer: AnswerMention) {
      answerMention = answer;
    },

    /** Part 2 §4: a new group with its creator as the only member and the assistant's welcome. */
    async create(userId: string, language: Language, name: string): Promise<Conversation> {
      const group = await groups.createGroup(userId, name, deps.greeting(name, language));
      live.joinGroup([userId], group.id);
      live.tell([userId], 'conversations');
      return summaryOf(group.id, userId);
    },

    async members(conversationId: string, userId: string): Promise<GroupMember[]> {
      await requireMember(conversationId, userId);
      const now = deps.now();
      return Promise.all((await groups.members(conversationId)).map((m) => presentMember(m, now)));
    },

    /**
     * Adds someone who redeemed an invitation (the invite module calls it). Joining twice is
     * harmless: nothing is posted the second time.
     */
    async joinGroup(conversationId: string, userId: string): Promise<Conversation> {
      if (await groups.addMember(conversationId, userId)) {
        live.joinGroup([userId], conversationId);
        live.tell([userId], 'conversations');
        await postCard(conversationId, userId, {
          type: 'member_joined',
          userId,
          name: await nameOf(userId),
        });
        changed(conversationId, 'members');
      }
      return summaryOf(conversationId, userId);
    },

    async leave(conversationId: string, userId: string) {
      await requireMember(conversationId, userId);
      await depart(conversationId, userId, 'member_left', userId);
    },

    /** Only the owner removes others; removing yourself is leaving. */
    async removeMember(conversationId: string, ownerId: string, userId: string) {
      if (userId === ownerId) return this.leave(conversationId, ownerId);
      const { role } = await requireMember(conversationId, ownerId);
      if (role !== 'owner') throw new AppError('group_owner_only', groupMessages.ownerOnly);
      if (!(await groups.membership(conversationId, userId))) {
        throw new AppError('not_found', groupMessages.memberNotFound);
      }
      await depart(conversationId, userId, 'member_removed', ownerId);
    },

    /** Any member renames a group; everyone sees a card saying so. */
    async rename(conversationId: string, userId: string, name: string) {
      const { conversation } = await requireMember(conversationId, userId);
      if (conversation.name !== name) {
        await chats.rename(conversationId, name);
        await postCard(conversationId, userId, { type: 'renamed', name });
        changed(conversationId, 'group');
      }
      return summaryOf(conversationId, userId);
    },

    /**
     * A member's message, once per client id. A new one is delivered to the group and, when it
     * mentions @vowa, handed to the assistant; a repeat returns the stored one and does nothing.
     */
    async send(conversationId: string, userId: string, content: string, clientId: string) {
      await requireMember(conversationId, userId);
      const { message: row, created } = await groups.sendOnce(
        conversationId,
        userId,
        content,
        clientId,
      );
      if (!created) return { message: (await presentMessages([row]))[0]!, created };
      const message = await broadcast(conversationId, row);
      await chats.markRead(conversationId, userId, row.seq);
      if (mentionsAssistant(content))
        answerMention?.({ conversationId, askedBy: userId, message: row });
      return { message, created };
    },
  };
}

export type GroupService = ReturnType<typeof createGroupService>;
