/**
 * Text as the matchers compare it: NFKC first (full-width digits and letters that Japanese
 * keyboards produce become ASCII), then lower case without Latin accents, so "Múnich",
 * "munich" and "ＭＵＮＩＣＨ" meet. Only the Latin combining marks are dropped: removing every
 * mark would strip the dakuten from katakana (ド would become ト).
 */
export function foldText(text: string): string {
  return text
    .normalize('NFKC')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(/ß/g, 'ss');
}

/** A place or phrase key: folded, with hyphens, apostrophes and dots read as spaces. */
export function foldKey(text: string): string {
  return foldText(text)
    .replace(/[-‐–—'’.,]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether the text holds Japanese script (kana or CJK ideographs). */
export function hasJapaneseScript(text: string): boolean {
  return /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u.test(text);
}

export type Token = { text: string; key: string; start: number; end: number };

/**
 * The Latin words and numbers of a text with their positions. Japanese runs are left out:
 * Japanese has no spaces, so its place names are found by substring instead.
 */
export function latinTokens(text: string): Token[] {
  const normalized = text.normalize('NFKC');
  const tokens: Token[] = [];
  for (const match of normalized.matchAll(/[\p{Script=Latin}\p{N}&]+/gu)) {
    tokens.push({
      text: match[0],
      key: foldText(match[0]),
      start: match.index,
      end: match.index + match[0].length,
    });
  }
  return tokens;
}
