import type { ExperienceType, TravelClass, RoomType } from '@vowa/shared/travel/travel-constants';
import type { FlightChange, HotelChange } from '@vowa/shared/travel/travel-rules';
import type { Airport, Experience, Flight, Hotel } from '@vowa/shared/travel/travel-schemas';

export type ProviderName = 'offline' | 'duffel';

/**
 * Offers as a provider quotes them: the spec's shapes, with prices in the provider's own
 * currency (`currency`), before the service records the quote and converts it for display.
 * `raw` is whatever the provider needs to price and book the offer again (Duffel's offer or rate
 * ids); it is
 * stored with the quote on the server and never sent to a browser.
 */
export type ProviderFlight = Omit<Flight, 'quote'> & {
  validUntil: string;
  /** The typical market fare for this flight (per person, same currency), when known. */
  referencePrice: number | null;
  /** The provider's exact total for `passengers` travellers, when it prices the party as a whole. */
  totalFor?: { passengers: number; amount: number };
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

export type OfferKind = 'flight' | 'hotel' | 'experience';
export type ProviderOffer = ProviderFlight | ProviderHotel | ProviderExperience;

/**
 * A traveller as written on their travel documents. Airlines booked through Duffel also need
 * the date of birth and the gender on the passport; the offline provider needs neither.
 */
export type BookingTraveller = {
  givenName: string;
  familyName: string;
  bornOn: string | null;
  gender?: 'f' | 'm' | null;
};
export type BookingContact = { email: string; phone: string | null };
export type ProviderBookingRequest = {
  kind: OfferKind;
  /** The recorded quote's offer (with raw). */
  offer: ProviderOffer;
  /** As on their documents; flights need one per traveller. */
  travellers: BookingTraveller[];
  contact: BookingContact;
  /**
   * The day an experience is booked for (YYYY-MM-DD), when the person chose one; flights and
   * hotels carry their dates in the offer. Cancellation deadlines are measured from it.
   */
  date?: string | null;
  /** Sent to the provider (Duffel: Idempotency-Key header) so a retry never books twice. */
  idempotencyKey: string;
};
export type ProviderCancellationTerms = {
  refundable: boolean;
  /** What the provider refunds if cancelled now (after Vowa's 24-hour window); null if unknown. */
  refundAmountMinor: number | null;
  /** The provider's own terms in a sentence, shown before the person confirms. */
  penaltyText: string | null;
  /**
   * The policy as a timeline, when the provider states one: cancelled before `until` (an ISO
   * instant; null: from then on), the refund is `refundAmountMinor`. Time-ordered; the first
   * entry whose `until` is later than the moment of cancelling applies. Without it,
   * `refundAmountMinor` is all that is known.
   */
  refunds?: { until: string | null; refundAmountMinor: number }[];
};
export type ProviderBooking = {
  /** Shown to the person (booking reference / PNR). */
  reference: string;
  /** What cancel needs. */
  orderId: string;
  /** What the provider confirmed, in minor units of `currency`. */
  amountMinor: number;
  currency: string;
  /** The provider's own terms after Vowa's 24-hour window. */
  cancellation: ProviderCancellationTerms;
};
export type ProviderRefund = { refundAmountMinor: number; currency: string };

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
 * and Duffel) return the same shapes, so everything above this line is provider-agnostic.
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
  /**
   * The same offer as the provider sells it right now (today's fare, a new validity), for the
   * re-quote right before booking; null when it is no longer on sale. Providers without it are
   * asked through requoteFlight / requoteHotel / experienceDetails with no change.
   */
  currentOffer?(kind: OfferKind, offer: ProviderOffer): Promise<ProviderOffer | null>;
  searchExperiences(query: ExperienceQuery): Promise<ProviderExperience[]>;
  experienceDetails(id: string): Promise<ProviderExperience | null>;
  /**
   * Books a recorded offer at its quoted price, once per idempotency key (a retry returns the
   * same booking). Throws `price_changed` (with the new offer when known) or `sold_out`.
   */
  book(request: ProviderBookingRequest): Promise<ProviderBooking>;
  /** Cancels; returns what the provider refunds. Cancelling a cancelled order is not an error. */
  cancel(kind: OfferKind, orderId: string, idempotencyKey: string): Promise<ProviderRefund>;
};

export type TravelProviderErrorKind =
  'busy' | 'unavailable' | 'rejected' | 'price_changed' | 'sold_out';

/**
 * A provider that could not answer. `busy` (rate limited) and `unavailable` become 503 for the
 * caller; `rejected` means the provider refused the query itself (422). When booking,
 * `price_changed` means the offer is no longer at the quoted price (`offer` is the offer at its
 * new price when the provider said what it is) and `sold_out` that it can no longer be booked.
 */
export class TravelProviderError extends Error {
  constructor(
    readonly kind: TravelProviderErrorKind,
    message: string,
    /** The offer at its current price, with `price_changed`, when known. */
    readonly offer?: ProviderOffer,
  ) {
    super(message);
    this.name = 'TravelProviderError';
  }
}
