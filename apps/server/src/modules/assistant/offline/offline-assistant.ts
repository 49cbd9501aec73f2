import { MAX_TRAVELERS } from '@vowa/shared/travel/travel-constants';
import { addDays } from '@vowa/shared/travel/travel-rules';
import type { Flight, Hotel } from '@vowa/shared/travel/travel-schemas';
import { AppError } from '../../../lib/app-error';
import { leadingDestinationIn, placeNamed } from '../../travel/travel-service';
import type { AssistantEngine, AssistantEvent, Caller } from '../assistant-engine';
import { assistantTexts } from '../assistant-texts';
import { SignInRequired, type AssistantTools } from '../assistant-tools';
import {
  understandRequest,
  type PlaceMention,
  type RequestDetails,
  type Understanding,
} from '../understanding/understand-request';
import { offlineReplies, type OfflineReplies } from './offline-replies';
import { readerFor, type Reader } from './reader';

/** How many offers of each kind a reply shows. */
const SHOWN = 5;
/** A stay without an end date or a length lasts this long. */
const DEFAULT_NIGHTS = 3;

type Member = Extract<Caller, { kind: 'member' }>;
type Say = AsyncGenerator<AssistantEvent>;

/**
 * The built-in assistant: it reads the request (understanding/), runs the searches it needs
 * through the tools, and says what they found, in the person's language, within their budget.
 * It never writes a number itself: every one comes formatted from a tool result.
 */
export function createOfflineAssistant(): AssistantEngine {
  return {
    name: 'offline',
    async *respond(turn, tools) {
      const { caller } = turn;
      yield { type: 'activity', activity: 'thinking' };
      const previous = readMemory(turn.memory);
      const understood = understandRequest(turn.text, {
        language: caller.language,
        today: caller.today,
        timeZone: caller.kind === 'member' ? caller.timeZone : 'UTC',
        previous,
      });
      yield { type: 'memory', memory: understood };
      const say = offlineReplies(caller.language);
      try {
        yield* answer(forGroup(understood, tools), tools, say, readerFor(caller));
      } catch (error) {
        if (error instanceof SignInRequired) {
          yield { type: 'text', text: say.signInToSearch };
          yield { type: 'call_to_action', action: 'sign_in' };
          return;
        }
        // A search the inventory refused (a past date, an unknown city) is the person's to fix.
        if (error instanceof AppError && error.status < 500) {
          yield { type: 'text', text: say.cannotSearch(error.detail) };
          return;
        }
        throw error;
      }
    },
  };
}

/**
 * In a group, a request that names no number of travellers is for the whole group (as many as
 * a search takes). Not remembered: the group may change before the next question.
 */
function forGroup(understood: Understanding, tools: AssistantTools): Understanding {
  if (!tools.group || understood.details.travellers !== undefined) return understood;
  const travellers = Math.min(Math.max(tools.group.memberCount, 1), MAX_TRAVELERS);
  return { ...understood, details: { ...understood.details, travellers } };
}

function readMemory(memory: unknown): Understanding | undefined {
  if (!memory || typeof memory !== 'object') return undefined;
  const candidate = memory as Partial<Understanding>;
  return typeof candidate.intent === 'string' && candidate.details
    ? (memory as Understanding)
    : undefined;
}

