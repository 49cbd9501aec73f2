import type { AssistantActivity } from '@vowa/shared/assistant/assistant-schemas';
import type { Language } from '@vowa/shared/settings/settings-constants';
import type { DisplayCurrency } from '@vowa/shared/travel/travel-constants';
import type {
  Airport,
  Experience,
  Flight,
  Hotel,
  TripSuggestion,
} from '@vowa/shared/travel/travel-schemas';
import type { AssistantTools } from './assistant-tools';

/**
 * Who the assistant is talking to (part 2 §1): a guest gets general answers only; a signed-in
 * person gets searches, and budget-aware ones once their finances are connected.
 */
export type Caller =
  | { kind: 'guest'; language: Language; currency: DisplayCurrency; today: string }
  | {
      kind: 'member';
      userId: string;
      name: string;
      language: Language;
      currency: DisplayCurrency;
      timeZone: string;
      /** Today's date in the person's time zone (YYYY-MM-DD). */
      today: string;
      homeAirport: Airport;
      /** Null until the person has connected a bank or entered their finances. */
      budget: { maxTripBudget: number; currency: DisplayCurrency } | null;
    };

export type AssistantTurn = {
  caller: Caller;
  /** What the person just wrote. */
  text: string;
  /** The conversation so far, oldest first (without `text`). */
  history: Array<{ author: 'user' | 'ai'; content: string }>;
  /** What this assistant remembered of the conversation after its last reply. */
  memory: unknown;
};

export type FoundResults = {
  flights?: Flight[];
  returnFlights?: Flight[];
  hotels?: Hotel[];
  experiences?: Experience[];
  suggestions?: TripSuggestion[];
};

/** What an assistant says while it answers, in order. */
export type AssistantEvent =
  | { type: 'activity'; activity: AssistantActivity }
  | { type: 'text'; text: string }
  | { type: 'results'; results: FoundResults }
  | { type: 'call_to_action'; action: 'sign_in' | 'connect_finances' }
  | { type: 'memory'; memory: unknown }
  | { type: 'note'; note: string };

/** An assistant: the offline one, or a configured model. */
export type AssistantEngine = {
  name: 'offline' | 'model';
  respond(
    turn: AssistantTurn,
    tools: AssistantTools,
    signal: AbortSignal,
  ): AsyncIterable<AssistantEvent>;
};
