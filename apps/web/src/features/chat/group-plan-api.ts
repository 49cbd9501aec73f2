import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GroupCard } from '@vowa/shared/groups/group-schemas';
import {
  groupPlanResponseSchema,
  type AddGroupPickRequest,
  type GroupPlanResponse,
  type GroupVote,
} from '@vowa/shared/groups/group-plan-schemas';
import { apiRequest } from '../../lib/api-client';
import { useLiveGroups } from '../../lib/live-groups';
import { useUserId } from './chat-api';

// Typed wrappers over /api/llm/groups/:id/plan (issue 15 §5): picks, votes and the group's
// bookings. The plan is read again whenever the group says it changed (`group_changed`).

export const groupPlanKeys = {
  all: ['group-plan'] as const,
  plan: (userId: string, conversationId: string) =>
    [...groupPlanKeys.all, userId, conversationId] as const,
};

/** A card of the group plan: a pick ('selected' or 'modified') or the plan's booking. */
export function isPlanCard(
  card: GroupCard | null | undefined,
): card is Extract<GroupCard, { type: 'pick' | 'plan_booked' }> {
  return card?.type === 'pick' || card?.type === 'plan_booked';
}

const planPath = (conversationId: string) => `/llm/groups/${conversationId}/plan`;

export function useGroupPlan(conversationId: string | undefined, enabled = true) {
  const userId = useUserId();
  return useQuery({
    queryKey: groupPlanKeys.plan(userId, conversationId ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(planPath(conversationId ?? ''), { schema: groupPlanResponseSchema, signal }),
    enabled: enabled && !!userId && !!conversationId,
  });
}

/** Keeps the cached plan to what an answer said, so the screen shows it at once. */
function useKeepPlan(conversationId: string) {
  const client = useQueryClient();
  const userId = useUserId();
  return (plan: GroupPlanResponse) =>
    client.setQueryData(groupPlanKeys.plan(userId, conversationId), plan);
}

/** 'Select for Group': the server reads the offer from its quote and posts the card. */
export function useAddGroupPick(conversationId: string) {
  const keep = useKeepPlan(conversationId);
  return useMutation({
    // The plan button reads its failures (the detail dialog has closed by then).
    mutationKey: [...groupPlanKeys.all, 'pick', conversationId],
    mutationFn: (pick: AddGroupPickRequest) =>
      apiRequest(`${planPath(conversationId)}/picks`, {
        method: 'POST',
        body: pick,
        schema: groupPlanResponseSchema,
      }),
    onSuccess: keep,
  });
}

export function useGroupVote(conversationId: string) {
  const keep = useKeepPlan(conversationId);
  return useMutation({
    mutationFn: ({ pickId, vote }: { pickId: string; vote: GroupVote }) =>
      apiRequest(`${planPath(conversationId)}/picks/${pickId}/vote`, {
        method: 'PUT',
        body: { vote },
        schema: groupPlanResponseSchema,
      }),
    onSuccess: keep,
  });
}

export function useRemoveGroupPick(conversationId: string) {
  const client = useQueryClient();
  const userId = useUserId();
  return useMutation({
    mutationFn: (pickId: string) =>
      apiRequest(`${planPath(conversationId)}/picks/${pickId}`, { method: 'DELETE' }),
    onSettled: () =>
      client.invalidateQueries({ queryKey: groupPlanKeys.plan(userId, conversationId) }),
  });
}

/**
 * Reads the plan again when the group says its plan (picks, votes, a booking) or its members
 * changed: every member's open screens see a pick, a vote or a booking as it happens.
 */
export function useLiveGroupPlan(conversationId: string | undefined) {
  const client = useQueryClient();
  const userId = useUserId();
  const live = useLiveGroups();
  useEffect(() => {
    if (!conversationId) return;
    return live.subscribe((event) => {
      const ours = event.type === 'changed' && event.conversationId === conversationId;
      if (
        (ours && (event.what === 'plan' || event.what === 'members')) ||
        event.type === 'reconnected'
      ) {
        void client.invalidateQueries({ queryKey: groupPlanKeys.plan(userId, conversationId) });
      }
    });
  }, [client, live, userId, conversationId]);
}
