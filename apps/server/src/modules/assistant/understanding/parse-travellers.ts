import { countFrom, NUMBER_WORD_PATTERN } from './number-words';

const N = `(\\d{1,2}|${NUMBER_WORD_PATTERN})`;

// "for 3 people", "3 adults", "para 4 personas", "pour 2 personnes", "für 3 Personen",
// "make it 3 people", "we are 4", "family of four", and the Japanese counter 人 ("大人2人").
const COUNTED = [
  new RegExp(
    `\\b${N}\\s+(?:people|persons?|travell?ers|passengers|adults|guests|of us|pax|tickets|seats|billetes|boletos|plazas|billets|places|personas|adultos|pasajeros|viajeros|huespedes|personnes|adultes|voyageurs|passagers|personen|erwachsene|reisende|leute|gaste)\\b`,
  ),
  new RegExp(
    `\\b(?:family of|familia de|famille de|familie mit|we are|we're|somos|nous sommes|on est|wir sind)\\s+${N}\\b`,
  ),
  new RegExp(`\\b${N}[- ]?(?:kopfige|kopfigen) familie\\b`),
];
// A bare count after "for" ("flights to Lisbon for 2"), unless a unit follows ("for 2 weeks").
const FOR_COUNT =
  /\b(?:for|para|pour|fur)\s+(\d{1,2})\b(?!\s*(?:[.:/-]\d|am\b|pm\b|h\b|%|€|\$|£|days?|nights?|weeks?|months?|dias?|noches?|semanas?|meses|jours?|nuits?|semaines?|mois|tage?n?|nachte?n?|wochen?|monate?|stars?|estrellas?|etoiles?|sterne?|euros?|dollars?|dolares|pounds?))/;
const CHILDREN = new RegExp(
  `\\b(?:and|y|et|und|plus|\\+)\\s+${N}\\s+(?:kids?|child(?:ren)?|ninos?|hijos?|enfants?|kinder|kind)\\b`,
);

// Phrases that mean two people ("me and my wife", "mi esposa y yo", "ma femme et moi",
// "meine Frau und ich", "妻と") or one ("just me", "solo", "allein", "一人で").
const COUPLE =
  /\b(?:me and my|my (?:wife|husband|partner|girlfriend|boyfriend|fiancee?) and (?:i|me)|with my (?:wife|husband|partner|girlfriend|boyfriend|fiancee?)|for two\b(?!\s+(?:weeks?|days?|nights?|months?))|for us two|the two of us|a couple|honeymoon|luna de miel|lune de miel|flitterwochen|mi (?:esposa|esposo|mujer|marido|pareja|novia|novio) y yo|con mi (?:esposa|esposo|mujer|marido|pareja|novia|novio)|ma (?:femme|copine|compagne|partenaire) et moi|mon (?:mari|copain|compagnon|partenaire) et moi|avec (?:ma femme|mon mari|ma copine|mon copain)|meine (?:frau|freundin|partnerin) und (?:ich|mich)|mein(?:en)? (?:mann|freund|partner) und (?:ich|mich)|mit meine[rm] (?:frau|freundin|partnerin|mann|freund|partner)|zu zweit|a deux|en pareja)\b|(?:妻|夫|彼女|彼氏|恋人|パートナー)と|夫婦|新婚旅行|ハネムーン|二人で|ふたりで|2人で/;
const SOLO =
  /\b(?:just me|only me|solo trip|by myself|alone|on my own|traveling solo|travelling solo|solo yo|yo solo|viajo solo|viajo sola|seul|seule|toute seule|tout seul|allein|alleine)\b|一人で|ひとりで|1人で/;

/** How many people travel, if the request says. */
export function parseTravellers(folded: string): number | undefined {
  const japanese = /(?:大人)?(\d{1,2}|[一二三四五六七八九十])人(?!目)/.exec(folded);
  for (const pattern of COUNTED) {
    const match = pattern.exec(folded);
    const count = countFrom(match?.[1]);
    if (count) return count + childrenOf(folded);
  }
  const forCount = countFrom(FOR_COUNT.exec(folded)?.[1]);
  if (forCount) return forCount;
  if (japanese) {
    const count = countFrom(japanese[1]);
    if (count) return count + japaneseChildren(folded);
  }
  if (COUPLE.test(folded)) return 2;
  if (SOLO.test(folded)) return 1;
  return undefined;
}

function childrenOf(folded: string): number {
  return countFrom(CHILDREN.exec(folded)?.[1]) ?? 0;
}

function japaneseChildren(folded: string): number {
  return countFrom(/子供?(?:ども)?(\d{1,2}|[一二三四五六七八九十])人/.exec(folded)?.[1]) ?? 0;
}
