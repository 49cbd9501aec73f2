/** How long ago a watch was last priced, in the largest whole unit ("5 min", "3 h", "2 d"). */
export function checkedAgo(
  lastCheckedAt: string | null,
  now: number,
): { unit: 'now' | 'minutes' | 'hours' | 'days'; count: number } | null {
  if (!lastCheckedAt) return null;
  const at = Date.parse(lastCheckedAt);
  if (Number.isNaN(at)) return null;
  const minutes = Math.floor(Math.max(0, now - at) / 60_000);
  if (minutes < 1) return { unit: 'now', count: 0 };
  if (minutes < 60) return { unit: 'minutes', count: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { unit: 'hours', count: hours };
  return { unit: 'days', count: Math.floor(hours / 24) };
}
