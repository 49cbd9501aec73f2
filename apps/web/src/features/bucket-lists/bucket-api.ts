import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BucketItem,
  BucketItemInput,
  BucketList,
  BucketListInput,
} from '@vowa/shared/bucket-lists/bucket-list-schemas';
import { apiRequest } from '../../lib/api-client';
import { bucketKeys } from '../../lib/bucket-keys';

// Typed wrappers over /api/travel/bucket_lists; every answer is parsed by the shared schemas.

/**
 * The schemas (and zod) are fetched as soon as this file runs, but the screen does not wait for
 * them: its first paint needs none, only its answers do, and those are on their way already.
 */
const schemasLoading = import('@vowa/shared/bucket-lists/bucket-list-schemas');
const schemas = () => schemasLoading;
const BASE = '/travel/bucket_lists';
/** How often the lists are re-read while the server is still looking for an item's image. */
export const IMAGE_POLL_MS = 1500;

const isFetching = (lists: readonly BucketList[] | undefined) =>
  lists?.some((list) => list.items.some((item) => item.imageStatus === 'fetching')) ?? false;

/** Lists I own plus lists shared with me; re-read while any image is still being fetched. */
export function useBucketLists() {
  return useQuery({
    queryKey: bucketKeys.mine(),
    queryFn: async ({ signal }) =>
      (await apiRequest(BASE, { schema: (await schemas()).bucketListsResponseSchema, signal }))
        .lists,
    refetchInterval: (query) => (isFetching(query.state.data) ? IMAGE_POLL_MS : false),
  });
}

/** One list by id (a public list that is not among mine), when `enabled`. */
export function useBucketList(listId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: bucketKeys.one(listId ?? ''),
    queryFn: async ({ signal }) =>
      apiRequest(`${BASE}/${encodeURIComponent(listId ?? '')}`, {
        schema: (await schemas()).bucketListSchema,
        signal,
      }),
    enabled: enabled && listId !== null,
    refetchInterval: (query) =>
      isFetching(query.state.data ? [query.state.data] : undefined) ? IMAGE_POLL_MS : false,
  });
}

export function usePublicBucketLists(query: string, enabled: boolean) {
  return useQuery({
    queryKey: bucketKeys.public(query),
    queryFn: async ({ signal }) => {
      const search = query ? `?q=${encodeURIComponent(query)}` : '';
      return (
        await apiRequest(`${BASE}/public${search}`, {
          schema: (await schemas()).publicBucketListsResponseSchema,
          signal,
        })
      ).lists;
    },
    enabled,
    staleTime: 0,
  });
}

/** The people who accepted, and the invitations still open (owner only). */
export function useShares(listId: string, enabled: boolean) {
  return useQuery({
    queryKey: bucketKeys.shares(listId),
    queryFn: async ({ signal }) =>
      apiRequest(`${BASE}/${encodeURIComponent(listId)}/shares`, {
        schema: (await schemas()).sharesResponseSchema,
        signal,
      }),
    enabled,
  });
}

/** Invitations to other people's lists waiting for my answer. */
export function useInvitations() {
  return useQuery({
    queryKey: bucketKeys.invitations(),
    queryFn: async ({ signal }) =>
      (
        await apiRequest(`${BASE}/invitations`, {
          schema: (await schemas()).receivedInvitationsResponseSchema,
          signal,
        })
      ).invitations,
  });
}

/** The mailed link: the invitation becomes mine and waits for my answer. */
export function useOpenInvitation() {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: async (token: string) =>
      apiRequest(`${BASE}/invitations/open`, {
        method: 'POST',
        body: { token },
        schema: (await schemas()).receivedInvitationSchema,
      }),
    onSuccess: invalidate,
  });
}

