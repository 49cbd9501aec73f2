import { z } from 'zod';

/**
 * The parts of Amadeus Self-Service answers the adapter reads, checked loosely: unknown fields
 * pass through, optional ones may be missing or null, so a new or missing field never breaks a
 * search, while a body of the wrong shape is refused (and becomes "unavailable").
 */

/** Money and coordinates come as decimal strings ("932.70", "40.414000"); some APIs send numbers. */
const decimal = z.union([z.string(), z.number()]);

// ---------- Errors and the token ----------

export const amadeusIssueSchema = z.looseObject({
  status: z.union([z.number(), z.string()]).nullish(),
  code: z.union([z.number(), z.string()]).nullish(),
  title: z.string().nullish(),
  detail: z.string().nullish(),
  source: z
    .looseObject({
      parameter: z.string().nullish(),
      pointer: z.string().nullish(),
      example: z.string().nullish(),
    })
    .nullish(),
});
export type AmadeusIssue = z.infer<typeof amadeusIssueSchema>;
export const amadeusErrorBodySchema = z.looseObject({ errors: z.array(amadeusIssueSchema) });

/** The OAuth2 endpoint's own error shape ({error, error_description, code, title}). */
export const amadeusTokenErrorSchema = z.looseObject({
  error: z.string().nullish(),
  error_description: z.string().nullish(),
  code: z.union([z.number(), z.string()]).nullish(),
  title: z.string().nullish(),
});

export const amadeusTokenSchema = z.looseObject({
  access_token: z.string().min(1),
  expires_in: z.number().positive(),
  token_type: z.string().nullish(),
});

// ---------- Flight Offers Search / Price ----------

const flightEndpointSchema = z.looseObject({
  iataCode: z.string(),
  terminal: z.string().nullish(),
  /** Local time at the airport, YYYY-MM-DDThh:mm:ss. */
  at: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/),
});

const flightSegmentSchema = z.looseObject({
  id: z.string().nullish(),
  departure: flightEndpointSchema,
  arrival: flightEndpointSchema,
  carrierCode: z.string(),
  number: z.string(),
  aircraft: z.looseObject({ code: z.string().nullish() }).nullish(),
  operating: z.looseObject({ carrierCode: z.string().nullish() }).nullish(),
  duration: z.string().nullish(),
  numberOfStops: z.number().nullish(),
});

const baggageAllowanceSchema = z.looseObject({
  quantity: z.number().nullish(),
  weight: z.number().nullish(),
  weightUnit: z.string().nullish(),
});

const fareAmenitySchema = z.looseObject({
  description: z.string().nullish(),
  isChargeable: z.boolean().nullish(),
  amenityType: z.string().nullish(),
});

const fareDetailsSchema = z.looseObject({
  segmentId: z.string().nullish(),
  cabin: z.string().nullish(),
  brandedFare: z.string().nullish(),
  includedCheckedBags: baggageAllowanceSchema.nullish(),
  includedCabinBags: baggageAllowanceSchema.nullish(),
  amenities: z.array(fareAmenitySchema).nullish(),
});

export const amadeusFlightOfferSchema = z.looseObject({
  id: z.string(),
  lastTicketingDate: z.string().nullish(),
  itineraries: z
    .array(
      z.looseObject({
        duration: z.string().nullish(),
        segments: z.array(flightSegmentSchema).min(1),
      }),
    )
    .min(1),
  price: z.looseObject({
    currency: z.string().nullish(),
    total: decimal.nullish(),
    grandTotal: decimal.nullish(),
    base: decimal.nullish(),
  }),
  pricingOptions: z
    .looseObject({
      refundableFare: z.boolean().nullish(),
      noPenaltyFare: z.boolean().nullish(),
      noRestrictionFare: z.boolean().nullish(),
    })
    .nullish(),
  validatingAirlineCodes: z.array(z.string()).nullish(),
  travelerPricings: z
    .array(
      z.looseObject({
        travelerType: z.string().nullish(),
        fareDetailsBySegment: z.array(fareDetailsSchema).nullish(),
      }),
    )
    .nullish(),
});
export type AmadeusFlightOffer = z.infer<typeof amadeusFlightOfferSchema>;
export type AmadeusFareDetails = z.infer<typeof fareDetailsSchema>;
export type AmadeusBaggageAllowance = z.infer<typeof baggageAllowanceSchema>;

const dictionariesSchema = z.looseObject({
  carriers: z.record(z.string(), z.string()).nullish(),
  aircraft: z.record(z.string(), z.string()).nullish(),
  locations: z
    .record(
      z.string(),
      z.looseObject({ cityCode: z.string().nullish(), countryCode: z.string().nullish() }),
    )
    .nullish(),
});
export type AmadeusDictionaries = z.infer<typeof dictionariesSchema>;

/** Offers are checked one by one, so one odd offer is skipped rather than failing the search. */
export const amadeusFlightOffersSchema = z.looseObject({
  data: z.array(z.unknown()),
  dictionaries: dictionariesSchema.nullish(),
});

export const amadeusFlightPricingSchema = z.looseObject({
  data: z.looseObject({ flightOffers: z.array(z.unknown()) }),
  dictionaries: dictionariesSchema.nullish(),
});