async function* answer(
  understood: Understanding,
  tools: AssistantTools,
  say: OfflineReplies,
  read: Reader,
): Say {
  const caller = tools.caller;
  switch (understood.intent) {
    case 'greeting':
      yield { type: 'text', text: say.greeting(caller.kind === 'member' ? caller.name : null) };
      if (caller.kind === 'guest') yield { type: 'call_to_action', action: 'sign_in' };
      return;
    case 'help':
      yield { type: 'text', text: say.help };
      return;
    case 'thanks':
      yield { type: 'text', text: say.thanks };
      return;
    case 'destination_info':
      yield* describeDestination(understood.details, tools, say);
      return;
    case 'flights':
      yield* findFlights(understood.details, tools, say, read);
      break;
    case 'hotels':
      yield* findHotels(understood.details, tools, say, read);
      break;
    case 'experiences':
      yield* findExperiences(understood.details, tools, say);
      break;
    case 'trip':
      yield* planTrip(understood.details, tools, say, read);
      break;
    case 'budget':
      // Every member reads a group's reply: nobody's finances, only whether options are checked.
      if (tools.group) {
        const checked = tools.groupBudget().optionsCheckedAgainstEveryonesBudget;
        yield { type: 'text', text: say.groupBudget(checked) };
        return;
      }
      yield* explainBudget(tools, say, read);
      return;
    case 'bucket_list':
      yield* readBucketList(tools, say);
      return;
    case 'bucket_list_add':
      yield* addToBucketList(understood.details, tools, say);
      return;
    default:
      yield { type: 'text', text: say.notUnderstood };
      return;
  }
  // Part 2 §1: a signed-in person without finances is asked to connect them, and still answered
  // (not in a group, where the whole group reads the reply).
  if (caller.kind === 'member' && !caller.budget && !tools.group) {
    yield { type: 'text', text: ` ${say.connectFinances}` };
    yield { type: 'call_to_action', action: 'connect_finances' };
  }
}

/** The airport a place mention flies to: its own, or a country's best-known destination. */
function airportOf(place: PlaceMention): string | undefined {
  if (place.iata) return place.iata;
  if (place.kind === 'country') return undefined;
  return placeNamed(place.name)?.airportCode ?? undefined;
}

async function* findFlights(
  details: RequestDetails,
  tools: AssistantTools,
  say: OfflineReplies,
  read: Reader,
): Say {
  const member = requireMember(tools.caller);
  const destination = details.destination;
  if (!destination) return yield { type: 'text', text: say.askDestination('flights') };
  const to = airportOf(destination);
  if (!to) return yield { type: 'text', text: say.askCity(destination.name) };
  const departureDate = departureOf(details, member.today);
  if (!departureDate) return yield { type: 'text', text: say.askDate(destination.name) };
  const from = details.origin ? airportOf(details.origin) : member.homeAirport.code;
  if (!from) return yield { type: 'text', text: say.askCity(details.origin!.name) };
  const travellers = details.travellers ?? 1;

  yield { type: 'activity', activity: 'searching_flights' };
  const found = await tools.searchFlights({
    origin: from,
    destination: to,
    departureDate,
    returnDate: details.returnDate,
    adults: travellers,
    travelClass: details.cabin ?? 'economy',
  });
  const flights = cheapestFirst(found.flights.filter(matches(details)));
  const returns = cheapestFirst(
    found.returnFlights.filter(matches({ ...details, timeOfDay: undefined })),
  );
  yield* sayFlights(
    flights,
    returns,
    { from, to, departureDate, travellers, details },
    tools,
    say,
    read,
  );
}

async function* sayFlights(
  flights: Flight[],
  returns: Flight[],
  asked: {
    from: string;
    to: string;
    departureDate: string;
    travellers: number;
    details: RequestDetails;
  },
  tools: AssistantTools,
  say: OfflineReplies,
  read: Reader,
): Say {
  const first = flights[0];
  if (!first || first.price === null) {
    yield {
      type: 'text',
      text: say.noFlights(asked.from, asked.to, read.date(asked.departureDate)),
    };
    return;
  }
  const { ledger } = tools;
  const back = returns[0]?.price ?? 0;
  const perPerson = ledger.derive([first.price, back], (a, b) => a + b);
  const total = ledger.derive([perPerson, asked.travellers], (a, b) => a * b);
  const limit = spendingLimit(asked.details, tools.caller, ledger, tools.group !== null);
  // A group's budget is each member's: their share (one traveller's fare) must fit it.
  const partyOf = limit?.kind === 'group_budget' ? 1 : asked.travellers;
  const within =
    limit === null
      ? flights
      : flights.filter((f) => (f.price ?? Infinity) * partyOf <= limit.amount);
  yield {
    type: 'results',
    results: { flights: within.slice(0, SHOWN), returnFlights: returns.slice(0, SHOWN) },
  };
  const text = [
    say.flightsFound({
      count: ledger.countOf(flights),
      from: spokenName(asked.details.origin, first.departure.city),
      to: spokenName(asked.details.destination, first.arrival.city),
      date: read.date(first.departure.date),
      airline: first.airline,
      price: read.money(perPerson, first.currency),
      stops: first.stops,
      travellers: asked.travellers,
      total: read.money(total, first.currency),
    }),
  ];
  if (returns[0])
    text.push(say.returnFlights(ledger.countOf(returns), read.date(returns[0].departure.date)));
  if (limit?.kind === 'group_budget') text.push(groupBudgetSentence(within.length > 0, say));
  else if (limit) text.push(...budgetSentences(total, limit, first.currency, tools, say, read));
  yield { type: 'text', text: text.join(' ') };
}

