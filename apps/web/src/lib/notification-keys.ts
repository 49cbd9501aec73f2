/** Query keys of the notification centre (the bell reads them; the live link refreshes them). */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
  push: () => [...notificationKeys.all, 'push'] as const,
};