export function useAnswerInvitation() {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: async ({ invitationId, accept }: { invitationId: string; accept: boolean }) =>
      accept
        ? apiRequest(`${BASE}/invitations/${encodeURIComponent(invitationId)}/accept`, {
            method: 'POST',
            body: {},
            schema: (await schemas()).bucketListSchema,
          })
        : apiRequest(`${BASE}/invitations/${encodeURIComponent(invitationId)}/decline`, {
            method: 'POST',
            body: {},
          }),
    onSuccess: invalidate,
  });
}

export function useWithdrawInvitation(listId: string) {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: async (invitationId: string) =>
      apiRequest(`${BASE}/${listId}/invitations/${encodeURIComponent(invitationId)}`, {
        method: 'DELETE',
      }),
    onSuccess: invalidate,
  });
}

function useInvalidateLists() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: bucketKeys.all });
}

export function useCreateList() {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: async (body: BucketListInput) =>
      apiRequest(BASE, { method: 'POST', body, schema: (await schemas()).bucketListSchema }),
    onSuccess: invalidate,
  });
}

export function useUpdateList(listId: string) {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: async (body: Partial<BucketListInput>) =>
      apiRequest(`${BASE}/${listId}`, {
        method: 'PATCH',
        body,
        schema: (await schemas()).bucketListSchema,
      }),
    onSuccess: invalidate,
  });
}

export function useDeleteList() {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: async (listId: string) => apiRequest(`${BASE}/${listId}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

export function useShareList(listId: string) {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: async (email: string) =>
      apiRequest(`${BASE}/${listId}/shares`, {
        method: 'POST',
        body: { email },
        schema: (await schemas()).invitationSentSchema,
      }),
    onSuccess: invalidate,
  });
}

/** The owner removes someone, or a shared reader removes themselves ("Leave list"). */
export function useRemoveShare(listId: string) {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: async (userId: string) =>
      apiRequest(`${BASE}/${listId}/shares/${userId}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

export function useSaveItem(listId: string) {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: async ({ itemId, body }: { itemId?: string; body: BucketItemInput }) =>
      itemId
        ? apiRequest(`${BASE}/${listId}/items/${itemId}`, {
            method: 'PATCH',
            body,
            schema: (await schemas()).bucketItemSchema,
          })
        : apiRequest(`${BASE}/${listId}/items`, {
            method: 'POST',
            body,
            schema: (await schemas()).bucketItemSchema,
          }),
    onSuccess: invalidate,
  });
}

export function useDeleteItem(listId: string) {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: async (itemId: string) =>
      apiRequest(`${BASE}/${listId}/items/${itemId}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

/** Completion toggle, shown at once (optimistic) and rolled back if the server says no. */
export function useToggleCompletion(listId: string) {
  const queryClient = useQueryClient();
  const patch = (lists: BucketList[] | undefined, itemId: string, isCompleted: boolean) =>
    lists?.map((list) =>
      list.id !== listId
        ? list
        : {
            ...list,
            items: list.items.map((item): BucketItem =>
              item.id !== itemId
                ? item
                : {
                    ...item,
                    isCompleted,
                    completedDate: isCompleted ? new Date().toISOString() : null,
                  },
            ),
          },
    );
  return useMutation({
    mutationFn: async ({ itemId, isCompleted }: { itemId: string; isCompleted: boolean }) =>
      apiRequest(`${BASE}/${listId}/items/${itemId}/completion`, {
        method: 'PUT',
        body: { isCompleted },
        schema: (await schemas()).bucketItemSchema,
      }),
    onMutate: async ({ itemId, isCompleted }) => {
      await queryClient.cancelQueries({ queryKey: bucketKeys.mine() });
      const previous = queryClient.getQueryData<BucketList[]>(bucketKeys.mine());
      queryClient.setQueryData<BucketList[]>(bucketKeys.mine(), (lists) =>
        patch(lists, itemId, isCompleted),
      );
      return { previous };
    },
    onError: (_error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(bucketKeys.mine(), context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: bucketKeys.all }),
  });
}
