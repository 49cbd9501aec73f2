/** Hours and minutes until `until`, or null once it has passed. */
export function remaining(until: string | null, now: number) {
  if (!until) return null;
  const minutes = Math.floor((Date.parse(until) - now) / 60_000);
  if (!(minutes > 0)) return null;
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}
