// Deterministic choices for the offline inventory: the same inputs always give the same
// answer, on every machine, so the same query on the same day returns the same offers.

/** FNV-1a over the parts, as an unsigned 32-bit number. */
export function seedOf(...parts: readonly (string | number)[]): number {
  let hash = 0x811c9dc5;
  const text = parts.join('\u0001');
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  // One round of avalanche mixing so near-identical inputs spread over the whole range.
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  return hash >>> 0;
}

/** A number in [0, 1) from the parts. */
export function unitOf(...parts: readonly (string | number)[]): number {
  return seedOf(...parts) / 0x1_0000_0000;
}

/** A number in [min, max) from the parts. */
export function between(min: number, max: number, ...parts: readonly (string | number)[]): number {
  return min + (max - min) * unitOf(...parts);
}

/** A whole number in [min, max] from the parts. */
export function integerBetween(
  min: number,
  max: number,
  ...parts: readonly (string | number)[]
): number {
  return min + (seedOf(...parts) % (max - min + 1));
}

/** One of the items, chosen by the parts. */
export function pickOf<T>(items: readonly T[], ...parts: readonly (string | number)[]): T {
  if (items.length === 0) throw new Error('pickOf needs at least one item');
  return items[seedOf(...parts) % items.length] as T;
}

/** `count` different items, in a stable order chosen by the parts. */
export function sampleOf<T>(
  items: readonly T[],
  count: number,
  ...parts: readonly (string | number)[]
): T[] {
  return items
    .map((item, index) => ({ item, order: seedOf(...parts, index) }))
    .sort((a, b) => a.order - b.order)
    .slice(0, count)
    .map((entry) => entry.item);
}
