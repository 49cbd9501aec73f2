import type { Language } from '@vowa/shared/settings/settings-constants';
import type { ExperienceType } from '@vowa/shared/travel/travel-constants';
import type { TripQuoteQuery } from '@vowa/shared/travel/trip-price-model';
import type { TripIdea, TripSuggestionsResponse } from '@vowa/shared/travel/trip-quote-schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { AssistantEngine, Caller } from './assistant-engine';
import { createAssistantTools, type ToolDependencies } from './assistant-tools';
import { readerFor } from './offline/reader';
import { tripSuggestionReplies, type TripFocus } from './offline/trip-suggestion-replies';
import { createTextGuard } from './text-guard';

/** What the person's request leans towards, from words in any of the five languages. */
const CUES: Record<Exclude<TripFocus, 'general'>, RegExp> = {
  save: /cheap|budget|save|saving|less|afford|deal|barat|ahorr|presupuesto|económic|moins cher|économ|pas cher|günstig|billig|spar|preiswert|安|節約|予算|お得/i,
  comfort:
    /luxur|comfort|upgrade|fancy|premium|5.?star|lujo|cómod|luxe|confort|luxus|komfort|gehoben|高級|贅沢|ラグジュアリー|快適/i,
  explore:
    /city|cities|another place|explore|nearby|day trip|ciudad|cerca|explorar|ville|proche|explorer|stadt|städte|nähe|erkunden|都市|街|近く|周遊/i,
  experiences:
    /food|eat|restaurant|cuisine|tour|museum|culture|histor|adventure|outdoor|activit|shop|night|show|comida|comer|restaurante|museo|cultura|aventura|compras|manger|musée|visite|aventure|essen|museum|kultur|abenteuer|einkauf|食|グルメ|観光|博物館|文化|冒険|買い物|ツアー/i,
};

/** Experience types the request names, so the matching experiences come first. */
const TYPE_CUES: [RegExp, ExperienceType[]][] = [
  [/food|eat|restaurant|cuisine|comida|comer|restaurante|manger|essen|食|グルメ/i, ['restaurant']],
  [
    /tour|museum|culture|histor|museo|cultura|musée|visite|kultur|観光|博物館|文化|ツアー/i,
    ['tour', 'cultural', 'attraction'],
  ],
  [/adventure|outdoor|active|aventura|aventure|abenteuer|冒険/i, ['adventure', 'activity']],
  [/shop|compras|achats|einkauf|買い物/i, ['shopping']],
  [/night|show|espectáculo|spectacle|nacht|夜|ショー/i, ['entertainment']],
];

export function focusOf(message: string): TripFocus {
  for (const focus of ['save', 'comfort', 'explore', 'experiences'] as const) {
    if (CUES[focus].test(message)) return focus;
  }
  return 'general';
}

/** How well an idea answers the request: higher first. */
function scoreOf(idea: TripIdea, focus: TripFocus, types: ExperienceType[]): number {
  switch (idea.kind) {
    case 'experience':
      return (
        (types.includes(idea.experienceType) ? 4 : 0) +
        (focus === 'experiences' ? 2 : 1) +
        idea.rating / 10
      );
    case 'dates':
      return focus === 'save' ? 5 : 1.5;
    case 'hotel_category': {
      const cheaper = idea.difference !== null && idea.difference.amount < 0;
      if (focus === 'save') return cheaper ? 4.5 : 0;
      if (focus === 'comfort') return cheaper ? 0 : 5;
      return cheaper ? 1.2 : 1;
    }
    case 'city':
      return focus === 'explore' ? 5 : 1.3;
  }
}

/**
 * Two to four of the ideas, the ones that best answer the request, at most two experiences and
 * one hotel category, so the answer is varied.
 */
export function chooseIdeas(ideas: TripIdea[], message: string): TripIdea[] {
  const focus = focusOf(message);
  const types = TYPE_CUES.filter(([cue]) => cue.test(message)).flatMap(([, t]) => t);
  const ranked = [...ideas].sort((a, b) => scoreOf(b, focus, types) - scoreOf(a, focus, types));
  const chosen: TripIdea[] = [];
  const limits: Record<TripIdea['kind'], number> = {
    experience: 2,
    dates: 1,
    hotel_category: 1,
    city: 1,
  };
  for (const idea of ranked) {
    if (chosen.length === 4) break;
    if (chosen.filter((c) => c.kind === idea.kind).length >= limits[idea.kind]) continue;
    chosen.push(idea);
  }
  // Fewer than two varied ideas: fill with what is left rather than answer with one.
  for (const idea of ranked) {
    if (chosen.length >= 2) break;
    if (!chosen.includes(idea)) chosen.push(idea);
  }
  return chosen;
}

