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

/**
 * A turn asked in a group chat (issue 15): whoever mentioned @vowa is the caller, but the reply
 * is read by every member. The caller's `budget` is then the group's overlap (the smallest
 * maximum trip budget of the members who connected their finances, in the caller's currency),
 * which the reply may use but never state: it is not recorded in the turn's ledger, and nobody's
 * own finances are shown.
 */
export type GroupContext = {
  name: string;
  /** How many people are in the group: the travellers when a request does not say. */
  memberCount: number;
  /** What members picked for the group plan and have not replaced. */
  picks: Array<{
    slot: 'flight' | 'return_flight' | 'hotel' | 'experience';
    marker: 'selected' | 'modified';
    title: string;
    /** Who picked it (first name), when known. */
    pickedBy: string | null;
    /** As the pick's card shows it to every member. */
    price: { amount: number; currency: string } | null;
  }>;
};

export type AssistantTurn = {
  caller: Caller;
  /** What the person just wrote. */
  text: string;
  /** The conversation so far, oldest first (without `text`). */
  history: Array<{ author: 'user' | 'ai'; content: string }>;
  /** What this assistant remembered of the conversation after its last reply. */
  memory: unknown;
  /** Set when the turn is asked in a group chat. */
  group?: GroupContext;
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
