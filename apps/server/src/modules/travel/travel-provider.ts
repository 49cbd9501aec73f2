import type { ExperienceType, TravelClass, RoomType } from '@vowa/shared/travel/travel-constants';
import type { FlightChange, HotelChange } from '@vowa/shared/travel/travel-rules';
import type { Airport, Experience, Flight, Hotel } from '@vowa/shared/travel/travel-schemas';

export type ProviderName = 'offline' | 'amadeus';

/**
 * Offers as a provider quotes them: the spec's shapes, with prices in the provider's own
 * currency (`currency`), before the service records the quote and converts it for display.
 * `raw` is whatever the provider needs to price the offer again (Amadeus's offer JSON); it is
 * stored with the quote on the server and never sent to a browser.
 */
export type ProviderFlight = Omit<Flight, 'quote'> & {
  validUntil: string;
  /** The typical market fare for this flight (per person, same currency), when known. */
  referencePrice: number | null;
  raw?: unknown;
};
export type ProviderHotel = Omit<Hotel, 'quote'> & {
  validUntil: string;
  /** The typical market price of this stay (taxes included), when known. */
  referencePrice: number | null;
  /** Taxes and fees as a share of the room price, so a re-quote can add them again. */
  taxRate: number;
  raw?: unknown;
};
export type ProviderExperience = Omit<Experience, 'quote'> & {
  validUntil: string;
  raw?: unknown;
};

/** A city or town resolved from the bundled data (or from an airport). */
export type Place = {
  name: string;
  state: string | null;
  country: string;
  countryCode: string;
  latitude: number;
  longitude: number;
  timezone: string;
  /** The nearest commercial airport, when one is known. */
  airportCode: string | null;
};

export type FlightQuery = {
  origin: Airport;
  destination: Airport;
  /** Local date of departure, YYYY-MM-DD. */
  departureDate: string;
  adults: number;
  travelClass: TravelClass;
};
export type HotelQuery = {
  place: Place;
  checkIn: string;
  checkOut: string;
  adults: number;
  roomType: RoomType;
};
export type ExperienceQuery = { place: Place; type?: ExperienceType; date?: string };

/**
 * Flights, hotels and experiences from one source. Both implementations (the offline inventory
 * and Amadeus) return the same shapes, so everything above this line is provider-agnostic.
 */
export type TravelProvider = {
  name: ProviderName;
  /** Quotes in this currency unless an offer says otherwise. */
  currency: string;
  /** One direction; a round trip is two searches. Cheapest first. */
  searchFlights(query: FlightQuery): Promise<ProviderFlight[]>;
  /** The same flight with another class, date or time; null when no longer offered. */
  requoteFlight(original: ProviderFlight, change: FlightChange): Promise<ProviderFlight | null>;
  searchHotels(query: HotelQuery): Promise<ProviderHotel[]>;
  /** The same hotel with another room, dates or nights; null when no longer offered. */
  requoteHotel(original: ProviderHotel, change: HotelChange): Promise<ProviderHotel | null>;
  searchExperiences(query: ExperienceQuery): Promise<ProviderExperience[]>;
  experienceDetails(id: string): Promise<ProviderExperience | null>;
};

/**
 * A provider that could not answer. `busy` (rate limited) and `unavailable` become 503 for the
 * caller; `rejected` means the provider refused the query itself (422).
 */
export class TravelProviderError extends Error {
  constructor(
    readonly kind: 'busy' | 'unavailable' | 'rejected',
    message: string,
  ) {
    super(message);
    this.name = 'TravelProviderError';
  }
}