/** The ideas as the model reads them: plain facts with the quoted amounts. */
function factsFor(ideas: TripIdea[]) {
  return ideas.map((idea) => {
    switch (idea.kind) {
      case 'experience':
        return { idea: 'experience', name: idea.name, pricePerPerson: idea.price };
      case 'dates':
        return { idea: 'leave on another date', checkIn: idea.checkIn, saving: idea.saving };
      case 'hotel_category':
        return {
          idea: `${idea.hotelCategory} hotel`,
          hotel: idea.hotelName,
          stay: idea.stay,
          difference: idea.difference,
        };
      case 'city':
        return { idea: 'add a city', city: idea.city, flightPerPerson: idea.flight };
    }
  });
}

type Dependencies = {
  tools: ToolDependencies;
  model?: AssistantEngine;
  log: FastifyBaseLogger;
};

/** The model's short answer, released only if every number in it is one of the ideas'. */
async function modelReply(
  deps: Dependencies & { model: AssistantEngine },
  caller: Caller,
  message: string,
  city: string,
  ideas: TripIdea[],
  signal: AbortSignal,
): Promise<string | null> {
  const tools = createAssistantTools(deps.tools, caller);
  // The turn's own ledger: what any tool the model calls returns counts too, as in the chat.
  tools.ledger.record(ideas);
  tools.ledger.recordText(message, caller.language);
  const guard = createTextGuard(tools.ledger, caller.language);
  const prompt = [
    `The person is customising a trip to ${city} and asks: "${message}".`,
    'Vowa priced these ideas just now (JSON):',
    JSON.stringify(factsFor(ideas)),
    'In two or three sentences, answer the request by recommending these ideas. Use only these ' +
      'facts and amounts; do not search again and do not list ideas that are not here.',
  ].join('\n');
  let text = '';
  for await (const event of deps.model.respond(
    { caller, text: prompt, history: [], memory: undefined },
    tools,
    signal,
  )) {
    if (event.type === 'text') text += guard.push(event.text);
  }
  text += guard.end();
  if (guard.violated || text.trim() === '') return null;
  return text.trim();
}

/**
 * The AI Assistant tab of the customise dialog (issue 14 §4): the travel module's ideas priced
 * now, the two to four that best answer the request, and a reply from the configured model
 * (guarded: only the ideas' numbers) or the offline assistant.
 */
export async function suggestForTrip(
  deps: Dependencies,
  caller: Caller,
  request: { trip: TripQuoteQuery; message: string },
  signal: AbortSignal,
): Promise<TripSuggestionsResponse> {
  const { destination, ideas } = await deps.tools.travel.tripIdeas({
    ...request.trip,
    currency: request.trip.currency ?? caller.currency,
  });
  const chosen = chooseIdeas(ideas, request.message);
  const place = destination.city;
  const offline = () =>
    offlineReply(caller.language, focusOf(request.message), place, chosen, caller);
  if (!deps.model || chosen.length === 0) {
    return { reply: offline(), answeredBy: 'offline', suggestions: chosen };
  }
  try {
    const text = await modelReply(
      { ...deps, model: deps.model },
      caller,
      request.message,
      place,
      chosen,
      signal,
    );
    if (text) return { reply: text, answeredBy: 'model', suggestions: chosen };
    deps.log.warn('a trip-suggestion reply named a number no idea carried; offline reply used');
  } catch (error) {
    deps.log.warn({ err: error }, 'the model failed; the offline assistant suggests');
  }
  return { reply: offline(), answeredBy: 'offline', suggestions: chosen };
}

function offlineReply(
  language: Language,
  focus: TripFocus,
  place: string,
  chosen: TripIdea[],
  caller: Caller,
): string {
  const say = tripSuggestionReplies(language);
  if (chosen.length === 0) return say.none(place);
  const read = readerFor(caller);
  const dates = chosen.find((idea) => idea.kind === 'dates');
  const saving =
    dates?.kind === 'dates' ? read.money(dates.saving.amount, dates.saving.currency) : null;
  return say.intro(focus, place, saving);
}
