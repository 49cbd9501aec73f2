/** Progress percentage: completed items over total items, rounded (part 1 §9). */
export function completionPercent(items: readonly { isCompleted: boolean }[]): number {
  if (items.length === 0) return 0;
  const done = items.filter((item) => item.isCompleted).length;
  return Math.round((done / items.length) * 100);
}

export type BucketStatusFilter = 'all' | 'pending' | 'completed';

/** The status and category filters of the bucket-list screen, both defaulting to all. */
export function filterBucketItems<T extends { isCompleted: boolean; category: string }>(
  items: readonly T[],
  status: BucketStatusFilter,
  category: string | 'all',
): T[] {
  return items.filter(
    (item) =>
      (status === 'all' || (status === 'completed') === item.isCompleted) &&
      (category === 'all' || item.category === category),
  );
}

/** Counts for the status buttons, within the selected category. */
export function statusCounts(
  items: readonly { isCompleted: boolean; category: string }[],
  category: string | 'all',
): Record<BucketStatusFilter, number> {
  const inCategory = filterBucketItems(items, 'all', category);
  const completed = inCategory.filter((item) => item.isCompleted).length;
  return { all: inCategory.length, pending: inCategory.length - completed, completed };
}
