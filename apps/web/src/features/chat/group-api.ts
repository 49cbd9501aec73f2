import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import {
  chatMessageSchema,
  conversationSchema,
  messagesResponseSchema,
  MESSAGES_PAGE_SIZE,
  type ChatMessage,
  type MessagesResponse,
} from '@vowa/shared/assistant/assistant-schemas';
import { groupMembersResponseSchema } from '@vowa/shared/groups/group-schemas';
import { apiRequest } from '../../lib/api-client';
import { useLiveLink } from '../../lib/live-link';
import { chatKeys, useUserId } from './chat-api';

// Typed wrappers over /api/llm/groups. A group's thread is kept live by the socket, so its
// messages are keyed apart from 'conversations' (which every message marks stale): it is read
// once, then grows by the live events and by catching up after a reconnect.

export const groupKeys = {
  all: ['groups'] as const,
  messages: (userId: string, conversationId: string) =>
    [...groupKeys.all, userId, 'messages', conversationId] as const,
  members: (userId: string, conversationId: string) =>
    [...groupKeys.all, userId, 'members', conversationId] as const,
};

/** Without the live link a group thread reads itself again this often, so nothing is missed. */
const POLL_WITHOUT_LINK_MS = 15_000;

type Thread = InfiniteData<MessagesResponse, number>;

function messagesPath(conversationId: string, query: string) {
  return `/llm/conversations/${conversationId}/messages?${query}`;
}

/** The group's messages, the newest page first; `before` pages back (as in other chats). */
export function useGroupMessages(conversationId: string | undefined) {
  const userId = useUserId();
  const link = useLiveLink();
  return useInfiniteQuery({
    queryKey: groupKeys.messages(userId, conversationId ?? ''),
    queryFn: ({ signal, pageParam }) =>
      apiRequest(
        messagesPath(
          conversationId ?? '',
          `limit=${MESSAGES_PAGE_SIZE}` + (pageParam ? `&before=${pageParam}` : ''),
        ),
        { schema: messagesResponseSchema, signal },
      ),
    initialPageParam: 0,
    getNextPageParam: (page) => (page.hasMore ? page.messages[0]?.seq : undefined),
    enabled: !!userId && !!conversationId,
    // Live events keep it current while it is open; it is read afresh when opened again.
    staleTime: 0,
    refetchInterval: link === 'connected' ? false : POLL_WITHOUT_LINK_MS,
  });
}

/** Adds messages to a thread already read, once each by id, in seq order. */
export function mergeIntoThread(
  client: QueryClient,
  key: readonly unknown[],
  arrived: ChatMessage[],
) {
  client.setQueryData<Thread>(key, (thread) => {
    if (!thread || thread.pages.length === 0) return thread;
    const known = new Set(thread.pages.flatMap((page) => page.messages.map((m) => m.id)));
    const fresh = arrived.filter((message) => !known.has(message.id));
    if (fresh.length === 0) return thread;
    const [newest, ...older] = thread.pages;
    const messages = [...newest!.messages, ...fresh].sort((a, b) => a.seq - b.seq);
    return { ...thread, pages: [{ ...newest!, messages }, ...older] };
  });
}

/** The newest seq a thread holds, for catching up after it. */
export function newestSeq(client: QueryClient, key: readonly unknown[]): number | undefined {
  const thread = client.getQueryData<Thread>(key);
  const seqs = thread?.pages.flatMap((page) => page.messages.map((m) => m.seq)) ?? [];
  return seqs.length > 0 ? Math.max(...seqs) : undefined;
}

/** What came after `after`: read page by page until nothing more follows. */
export async function messagesAfter(conversationId: string, after: number) {
  const found: ChatMessage[] = [];
  for (let from = after, more = true; more;) {
    const page = await apiRequest(messagesPath(conversationId, `after=${from}&limit=100`), {
      schema: messagesResponseSchema,
    });
    found.push(...page.messages);
    more = page.hasMore && page.messages.length > 0;
    from = page.messages.at(-1)?.seq ?? from;
  }
  return found;
}

/** POST /api/llm/groups/:id/messages; the same client id again returns the stored message. */
export function sendGroupMessage(conversationId: string, content: string, clientId: string) {
  return apiRequest(`/llm/groups/${conversationId}/messages`, {
    method: 'POST',
    body: { content, client_id: clientId },
    schema: chatMessageSchema,
  });
}

/** POST /api/llm/conversations/:id/read: a message seen live in the open thread is read. */
export function markRead(conversationId: string, seq: number) {
  return apiRequest(`/llm/conversations/${conversationId}/read`, {
    method: 'POST',
    body: { seq },
  });
}

/** POST /api/llm/groups { name }: the new group, its creator the only member. */
export function useCreateGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      apiRequest('/llm/groups', { method: 'POST', body: { name }, schema: conversationSchema }),
    onSettled: () => client.invalidateQueries({ queryKey: chatKeys.all }),
  });
}

export function useGroupMembers(conversationId: string, enabled: boolean) {
  const userId = useUserId();
  return useQuery({
    queryKey: groupKeys.members(userId, conversationId),
    queryFn: ({ signal }) =>
      apiRequest(`/llm/groups/${conversationId}/members`, {
        schema: groupMembersResponseSchema,
        signal,
      }),
    enabled: enabled && !!userId,
    staleTime: 0,
  });
}

/** DELETE …/members/me (leave) or …/members/:userId (the owner removes someone). */
export function useRemoveMember(conversationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (memberId: 'me' | string) =>
      apiRequest(`/llm/groups/${conversationId}/members/${memberId}`, { method: 'DELETE' }),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: groupKeys.all });
      await client.invalidateQueries({ queryKey: chatKeys.all });
    },
  });
}
