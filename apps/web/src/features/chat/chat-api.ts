import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { useSession } from '../../lib/session-context';

// Typed wrappers over /api/llm/conversations; every answer is parsed by the shared schemas.

/**
 * The shared schemas (and zod with them) load with the first read rather than with the app's
 * entry: the navigation's unread badge reads the list on every screen, guests' included.
 */
const assistantSchemas = () => import('@vowa/shared/assistant/assistant-schemas');

/** Keys start with 'conversations': the live link refreshes them when another tab chats. */
export const chatKeys = {
  all: ['conversations'] as const,
  list: (userId: string) => [...chatKeys.all, userId, 'list'] as const,
  messages: (userId: string, conversationId: string) =>
    [...chatKeys.all, userId, 'messages', conversationId] as const,
};

export function useUserId(): string {
  return useSession().user?.id ?? '';
}

/** GET /api/llm/conversations: the person's chats, most recent first. */
export function useConversations({ enabled = true }: { enabled?: boolean } = {}) {
  const userId = useUserId();
  return useQuery({
    queryKey: chatKeys.list(userId),
    queryFn: async ({ signal }) =>
      apiRequest('/llm/conversations', {
        schema: (await assistantSchemas()).conversationsResponseSchema,
        signal,
      }),
    enabled: enabled && !!userId,
  });
}

/**
 * GET /api/llm/conversations/:id/messages, newest page first; older pages are fetched with
 * `before` the oldest seq shown. Reading the newest page marks the chat read.
 */
export function useMessages(conversationId: string | undefined) {
  const userId = useUserId();
  return useInfiniteQuery({
    queryKey: chatKeys.messages(userId, conversationId ?? ''),
    queryFn: async ({ signal, pageParam }) => {
      const { messagesResponseSchema, MESSAGES_PAGE_SIZE } = await assistantSchemas();
      return apiRequest(
        `/llm/conversations/${conversationId}/messages?limit=${MESSAGES_PAGE_SIZE}` +
          (pageParam ? `&before=${pageParam}` : ''),
        { schema: messagesResponseSchema, signal },
      );
    },
    initialPageParam: 0,
    getNextPageParam: (page) => (page.hasMore ? page.messages[0]?.seq : undefined),
    enabled: !!userId && !!conversationId,
  });
}

/** PATCH /api/llm/conversations/:id { name }. */
export function useRenameConversation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      apiRequest(`/llm/conversations/${id}`, { method: 'PATCH', body: { name } }),
    onSettled: () => client.invalidateQueries({ queryKey: chatKeys.all }),
  });
}

/** DELETE /api/llm/conversations/:id. */
export function useDeleteConversation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/llm/conversations/${id}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: chatKeys.all }),
  });
}
