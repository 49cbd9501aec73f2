import type {
  Airport,
  DealsResponse,
  Experience,
  Flight,
  Hotel,
  QuoteInfo,
  SuggestionsResponse,
  TripSuggestion,
} from '@vowa/shared/travel/travel-schemas';

/** Builders for the travel component tests: realistic offers as the server sends them. */

let sequence = 0;
const nextId = (prefix: string) => `${prefix}-${++sequence}`;

export function makeQuote(overrides: Partial<QuoteInfo> = {}): QuoteInfo {
  return {
    quoteId: nextId('q'),
    provider: 'offline',
    quotedAt: '2026-03-01T09:00:00.000Z',
    validUntil: '2026-03-01T21:00:00.000Z',
    sourceAmount: 412,
    sourceCurrency: 'EUR',
    exchangeRate: { rate: 1.08, asOf: '2026-03-01', source: 'ECB' },
    ...overrides,
  };
}

export const jfk: Airport = {
  code: 'JFK',
  name: 'John F. Kennedy International Airport',
  city: 'New York',
  country: 'United States',
  countryCode: 'US',
  latitude: 40.6413,
  longitude: -73.7781,
  timezone: 'America/New_York',
};

export const cdg: Airport = {
  code: 'CDG',
  name: 'Paris Charles de Gaulle Airport',
  city: 'Paris',
  country: 'France',
  countryCode: 'FR',
  latitude: 49.0097,
  longitude: 2.5479,
  timezone: 'Europe/Paris',
};

export function makeFlight(overrides: Partial<Flight> = {}): Flight {
  return {
    id: nextId('fl'),
    airline: 'Air France',
    airlineCode: 'AF',
    flightNumber: 'AF 23',
    aircraft: 'Boeing 777-300ER',
    class: 'economy',
    price: 445.5,
    currency: 'USD',
    duration: '7h 25m',
    durationMinutes: 445,
    stops: 0,
    stopAirports: [],
    distanceKm: 5837,
    departure: {
      airportCode: 'JFK',
      airportName: 'John F. Kennedy International Airport',
      city: 'New York',
      country: 'United States',
      time: '11:30',
      date: '2026-03-15',
      terminal: '1',
    },
    arrival: {
      airportCode: 'CDG',
      airportName: 'Paris Charles de Gaulle Airport',
      city: 'Paris',
      country: 'France',
      time: '00:55',
      date: '2026-03-16',
      terminal: '2E',
    },
    segments: [
      {
        carrierCode: 'AF',
        number: '23',
        aircraftCode: '77W',
        departure: { iataCode: 'JFK', at: '2026-03-15T11:30:00', terminal: '1' },
        arrival: { iataCode: 'CDG', at: '2026-03-16T00:55:00', terminal: '2E' },
        durationMinutes: 445,
      },
    ],
    baggage: { carry: '1 personal item', checked: '1 checked bag' },
    cancellation: 'Free cancellation within 24 hours',
    wifi: true,
    entertainment: true,
    mealService: true,
    seatSelection: false,
    amenities: ['Power outlets', 'Complimentary drinks'],
    quote: makeQuote(),
    ...overrides,
  };
}

export function makeReturnFlight(overrides: Partial<Flight> = {}): Flight {
  return makeFlight({
    flightNumber: 'AF 22',
    departure: {
      airportCode: 'CDG',
      airportName: 'Paris Charles de Gaulle Airport',
      city: 'Paris',
      country: 'France',
      time: '13:40',
      date: '2026-03-22',
      terminal: '2E',
    },
    arrival: {
      airportCode: 'JFK',
      airportName: 'John F. Kennedy International Airport',
      city: 'New York',
      country: 'United States',
      time: '15:55',
      date: '2026-03-22',
      terminal: '1',
    },
    price: 398,
    ...overrides,
  });
}

export function makeHotel(overrides: Partial<Hotel> = {}): Hotel {
  return {
    id: nextId('ht'),
    name: 'Hôtel Lumière Saint-Germain',
    brand: 'Lumière Collection',
    rating: 4,
    reviewScore: 4.6,
    reviewCount: 1284,
    address: {
      street: '12 Rue Jacob',
      city: 'Paris',
      state: 'Île-de-France',
      country: 'France',
      zipCode: '75006',
    },
    coordinates: { latitude: 48.8556, longitude: 2.3339 },
    images: [
      '/artwork/travel/hotel-1.svg',
      '/artwork/travel/hotel-2.svg',
      '/artwork/travel/hotel-3.svg',
    ],
    checkIn: '2026-03-16',
    checkOut: '2026-03-22',
    nights: 6,
    roomType: 'standard',
    roomTypes: ['standard', 'deluxe', 'suite'],
    pricePerNight: 180,
    taxesAndFees: 108,
    price: 1188,
    currency: 'USD',
    amenities: ['Free Wi-Fi', 'Fitness center', 'Breakfast buffet', 'Rooftop terrace'],
    services: ['24-hour front desk', 'Laundry service'],
    policies: {
      checkIn: '15:00',
      checkOut: '11:00',
      cancellation: 'Free cancellation until 48 hours before check-in',
      pets: 'Pets are not allowed',
    },
    contact: {
      phone: '+33 1 23 45 67 89',
      email: 'stay@lumiere.example',
      website: 'https://lumiere.example',
    },
    description: 'A calm boutique hotel on a quiet Left Bank street, a short walk from the Seine.',
    highlights: ['Walk to the Louvre in 15 minutes', 'Rooftop views of the Eiffel Tower'],
    nearbyAttractions: [
      { name: 'Musée d’Orsay', distance: '0.6 km', type: 'Museum' },
      { name: 'Jardin du Luxembourg', distance: '0.9 km', type: 'Park' },
    ],
    quote: makeQuote({ sourceAmount: 1100 }),
    ...overrides,
  };
}