async function* findHotels(
  details: RequestDetails,
  tools: AssistantTools,
  say: OfflineReplies,
  read: Reader,
): Say {
  const member = requireMember(tools.caller);
  const destination = details.destination;
  if (!destination) return yield { type: 'text', text: say.askDestination('hotels') };
  if (destination.kind === 'country')
    return yield { type: 'text', text: say.askCity(destination.name) };
  const checkIn = departureOf(details, member.today);
  if (!checkIn) return yield { type: 'text', text: say.askDate(destination.name) };
  const checkOut = details.returnDate ?? addDays(checkIn, details.nights ?? DEFAULT_NIGHTS);
  yield { type: 'activity', activity: 'searching_hotels' };
  const found = await tools.searchHotels({
    city: destination.name,
    checkIn,
    checkOut,
    adults: details.travellers ?? 1,
  });
  yield* sayHotels(found.hotels, details, tools, say, read);
}

function* sayHotels(
  all: Hotel[],
  details: RequestDetails,
  tools: AssistantTools,
  say: OfflineReplies,
  read: Reader,
): Generator<AssistantEvent> {
  const stars = details.hotelStars;
  const hotels = cheapestFirst(all.filter((hotel) => !stars || hotel.rating >= stars));
  const best = hotels[0];
  if (!best || best.price === null) {
    yield { type: 'results', results: { hotels: [] } };
    yield { type: 'text', text: say.noHotels };
    return;
  }
  const limit = spendingLimit(details, tools.caller, tools.ledger, tools.group !== null);
  // In a group, each member's share of the stay must fit their budget.
  const shares = limit?.kind === 'group_budget' ? (details.travellers ?? 1) : 1;
  const within =
    limit === null
      ? hotels
      : hotels.filter((hotel) => (hotel.price ?? Infinity) / shares <= limit.amount);
  yield { type: 'results', results: { hotels: within.slice(0, SHOWN) } };
  const text = [
    say.hotelsFound(
      tools.ledger.countOf(hotels),
      spokenName(details.destination, best.address.city),
      best.nights,
      best.name ?? read.unnamedHotel,
      read.money(best.price, best.currency),
    ),
  ];
  if (limit?.kind === 'group_budget') text.push(groupBudgetSentence(within.length > 0, say));
  else if (limit) text.push(...budgetSentences(best.price, limit, best.currency, tools, say, read));
  yield { type: 'text', text: text.join(' ') };
}

async function* findExperiences(
  details: RequestDetails,
  tools: AssistantTools,
  say: OfflineReplies,
): Say {
  requireMember(tools.caller);
  const destination = details.destination;
  if (!destination) return yield { type: 'text', text: say.askDestination('experiences') };
  const city =
    destination.kind === 'country'
      ? leadingDestinationIn(destination.countryCode)?.name
      : destination.name;
  if (!city) return yield { type: 'text', text: say.askCity(destination.name) };
  yield { type: 'activity', activity: 'searching_experiences' };
  const { experiences } = await tools.searchExperiences({ city });
  const best = [...experiences].sort((a, b) => b.rating - a.rating).slice(0, 6);
  yield { type: 'results', results: { experiences: best } };
  yield {
    type: 'text',
    text: best.length
      ? say.experiencesFound(
          tools.ledger.countOf(best),
          destination.kind === 'city' ? spokenName(destination, city) : city,
          best.slice(0, 3).map((e) => e.name),
        )
      : say.noExperiences(city),
  };
}

