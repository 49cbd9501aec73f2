export type Budget = { amount: number; currency?: string };

// Currency symbols and words in the five languages. A bare "$" is taken as US dollars; the
// caller may read it in the person's own dollar currency instead.
const CURRENCY_WORDS: Record<string, string> = {
  us$: 'USD',
  $: 'USD',
  usd: 'USD',
  dollar: 'USD',
  dollars: 'USD',
  dolares: 'USD',
  dolar: 'USD',
  bucks: 'USD',
  c$: 'CAD',
  cad: 'CAD',
  a$: 'AUD',
  aud: 'AUD',
  '€': 'EUR',
  eur: 'EUR',
  euro: 'EUR',
  euros: 'EUR',
  '£': 'GBP',
  gbp: 'GBP',
  pound: 'GBP',
  pounds: 'GBP',
  libras: 'GBP',
  livres: 'GBP',
  pfund: 'GBP',
  '¥': 'JPY',
  jpy: 'JPY',
  yen: 'JPY',
  円: 'JPY',
  chf: 'CHF',
  mxn: 'MXN',
  pesos: 'MXN',
};
const WORDS = Object.keys(CURRENCY_WORDS)
  .sort((a, b) => b.length - a.length)
  .map((word) => word.replace(/[$]/g, '\\$'))
  .join('|');
const AMOUNT = '(\\d[\\d,.\\s]*\\d|\\d)\\s?(k)?';

const SYMBOL_FIRST = new RegExp(`(us\\$|c\\$|a\\$|\\$|€|£|¥)\\s?${AMOUNT}`);
const AMOUNT_FIRST = new RegExp(`${AMOUNT}\\s?(${WORDS})(?![a-z])`);
// Japanese counts money in 万 (ten thousand): "5万円", "予算10万".
const MAN = /(\d+(?:\.\d+)?)\s?万\s?(円)?/;
const BUDGET_WORD_THEN_NUMBER = new RegExp(
  `(?:budget(?: of| is)?|under|below|max(?:imum)?|up to|less than|no more than|presupuesto(?: de| es)?|menos de|hasta|como maximo|moins de|jusqu a|budget de|unter|bis zu|hochstens|maximal|予算)\\s*:?\\s*${AMOUNT}(?!\\s*(?:people|personas|personnes|personen|adults|nights|days|stars|\\d))`,
);

/**
 * A written amount as a number: "1,500", "1.500" (German thousands), "1 500" (French),
 * "1500.50", "2k".
 */
function amountOf(digits: string, thousands: string | undefined): number {
  const compact = digits.replace(/\s/g, '');
  const grouped = /^\d{1,3}([.,]\d{3})+$/.test(compact);
  const value = grouped ? Number(compact.replace(/[.,]/g, '')) : Number(compact.replace(',', '.'));
  return thousands ? value * 1000 : value;
}

/** The person's stated budget: "under $800", "800 euros", "5万円", "budget 1200". */
export function parseBudget(folded: string): Budget | undefined {
  const man = MAN.exec(folded);
  if (man) return { amount: Math.round(Number(man[1]) * 10_000), currency: 'JPY' };
  const symbolFirst = SYMBOL_FIRST.exec(folded);
  if (symbolFirst) {
    return {
      amount: amountOf(symbolFirst[2] ?? '', symbolFirst[3]),
      currency: CURRENCY_WORDS[symbolFirst[1] ?? ''],
    };
  }
  const amountFirst = AMOUNT_FIRST.exec(folded);
  if (amountFirst) {
    return {
      amount: amountOf(amountFirst[1] ?? '', amountFirst[2]),
      currency: CURRENCY_WORDS[amountFirst[3] ?? ''],
    };
  }
  const bare = BUDGET_WORD_THEN_NUMBER.exec(folded);
  return bare ? { amount: amountOf(bare[1] ?? '', bare[2]) } : undefined;
}
