/**
 * Place names as people read them: one place is named once in a label, whatever the spelling
 * of its parts ("Singapore, Singapore", "Saint Lucia, Saint Lucia", "Dubai, Dubay" and "Macau,
 * Macao" each show a single name).
 */

/** A place name folded for comparison: no accents, case or punctuation. */
export function foldPlaceName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^\p{Letter}\p{Number}]+/gu, ' ')
    .trim();
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/**
 * Whether two names are the same name, perhaps spelled another way: equal once folded
 * ("Bogotá", "Bogota"), or, for names of five letters or more, at most two letters apart
 * ("Dubai", "Dubay"; "Macau", "Macao"; "Sevilla", "Seville"). "Panama City" and "Panama" are
 * different names.
 */
export function isSamePlaceName(a: string, b: string): boolean {
  const first = foldPlaceName(a).replace(/ /g, '');
  const second = foldPlaceName(b).replace(/ /g, '');
  if (!first || !second) return false;
  if (first === second) return true;
  return (
    Math.min(first.length, second.length) >= 5 &&
    Math.abs(first.length - second.length) <= 2 &&
    editDistance(first, second) <= 2
  );
}

/** The parts of a place's label, without empty parts or any that repeats an earlier one. */
export function distinctPlaceParts(parts: readonly (string | null | undefined)[]): string[] {
  const kept: string[] = [];
  for (const part of parts) {
    const text = part?.trim();
    if (text && !kept.some((earlier) => isSamePlaceName(earlier, text))) kept.push(text);
  }
  return kept;
}

/** "Paris, France"; "Singapore" (not "Singapore, Singapore"); "Austin, Texas, United States". */
export function placeLabel(parts: readonly (string | null | undefined)[]): string {
  return distinctPlaceParts(parts).join(', ');
}