/** A whole trip: flights there and back, a hotel and things to do; or ideas when no place. */
async function* planTrip(
  details: RequestDetails,
  tools: AssistantTools,
  say: OfflineReplies,
  read: Reader,
): Say {
  const member = requireMember(tools.caller);
  if (!details.destination) return yield* suggestTrips(tools, say, read);
  const departure = departureOf(details, member.today);
  if (!departure) return yield { type: 'text', text: say.askDate(details.destination.name) };
  const returnDate = details.returnDate ?? addDays(departure, details.nights ?? DEFAULT_NIGHTS);
  const trip = { ...details, departDate: departure, returnDate };
  yield* findFlights(trip, tools, say, read);
  if (trip.destination?.kind !== 'country') {
    yield { type: 'text', text: ' ' };
    yield* findHotels(trip, tools, say, read);
  }
}

async function* suggestTrips(tools: AssistantTools, say: OfflineReplies, read: Reader): Say {
  yield { type: 'activity', activity: 'planning_trips' };
  const found = await tools.tripSuggestions();
  const suggestions = [...found.suggestions].sort((a, b) => a.price - b.price);
  yield { type: 'results', results: { suggestions: suggestions.slice(0, SHOWN) } };
  const cheapest = suggestions[0];
  const text = cheapest
    ? say.suggestionsFound(
        tools.ledger.countOf(suggestions),
        found.origin.city,
        read.money(cheapest.price, found.currency),
        cheapest.destination,
      )
    : say.noSuggestions;
  // In a group the trips were kept to those whose share fits every member's budget.
  const checked = tools.group !== null && tools.fitsGroupBudget(0) !== null;
  yield {
    type: 'text',
    text: checked ? `${text} ${groupBudgetSentence(cheapest !== undefined, say)}` : text,
  };
}

async function* explainBudget(tools: AssistantTools, say: OfflineReplies, read: Reader): Say {
  const summary = await tools.budgetSummary();
  if (!summary.connected) {
    yield { type: 'text', text: say.budgetNotConnected };
    yield { type: 'call_to_action', action: 'connect_finances' };
    return;
  }
  const middle = summary.recommendations[1] ?? summary.recommendations[0];
  yield {
    type: 'text',
    text: say.budgetSummary(
      read.money(summary.maxTripBudget, summary.currency),
      read.money(summary.monthlyIncome, summary.currency),
      read.money(middle?.amount ?? summary.minimumBudget, summary.currency),
    ),
  };
}

async function* readBucketList(tools: AssistantTools, say: OfflineReplies): Say {
  const lists = await tools.bucketList();
  const items = lists.flatMap((list) => list.items.filter((i) => !i.completed).map((i) => i.title));
  yield {
    type: 'text',
    text: items.length ? say.bucketListItems(items.slice(0, 12)) : say.bucketListEmpty,
  };
}

async function* addToBucketList(
  details: RequestDetails,
  tools: AssistantTools,
  say: OfflineReplies,
): Say {
  requireMember(tools.caller);
  const destination = details.destination;
  if (!destination) return yield { type: 'text', text: say.askDestination('trip') };
  const texts = assistantTexts(tools.caller.language);
  const added = await tools.addToBucketList(destination.name, texts.defaultListName);
  yield { type: 'text', text: say.bucketListAdded(added.title, added.listName) };
}

function* describeDestination(
  details: RequestDetails,
  tools: AssistantTools,
  say: OfflineReplies,
): Generator<AssistantEvent> {
  const destination = details.destination;
  if (!destination) return yield { type: 'text', text: say.askDestination('trip') };
  const info = tools.destinationInfo(destination.name);
  yield {
    type: 'text',
    text: info
      ? say.destinationInfo(info.name, info.country, info.highlights)
      : say.unknownPlace(destination.text),
  };
}

