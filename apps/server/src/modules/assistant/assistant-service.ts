import type { AssistantActivity, ReplyAttachments } from '@vowa/shared/assistant/assistant-schemas';
import type { Language } from '@vowa/shared/settings/settings-constants';
import type { TripQuoteQuery } from '@vowa/shared/travel/trip-price-model';
import type { FastifyBaseLogger } from 'fastify';
import type {
  AssistantEngine,
  AssistantEvent,
  AssistantTurn,
  Caller,
  FoundResults,
} from './assistant-engine';
import { assistantTexts } from './assistant-texts';
import {
  createAssistantTools,
  type AssistantTools,
  type ToolDependencies,
} from './assistant-tools';
import { offlineReplies } from './offline/offline-replies';
import { readerFor } from './offline/reader';
import { createTextGuard } from './text-guard';
import { tripDestinationOf } from './understanding/trip-destination';
import { suggestForTrip } from './trip-suggestions';

export type { AssistantTurn, Caller, GroupContext } from './assistant-engine';
/** The built-in assistant, for modules that test their conversations against it. */
export { createOfflineAssistant } from './offline/offline-assistant';

/** Part 2 §8: what an empty reply says. */
export const EMPTY_REPLY = 'AI did not return a response.';

/** What the assistant says while it answers: what it is doing, and its text as it is written. */
export type ReplyProgress =
  { type: 'status'; status: AssistantActivity } | { type: 'text'; text: string };

/** A finished reply: its text, what it found, and what to remember for the next message. */
export type Reply = { text: string; attachments: ReplyAttachments; memory: unknown };

function emptyAttachments(): ReplyAttachments {
  return {
    flights: [],
    returnFlights: [],
    hotels: [],
    experiences: [],
    suggestions: [],
    note: null,
    callToAction: null,
  };
}

function attach(attachments: ReplyAttachments, found: FoundResults) {
  if (found.flights) attachments.flights = found.flights;
  if (found.returnFlights) attachments.returnFlights = found.returnFlights;
  if (found.hotels) attachments.hotels = found.hotels;
  if (found.experiences) attachments.experiences = found.experiences;
  if (found.suggestions) attachments.suggestions = found.suggestions;
}

/**
 * The assistant: the configured model when there is one, the offline assistant otherwise, and
 * the offline assistant again (with a note) when the model fails before it has said anything.
 * Every reply passes the text guard: a number no tool returned never reaches the person.
 */
export function createAssistantService(deps: {
  tools: ToolDependencies;
  offline: AssistantEngine;
  model?: AssistantEngine;
  log: FastifyBaseLogger;
}) {
  async function* events(
    turn: AssistantTurn,
    tools: AssistantTools,
    signal: AbortSignal,
  ): AsyncGenerator<AssistantEvent> {
    if (!deps.model) return yield* deps.offline.respond(turn, tools, signal);
    let spoke = false;
    try {
      for await (const event of deps.model.respond(turn, tools, signal)) {
        if (event.type === 'text' || event.type === 'results') spoke = true;
        yield event;
      }
    } catch (error) {
      if (spoke) throw error;
      deps.log.warn({ err: error }, 'the model failed; the offline assistant answers');
      yield { type: 'note', note: assistantTexts(turn.caller.language).modelFallbackNote };
      // The model's memory is not the offline assistant's: it starts from this message.
      yield* deps.offline.respond({ ...turn, memory: undefined }, tools, signal);
    }
  }

  return {
    tripDestinationOf,
    chatName: (language: Language) => assistantTexts(language).assistantChatName,
    tripChat: (destination: string, language: Language) => ({
      name: assistantTexts(language).tripChatName(destination),
      greeting: assistantTexts(language).tripGreeting(destination),
    }),
    /** The assistant's welcome in a new group chat. */
    groupGreeting: (name: string, language: Language) =>
      assistantTexts(language).groupGreeting(name),

    /** The customise dialog's AI Assistant tab: two to four ideas for this trip (issue 14 §4). */
    tripSuggestions(
      caller: Caller,
      request: { trip: TripQuoteQuery; message: string },
      signal: AbortSignal,
    ) {
      return suggestForTrip(deps, caller, request, signal);
    },

    /** One reply to `turn`: progress as it happens, then the reply itself. */
    async *reply(turn: AssistantTurn, signal: AbortSignal): AsyncGenerator<ReplyProgress, Reply> {
      const { caller } = turn;
      const tools = createAssistantTools(deps.tools, caller, turn.group ?? null);
      const said = [turn.text, ...turn.history.map((message) => message.content)];
      tools.ledger.recordText(said.join('\n'), caller.language);
      const guard = createTextGuard(tools.ledger, caller.language);
      const attachments = emptyAttachments();
      let text = '';
      let memory: unknown = undefined;
      for await (const event of events(turn, tools, signal)) {
        if (event.type === 'activity') yield { type: 'status', status: event.activity };
        else if (event.type === 'text') {
          text += event.text;
          const shown = guard.push(event.text);
          if (shown) yield { type: 'text', text: shown };
        } else if (event.type === 'results') attach(attachments, event.results);
        else if (event.type === 'note') attachments.note = event.note;
        else if (event.type === 'call_to_action') attachments.callToAction = event.action;
        else memory = event.memory;
      }
      const rest = guard.end();
      if (rest) yield { type: 'text', text: rest };
      if (guard.violated) {
        deps.log.warn('a reply named a number no tool returned; it was replaced');
        text = summarize(attachments, caller);
        attachments.note = assistantTexts(caller.language).unverifiedNumberNote;
      }
      return { text: text.trim() === '' ? EMPTY_REPLY : text, attachments, memory };
    },
  };
}

/** A reply made only of what the searches found, for when a reply cannot be trusted. */
function summarize(results: ReplyAttachments, caller: Caller): string {
  const say = offlineReplies(caller.language);
  const read = readerFor(caller);
  const flight = results.flights[0];
  if (flight && flight.price !== null) {
    const price = read.money(flight.price, flight.currency);
    return say.flightsFound({
      count: results.flights.length,
      from: flight.departure.city,
      to: flight.arrival.city,
      date: read.date(flight.departure.date),
      airline: flight.airline,
      price,
      stops: flight.stops,
      travellers: 1,
      total: price,
    });
  }
  const hotel = results.hotels[0];
  if (hotel && hotel.price !== null) {
    const name = hotel.name ?? read.unnamedHotel;
    const price = read.money(hotel.price, hotel.currency);
    return say.hotelsFound(results.hotels.length, hotel.address.city, hotel.nights, name, price);
  }
  const experience = results.experiences[0];
  if (experience) {
    const names = results.experiences.slice(0, 3).map((e) => e.name);
    return say.experiencesFound(results.experiences.length, experience.location.city, names);
  }
  return say.notUnderstood;
}

export type AssistantService = ReturnType<typeof createAssistantService>;