export const amadeusPriceMetricsSchema = z.looseObject({
  data: z.array(
    z.looseObject({
      currencyCode: z.string().nullish(),
      priceMetrics: z
        .array(z.looseObject({ amount: decimal.nullish(), quartileRanking: z.string().nullish() }))
        .nullish(),
    }),
  ),
});

// ---------- Hotel List / Hotel Search v3 ----------

export const amadeusHotelListItemSchema = z.looseObject({
  hotelId: z.string(),
  name: z.string().nullish(),
  chainCode: z.string().nullish(),
  iataCode: z.string().nullish(),
  geoCode: z.looseObject({ latitude: decimal.nullish(), longitude: decimal.nullish() }).nullish(),
  address: z
    .looseObject({
      lines: z.array(z.string()).nullish(),
      postalCode: z.string().nullish(),
      cityName: z.string().nullish(),
      stateCode: z.string().nullish(),
      countryCode: z.string().nullish(),
    })
    .nullish(),
  rating: decimal.nullish(),
  amenities: z.array(z.string()).nullish(),
});
export type AmadeusHotelListItem = z.infer<typeof amadeusHotelListItemSchema>;
export const amadeusHotelListSchema = z.looseObject({ data: z.array(z.unknown()) });

const cancellationSchema = z.looseObject({
  type: z.string().nullish(),
  amount: decimal.nullish(),
  numberOfNights: z.number().nullish(),
  percentage: decimal.nullish(),
  deadline: z.string().nullish(),
  description: z.looseObject({ text: z.string().nullish() }).nullish(),
});
export type AmadeusCancellation = z.infer<typeof cancellationSchema>;

export const amadeusHotelOfferSchema = z.looseObject({
  id: z.string(),
  checkInDate: z.string().nullish(),
  checkOutDate: z.string().nullish(),
  boardType: z.string().nullish(),
  room: z
    .looseObject({
      type: z.string().nullish(),
      typeEstimated: z
        .looseObject({
          category: z.string().nullish(),
          beds: z.number().nullish(),
          bedType: z.string().nullish(),
        })
        .nullish(),
      description: z.looseObject({ text: z.string().nullish() }).nullish(),
    })
    .nullish(),
  guests: z.looseObject({ adults: z.number().nullish() }).nullish(),
  price: z.looseObject({
    currency: z.string().nullish(),
    base: decimal.nullish(),
    total: decimal.nullish(),
    sellingTotal: decimal.nullish(),
    taxes: z
      .array(z.looseObject({ amount: decimal.nullish(), included: z.boolean().nullish() }))
      .nullish(),
    variations: z
      .looseObject({
        average: z.looseObject({ base: decimal.nullish(), total: decimal.nullish() }).nullish(),
      })
      .nullish(),
  }),
  policies: z
    .looseObject({
      paymentType: z.string().nullish(),
      // v3 documents one `cancellation`; live answers also carry a `cancellations` list.
      cancellation: cancellationSchema.nullish(),
      cancellations: z.array(cancellationSchema).nullish(),
      checkInOut: z
        .looseObject({ checkIn: z.string().nullish(), checkOut: z.string().nullish() })
        .nullish(),
    })
    .nullish(),
});
export type AmadeusHotelOffer = z.infer<typeof amadeusHotelOfferSchema>;

export const amadeusHotelOffersEntrySchema = z.looseObject({
  available: z.boolean().nullish(),
  hotel: z.looseObject({
    hotelId: z.string(),
    name: z.string().nullish(),
    chainCode: z.string().nullish(),
    brandCode: z.string().nullish(),
    cityCode: z.string().nullish(),
    latitude: decimal.nullish(),
    longitude: decimal.nullish(),
  }),
  offers: z.array(z.unknown()).nullish(),
});
export type AmadeusHotelOffersEntry = z.infer<typeof amadeusHotelOffersEntrySchema>;
export const amadeusHotelOffersSchema = z.looseObject({ data: z.array(z.unknown()) });

/** What an Amadeus hotel quote keeps in `raw` to be priced again. */
export const amadeusHotelRawSchema = z.looseObject({
  hotel: z.looseObject({ hotelId: z.string() }),
  offers: z
    .array(z.looseObject({ guests: z.looseObject({ adults: z.number().nullish() }).nullish() }))
    .nullish(),
});

// ---------- Tours and Activities ----------

export const amadeusActivitySchema = z.looseObject({
  id: z.union([z.string(), z.number()]),
  name: z.string(),
  shortDescription: z.string().nullish(),
  description: z.string().nullish(),
  geoCode: z.looseObject({ latitude: decimal.nullish(), longitude: decimal.nullish() }).nullish(),
  rating: decimal.nullish(),
  pictures: z.array(z.string()).nullish(),
  bookingLink: z.string().nullish(),
  price: z.looseObject({ currencyCode: z.string().nullish(), amount: decimal.nullish() }).nullish(),
  minimumDuration: z.string().nullish(),
});
export type AmadeusActivity = z.infer<typeof amadeusActivitySchema>;
export const amadeusActivitiesSchema = z.looseObject({ data: z.array(z.unknown()) });
export const amadeusActivityResponseSchema = z.looseObject({ data: z.unknown() });