/**
 * A city as the person named it ("Roma", "Wien", "東京"), so the reply speaks their language;
 * airports and countries by the city the offer serves.
 */
function spokenName(mention: PlaceMention | undefined, city: string): string {
  if (!mention || mention.kind !== 'city') return city;
  return mention.text.replace(/(^|\s)\p{Ll}/gu, (letter) => letter.toUpperCase());
}

function requireMember(caller: Caller): Member {
  if (caller.kind !== 'member') throw new SignInRequired();
  return caller;
}

/** The departure day: the one said, or the first bookable day of the month said. */
function departureOf(details: RequestDetails, today: string): string | undefined {
  if (details.departDate) return details.departDate;
  if (!details.month) return undefined;
  const first = `${details.month}-01`;
  return first > today ? first : addDays(today, 1);
}

function matches(details: RequestDetails) {
  return (flight: Flight) => {
    if (details.nonStop && flight.stops > 0) return false;
    if (details.airline && flight.airlineCode !== details.airline.code) return false;
    if (details.timeOfDay && timeOfDayOf(flight.departure.time) !== details.timeOfDay) return false;
    return true;
  };
}

function timeOfDayOf(time: string): RequestDetails['timeOfDay'] {
  const hour = Number(time.slice(0, 2));
  if (hour >= 5 && hour < 12) return 'morning';
  if (hour >= 12 && hour < 17) return 'afternoon';
  if (hour >= 17 && hour < 22) return 'evening';
  return 'night';
}

function cheapestFirst<T extends { price: number | null }>(offers: T[]): T[] {
  return [...offers].sort((a, b) => (a.price ?? Infinity) - (b.price ?? Infinity));
}

type Limit = { amount: number; currency: string; kind: 'stated' | 'trip_budget' | 'group_budget' };

/**
 * What the person may spend: the budget they just named (in their display currency), else their
 * maximum trip budget once their finances are connected. In a group, the caller's budget is the
 * group's overlap (every member's share must fit it): it filters, but is never said nor
 * recorded, so no reply can name it.
 */
function spendingLimit(
  details: RequestDetails,
  caller: Caller,
  ledger: AssistantTools['ledger'],
  inGroup: boolean,
): Limit | null {
  const stated = details.budget;
  if (stated && (!stated.currency || stated.currency === caller.currency)) {
    return { amount: stated.amount, currency: caller.currency, kind: 'stated' };
  }
  if (inGroup) {
    if (caller.kind !== 'member' || !caller.budget) return null;
    return {
      amount: caller.budget.maxTripBudget,
      currency: caller.budget.currency,
      kind: 'group_budget',
    };
  }
  if (caller.kind === 'member' && caller.budget) {
    ledger.record(caller.budget.maxTripBudget);
    return {
      amount: caller.budget.maxTripBudget,
      currency: caller.budget.currency,
      kind: 'trip_budget',
    };
  }
  return null;
}

/** Whether what is shown fits every member's budget, without a figure or a name. */
function groupBudgetSentence(anyFits: boolean, say: OfflineReplies): string {
  return anyFits ? say.withinGroupBudget : say.noneWithinGroupBudget;
}

/** What is left of the budget after `cost`, said plainly; or that nothing fits it. */
function budgetSentences(
  cost: number,
  limit: Limit,
  currency: string,
  tools: AssistantTools,
  say: OfflineReplies,
  read: Reader,
): string[] {
  if (currency !== limit.currency) return [];
  const budget = read.money(limit.amount, currency);
  if (cost > limit.amount) return [say.noneWithinBudget(read.money(cost, currency), budget)];
  const left = tools.ledger.derive([limit.amount, cost], (a, b) => a - b);
  return [say.budgetLeft({ left: read.money(left, currency), budget })];
}
