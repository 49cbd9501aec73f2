import { hasJapaneseScript } from './fold-text';
import type { Language } from './parse-dates';

// Short, frequent words that belong to one language only (folded). Enough to tell which of
// the five a request is written in; place names and numbers carry no vote.
const MARKERS: Record<Exclude<Language, 'ja'>, RegExp> = {
  en: /\b(?:i|i'm|i'd|want|need|flights?|to|the|for|and|with|me|my|how|what|show|find|next|from|please|people|hi|hello|thanks|week|days|can|book|cheap|trip|there)\b/g,
  es: /\b(?:gustaria|quisiera|conocer|quiero|necesito|vuelos?|para|el|los|las|mi|que|cuanto|hola|gracias|por|semana|personas|viaje|proximo|del|al|busca|buscar|hoteles|desde|hacia|dias|noches|con|una|hay|dime|manana|esposa|barato|baratos)\b/g,
  fr: /\b(?:je|voudrais|veux|vols?|pour|des|le|les|une|avec|moi|combien|bonjour|merci|semaine|personnes|voyage|prochain|du|au|cherche|jours|nuits|hotels a|est|quoi|ma|mon|pas cher|depuis|vers|faire|aux)\b/g,
  de: /\b(?:dieses|diese|wochenende|ich|mochte|brauche|flug|fluge|nach|fur|und|mit|der|die|das|ein|eine|wie|hallo|danke|woche|personen|reise|nachsten|vom|bis|suche|zeig|nachte|tage|von|mein|meine|gunstige?|ist|was|im|zum|ab)\b/g,
};

/**
 * The language a request is written in: Japanese by its script, the others by counting
 * marker words; a tie, or no marker at all ("Paris?"), keeps the interface language.
 */
export function detectLanguage(folded: string, fallback: Language): Language {
  if (hasJapaneseScript(folded)) return 'ja';
  let best: Language = fallback;
  let bestScore = 0;
  let tie = false;
  for (const [language, pattern] of Object.entries(MARKERS) as Array<[Language, RegExp]>) {
    const score = folded.match(pattern)?.length ?? 0;
    if (score > bestScore) {
      best = language;
      bestScore = score;
      tie = false;
    } else if (score === bestScore && score > 0) tie = true;
  }
  if (bestScore === 0) return fallback;
  // On a tie the interface language wins if it is among the leaders, which it usually is.
  if (tie) {
    const fallbackScore = fallback === 'ja' ? 0 : (folded.match(MARKERS[fallback])?.length ?? 0);
    return fallbackScore === bestScore ? fallback : best;
  }
  return best;
}
