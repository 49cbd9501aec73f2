import type {
  ChatMessage,
  Conversation,
  ReplyAttachments,
} from '@vowa/shared/assistant/assistant-schemas';
import type { GroupCard } from '@vowa/shared/groups/group-schemas';
import type { AuthService } from '../auth/auth-service';
import type { ConversationSummary, MessageRow } from './chat-repository';

/** How conversations and messages are shown to clients (the API and the live group events). */
export function presentConversation(row: ConversationSummary): Conversation {
  return {
    id: row.id,
    name: row.name,
    type: row.kind,
    lastMessage: row.lastMessage,
    lastActivity: row.lastActivityAt.toISOString(),
    unreadCount: row.unreadCount,
    destination: row.destination,
    memberCount: row.memberCount,
    role: row.role,
  };
}

const ASSISTANT_SENDER = { id: 'vowa', name: 'Vowa', avatar: null };

type Author = { name: string; avatar: string | null };

function senderOf(row: MessageRow, authors: Map<string, Author>) {
  if (row.author === 'ai') return ASSISTANT_SENDER;
  const author = row.userId ? authors.get(row.userId) : undefined;
  // A system card's sender is whoever caused it (renamed, removed someone), when known.
  return { id: row.userId ?? 'deleted', name: author?.name ?? '', avatar: author?.avatar ?? null };
}

export function presentMessage(row: MessageRow, authors: Map<string, Author>): ChatMessage {
  return {
    id: row.id,
    seq: row.seq,
    type: row.author,
    content: row.content,
    timestamp: row.createdAt.toISOString(),
    sender: senderOf(row, authors),
    attachments: (row.attachments as ReplyAttachments | null) ?? null,
    clientId: row.clientId ?? null,
    card: (row.card as GroupCard | null) ?? null,
  };
}

/** Presents messages with their authors' names and pictures, read once per author. */
export function createMessagePresenter(people: Pick<AuthService, 'findUserById'>) {
  async function authorsOf(rows: MessageRow[]) {
    const ids = [...new Set(rows.flatMap((row) => (row.userId ? [row.userId] : [])))];
    const found = await Promise.all(ids.map((id) => people.findUserById(id)));
    const authors = new Map<string, Author>();
    for (const user of found) {
      if (user) authors.set(user.id, { name: user.displayName || user.name, avatar: user.avatar });
    }
    return authors;
  }
  return async (rows: MessageRow[]) => {
    const authors = await authorsOf(rows);
    return rows.map((row) => presentMessage(row, authors));
  };
}