export function makeExperience(overrides: Partial<Experience> = {}): Experience {
  return {
    id: nextId('ex'),
    name: 'Seine River Evening Cruise',
    type: 'tour',
    category: 'Sightseeing',
    rating: 4.7,
    reviewCount: 2310,
    price: 45,
    currency: 'USD',
    duration: '1h 30m',
    groupSize: { min: 1, max: 40 },
    ageRestriction: 'All ages',
    location: {
      name: 'Port de la Bourdonnais',
      address: 'Port de la Bourdonnais, 75007',
      city: 'Paris',
      coordinates: { latitude: 48.8599, longitude: 2.2931 },
    },
    images: ['/artwork/travel/experience-tour.svg'],
    description: 'Glide past the lit-up monuments of Paris with live commentary.',
    highlights: ['See the Eiffel Tower sparkle', 'Live guide in three languages'],
    included: ['Boat cruise', 'Audio guide'],
    notIncluded: ['Hotel pickup', 'Drinks'],
    schedule: [
      { time: '19:00', activity: 'Boarding at the pier', duration: '15m' },
      { time: '19:15', activity: 'Cruise past Notre-Dame and the Louvre', duration: '1h 15m' },
    ],
    meetingPoint: 'Pier 3, at the foot of the Eiffel Tower',
    cancellationPolicy: 'Free cancellation up to 24 hours before',
    provider: {
      name: 'Bateaux Lumière',
      rating: 4.8,
      verified: true,
      contact: 'hello@bateaux.example',
    },
    availability: 'Daily at 19:00 and 21:00',
    languages: ['English', 'French', 'Spanish'],
    difficulty: 'easy',
    tags: ['Romantic', 'Evening'],
    bookingLink: null,
    quote: makeQuote({ sourceAmount: 42 }),
    ...overrides,
  };
}

export function makeTrip(overrides: Partial<TripSuggestion> = {}): TripSuggestion {
  const outbound = makeFlight();
  const back = makeReturnFlight();
  const hotel = makeHotel();
  const experiences = [
    makeExperience(),
    makeExperience({ name: 'Montmartre Food Walk', type: 'restaurant' }),
  ];
  return {
    id: nextId('trip'),
    destination: 'Paris',
    country: 'France',
    countryCode: 'FR',
    airportCode: 'CDG',
    category: 'city',
    rating: 4.6,
    image: '/artwork/bucket/city-1.svg',
    price: 3000,
    originalPrice: 3620,
    savings: 620,
    marketPriceSource: 'history',
    historyQuotes: 31,
    historyDays: 14,
    historyRange: { low: 2950, high: 3980 },
    confidence: 92,
    distanceKm: 5837,
    duration: '6 nights',
    nights: 6,
    dealExpiry: '2026-03-01T14:00:00.000Z',
    flightPrice: 1687,
    hotelPrice: 1188,
    experiencePrice: 125,
    autoBookEligible: true,
    departureCity: 'New York',
    arrivalCity: 'Paris',
    departureDate: '2026-03-15',
    returnDate: '2026-03-22',
    hotelName: hotel.name,
    hotelRating: hotel.rating,
    flightDetails: { outbound, return: back },
    hotel,
    experiences,
    ...overrides,
  };
}

/**
 * Four trips against a 5000 budget with auto-booking off. All Trips 4; Budget Friendly
 * (≤ 4000) Paris, Lisbon, Rome; Hot Deals (saves > 500) Paris, Tokyo; Auto-Book Ready counts
 * Paris and Tokyo but shows none while auto-booking is off.
 */
export function makeSuggestions(overrides: Partial<SuggestionsResponse> = {}): SuggestionsResponse {
  return {
    origin: jfk,
    currency: 'USD',
    travelers: 2,
    maxTripBudget: 5000,
    budget: { amount: 5000, currency: 'USD' },
    hotDealSavings: 500,
    priceAlertThreshold: 80,
    autoBookingEnabled: false,
    destinationsConsidered: 40,
    generatedAt: '2026-03-01T09:00:00.000Z',
    exchangeRate: { rate: 1.08, asOf: '2026-03-01', source: 'ECB' },
    suggestions: [
      makeTrip({
        id: 'trip-paris',
        destination: 'Paris',
        price: 3000,
        savings: 620,
        autoBookEligible: true,
      }),
      makeTrip({
        id: 'trip-lisbon',
        destination: 'Lisbon',
        country: 'Portugal',
        price: 2100,
        originalPrice: 2400,
        savings: 300,
        autoBookEligible: false,
        marketPriceSource: 'reference',
        historyQuotes: 0,
        historyDays: 0,
        historyRange: null,
        confidence: 50,
      }),
      makeTrip({
        id: 'trip-tokyo',
        destination: 'Tokyo',
        country: 'Japan',
        price: 4800,
        originalPrice: 5600,
        savings: 800,
        autoBookEligible: true,
      }),
      makeTrip({
        id: 'trip-rome',
        destination: 'Rome',
        country: 'Italy',
        price: 3900,
        originalPrice: 3900,
        savings: 0,
        autoBookEligible: false,
      }),
    ],
    ...overrides,
  };
}

export function makeDeals(overrides: Partial<DealsResponse> = {}): DealsResponse {
  const { suggestions, ...header } = makeSuggestions();
  return {
    ...header,
    category: 'all',
    deals: suggestions.slice(0, 2).map((trip) => ({ ...trip, id: `deal-${trip.id}` })),
    ...overrides,
  };
}
