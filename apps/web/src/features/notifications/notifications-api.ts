import {
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { z } from 'zod';
import {
  notificationSchema,
  type AppNotification,
  type NotificationListResponse,
} from '@vowa/shared/notifications/notification-schemas';
import { apiRequest } from '../../lib/api-client';
import { notificationKeys } from '../../lib/notification-keys';
import { useSession } from '../../lib/session-context';

// Typed wrappers over /api/notifications. The live link marks the list stale on the
// `notifications` topic (app/live-updates.tsx), so a new one shows without polling.

/** The page around the items: each item is checked on its own (below). */
const pageSchema = z.object({
  notifications: z.array(z.unknown()),
  unread: z.number().int(),
  hasMore: z.boolean(),
});

/**
 * A notification of a kind this version does not know (the server is newer than the tab) is
 * left out rather than failing the whole list.
 */
export function readPage(body: unknown): NotificationListResponse {
  const page = pageSchema.parse(body);
  const notifications: AppNotification[] = [];
  for (const item of page.notifications) {
    const parsed = notificationSchema.safeParse(item);
    if (parsed.success) notifications.push(parsed.data as AppNotification);
  }
  return { notifications, unread: page.unread, hasMore: page.hasMore };
}

type Pages = InfiniteData<NotificationListResponse, unknown>;

/** Newest first, a page at a time; the first page's `unread` is the bell's count. */
export function useNotifications() {
  const { user } = useSession();
  return useInfiniteQuery({
    queryKey: notificationKeys.list(),
    queryFn: async ({ pageParam, signal }) =>
      readPage(
        await apiRequest(
          pageParam ? `/notifications?before=${encodeURIComponent(pageParam)}` : '/notifications',
          { signal },
        ),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) =>
      last.hasMore ? (last.notifications.at(-1)?.createdAt ?? null) : null,
    enabled: Boolean(user),
  });
}

/** The count the bell shows: the newest page's, the freshest the tab has. */
export function unreadCount(data: { pages: NotificationListResponse[] } | undefined): number {
  return data?.pages[0]?.unread ?? 0;
}

/** Marks read in the cache at once (the bell and the list follow), then asks the server. */
function useOptimisticRead() {
  const queryClient = useQueryClient();
  const key = notificationKeys.list();
  return {
    async apply(change: (pages: Pages) => Pages) {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Pages>(key);
      if (before) queryClient.setQueryData<Pages>(key, change(before));
      return before;
    },
    restore(before: Pages | undefined) {
      if (before) queryClient.setQueryData<Pages>(key, before);
    },
    refresh: () => queryClient.invalidateQueries({ queryKey: key }),
  };
}

function markInPages(pages: Pages, readAt: string, which: (id: string) => boolean): Pages {
  let marked = 0;
  const next = pages.pages.map((page) => ({
    ...page,
    notifications: page.notifications.map((notification) => {
      if (notification.readAt || !which(notification.id)) return notification;
      marked += 1;
      return { ...notification, readAt };
    }),
  }));
  return {
    ...pages,
    pages: next.map((page, index) =>
      index === 0 ? { ...page, unread: Math.max(0, page.unread - marked) } : page,
    ),
  };
}

export function useMarkRead() {
  const cache = useOptimisticRead();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/notifications/${encodeURIComponent(id)}/read`, { method: 'POST', body: {} }),
    onMutate: (id) =>
      cache.apply((pages) => markInPages(pages, new Date().toISOString(), (item) => item === id)),
    onError: (_error, _id, before) => cache.restore(before),
    onSettled: () => cache.refresh(),
  });
}

export function useMarkAllRead() {
  const cache = useOptimisticRead();
  return useMutation({
    mutationFn: () => apiRequest('/notifications/read_all', { method: 'POST', body: {} }),
    onMutate: () =>
      cache.apply((pages) => {
        const marked = markInPages(pages, new Date().toISOString(), () => true);
        // Unread ones not loaded yet (older pages) are read too.
        return {
          ...marked,
          pages: marked.pages.map((page, index) => (index === 0 ? { ...page, unread: 0 } : page)),
        };
      }),
    onError: (_error, _none, before) => cache.restore(before),
    onSettled: () => cache.refresh(),
  });
}
