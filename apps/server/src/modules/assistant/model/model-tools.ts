import { travelClasses } from '@vowa/shared/travel/travel-constants';
import type { Experience, Flight, Hotel } from '@vowa/shared/travel/travel-schemas';
import { tool } from 'ai';
import { z } from 'zod';
import { AppError } from '../../../lib/app-error';
import type { AssistantEvent } from '../assistant-engine';
import { SignInRequired, type AssistantTools } from '../assistant-tools';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');
const iata = z.string().regex(/^[A-Z]{3}$/, 'a three-letter IATA airport code');
/** How many offers of each kind the model reads (the person sees them as cards). */
const FOR_MODEL = 5;

/** A flight as the model reads it: enough to talk about, with the quote it came from. */
const flightForModel = (flight: Flight) => ({
  quoteId: flight.quote.quoteId,
  airline: flight.airline,
  flightNumber: flight.flightNumber,
  departure: `${flight.departure.airportCode} ${flight.departure.date} ${flight.departure.time}`,
  arrival: `${flight.arrival.airportCode} ${flight.arrival.date} ${flight.arrival.time}`,
  stops: flight.stops,
  duration: flight.duration,
  pricePerPerson: flight.price,
  currency: flight.currency,
});

const hotelForModel = (hotel: Hotel) => ({
  quoteId: hotel.quote.quoteId,
  name: hotel.name,
  stars: hotel.rating,
  city: hotel.address.city,
  nights: hotel.nights,
  priceForStay: hotel.price,
  currency: hotel.currency,
});

const experienceForModel = (experience: Experience) => ({
  quoteId: experience.quote.quoteId,
  name: experience.name,
  type: experience.type,
  rating: experience.rating,
  pricePerPerson: experience.price,
  currency: experience.currency,
});

/**
 * The assistant's tools as a model calls them. Each call reports what it is doing and what it
 * found through `tell` (so the person sees the cards and the "Fetching flights" status); the
 * model reads a short form. A refused search is an answer the model can explain, not a crash.
 */
export function modelToolsFor(tools: AssistantTools, tell: (event: AssistantEvent) => void) {
  async function guarded<T>(work: () => Promise<T>): Promise<T | { error: string }> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof SignInRequired) return { error: 'The person must sign in for this.' };
      if (error instanceof AppError && error.status < 500) return { error: error.detail };
      throw error;
    }
  }

  /** In a group with a budget, whether an offer's share per person fits every member's. */
  const fits = (perPerson: number | null) => {
    const verdict = perPerson === null ? null : tools.fitsGroupBudget(perPerson);
    return verdict === null ? {} : { fitsEveryonesBudget: verdict };
  };

  const forEveryone = {
    destination_info: tool({
      description: 'Facts about a destination: country, main airport, well-known sights.',
      inputSchema: z.object({ name: z.string().min(1).max(100) }),
      execute: async ({ name }) => tools.destinationInfo(name) ?? { error: 'Unknown place' },
    }),
  };
  if (tools.caller.kind === 'guest') return forEveryone;

  return {
    ...forEveryone,
    search_flights: tool({
      description:
        'Search flights. Dates are YYYY-MM-DD; airports are IATA codes. Prices are per person.',
      inputSchema: z.object({
        origin: iata,
        destination: iata,
        departureDate: isoDate,
        returnDate: isoDate.optional(),
        adults: z.number().int().min(1).max(10).default(1),
        travelClass: z.enum(travelClasses).default('economy'),
      }),
      execute: (query) =>
        guarded(async () => {
          tell({ type: 'activity', activity: 'searching_flights' });
          const found = await tools.searchFlights(query);
          tell({
            type: 'results',
            results: { flights: found.flights, returnFlights: found.returnFlights },
          });
          return {
            flights: found.flights
              .slice(0, FOR_MODEL)
              .map((flight) => ({ ...flightForModel(flight), ...fits(flight.price) })),
            returnFlights: found.returnFlights.slice(0, FOR_MODEL).map(flightForModel),
          };
        }),
    }),
    search_hotels: tool({
      description: 'Search hotels in a city between two dates (YYYY-MM-DD). Prices are per stay.',
      inputSchema: z.object({
        city: z.string().min(1).max(100),
        checkIn: isoDate,
        checkOut: isoDate,
        adults: z.number().int().min(1).max(10).default(1),
      }),
      execute: (query) =>
        guarded(async () => {
          tell({ type: 'activity', activity: 'searching_hotels' });
          const found = await tools.searchHotels(query);
          tell({ type: 'results', results: { hotels: found.hotels } });
          const shares = query.adults;
          return {
            hotels: found.hotels.slice(0, FOR_MODEL).map((hotel) => ({
              ...hotelForModel(hotel),
              ...fits(hotel.price === null ? null : hotel.price / shares),
            })),
          };
        }),
    }),
    search_experiences: tool({
      description: 'Things to do in a city: tours, restaurants, activities.',
      inputSchema: z.object({ city: z.string().min(1).max(100) }),
      execute: ({ city }) =>
        guarded(async () => {
          tell({ type: 'activity', activity: 'searching_experiences' });
          const found = await tools.searchExperiences({ city });
          tell({ type: 'results', results: { experiences: found.experiences } });
          return { experiences: found.experiences.slice(0, FOR_MODEL).map(experienceForModel) };
        }),
    }),
    trip_suggestions: tool({
      description: "Trips for two from the person's home airport within their budget.",
      inputSchema: z.object({}),
      execute: () =>
        guarded(async () => {
          tell({ type: 'activity', activity: 'planning_trips' });
          const found = await tools.tripSuggestions();
          tell({ type: 'results', results: { suggestions: found.suggestions } });
          return {
            currency: found.currency,
            trips: found.suggestions.slice(0, FOR_MODEL).map((trip) => ({
              destination: trip.destination,
              country: trip.country,
              totalForTwo: trip.price,
              nights: trip.nights,
              departureDate: trip.departureDate,
            })),
          };
        }),
    }),
    budget_summary: tools.group
      ? tool({
          description:
            "Whether offers are checked against everyone's budget. Members' finances are private.",
          inputSchema: z.object({}),
          execute: () => guarded(async () => tools.groupBudget()),
        })
      : tool({
          description: "The person's maximum trip budget and a summary of their finances.",
          inputSchema: z.object({}),
          execute: () => guarded(() => tools.budgetSummary()),
        }),
    bucket_list: tool({
      description: "The destinations on the person's bucket lists.",
      inputSchema: z.object({}),
      execute: () => guarded(() => tools.bucketList()),
    }),
    add_to_bucket_list: tool({
      description: "Add a destination to the person's bucket list, when they ask for it.",
      inputSchema: z.object({ destination: z.string().min(1).max(100) }),
      execute: ({ destination }) =>
        guarded(() => tools.addToBucketList(destination, 'My Bucket List')),
    }),
    price_history: tool({
      description: 'How the price of a quoted offer moved over time (by its quoteId).',
      inputSchema: z.object({ quoteId: z.string().min(1).max(100) }),
      execute: ({ quoteId }) => guarded(() => tools.priceHistory(quoteId)),
    }),
  };
}
