// Query keys of the bucket lists, here rather than in bucket-api.ts because the live-updates
// provider in the entry refreshes them: importing bucket-api there would pull its zod schemas
// (and zod) into every page's first load.
export const bucketKeys = {
  all: ['bucket-lists'] as const,
  mine: () => [...bucketKeys.all, 'mine'] as const,
  one: (listId: string) => [...bucketKeys.all, 'one', listId] as const,
  public: (query: string) => [...bucketKeys.all, 'public', query] as const,
  shares: (listId: string) => [...bucketKeys.all, 'shares', listId] as const,
  invitations: () => [...bucketKeys.all, 'invitations'] as const,
};
