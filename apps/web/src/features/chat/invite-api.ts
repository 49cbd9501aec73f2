import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  groupInviteSentSchema,
  inviteCodeSchema,
  joinGroupResponseSchema,
  type GroupInviteRequest,
  type JoinGroupRequest,
} from '@vowa/shared/groups/group-invite-schemas';
import type { Conversation } from '@vowa/shared/assistant/assistant-schemas';
import { apiRequest } from '../../lib/api-client';
import { chatKeys, useUserId } from './chat-api';

// Group invitations: a code for the dialog, an invitation by email or text, and joining.

/** Where the Messages screen opens a conversation (`/chat?conversation=<id>`). */
export const conversationPath = (conversationId: string) =>
  `/chat?conversation=${encodeURIComponent(conversationId)}`;

/** POST /api/llm/groups/:id/invite_codes: a new code, each time the dialog opens. */
export function createInviteCode(conversationId: string, signal?: AbortSignal) {
  return apiRequest(`/llm/groups/${conversationId}/invite_codes`, {
    method: 'POST',
    schema: inviteCodeSchema,
    signal,
  });
}

/** POST /api/user_management/users/invite { type, value, chat_id } (part 2 §7). */
export function useSendInvite() {
  return useMutation({
    mutationFn: (body: GroupInviteRequest) =>
      apiRequest('/user_management/users/invite', {
        method: 'POST',
        body,
        schema: groupInviteSentSchema,
      }),
  });
}

/**
 * POST /api/llm/groups/join { code } | { token }. The joined group goes into the conversation
 * list at once (so the screen can open it before the list is read again), then the list is
 * read again.
 */
export function useJoinGroup() {
  const client = useQueryClient();
  const userId = useUserId();
  return useMutation({
    mutationFn: (body: JoinGroupRequest) =>
      apiRequest('/llm/groups/join', { method: 'POST', body, schema: joinGroupResponseSchema }),
    onSuccess: async ({ conversation }) => {
      client.setQueryData<{ conversations: Conversation[] }>(chatKeys.list(userId), (list) =>
        list
          ? {
              conversations: [
                conversation,
                ...list.conversations.filter((each) => each.id !== conversation.id),
              ],
            }
          : list,
      );
      await client.invalidateQueries({ queryKey: chatKeys.all });
    },
  });
}
