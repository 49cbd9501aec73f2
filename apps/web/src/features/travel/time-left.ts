/** How long until a deal ends, in the largest whole unit; null once it has passed. */
export function timeLeft(
  expiry: string,
  now: number,
): { unit: 'minutes' | 'hours' | 'days'; count: number } | null {
  const ms = Date.parse(expiry) - now;
  if (Number.isNaN(ms) || ms <= 0) return null;
  const minutes = Math.ceil(ms / 60_000);
  if (minutes < 60) return { unit: 'minutes', count: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return { unit: 'hours', count: hours };
  return { unit: 'days', count: Math.floor(hours / 24) };
}
