/** How an aircraft type is classed: regional jet or turboprop, single-aisle, twin-aisle. */
export type AircraftBody = 'regional' | 'narrow' | 'wide';

/**
 * A passenger aircraft type by its IATA type code, with a typical still-air range and a typical
 * two- or three-class seat count, so the engine can pick a plausible type for a sector length.
 */
export type AircraftType = {
  code: string;
  name: string;
  body: AircraftBody;
  maxRangeKm: number;
  seats: number;
};

/** Common airliner types flying today, shortest range first within each body class. */
// prettier-ignore
export const aircraftTypes = [
  { code: 'AT7', name: 'ATR 72', body: 'regional', maxRangeKm: 1_500, seats: 70 },
  { code: 'DH4', name: 'De Havilland Canada Dash 8-400', body: 'regional', maxRangeKm: 2_000, seats: 78 },
  { code: 'CR9', name: 'Bombardier CRJ900', body: 'regional', maxRangeKm: 2_900, seats: 76 },
  { code: 'E75', name: 'Embraer 175', body: 'regional', maxRangeKm: 3_700, seats: 76 },
  { code: 'E95', name: 'Embraer 195', body: 'regional', maxRangeKm: 4_200, seats: 118 },
  { code: 'E90', name: 'Embraer 190', body: 'regional', maxRangeKm: 4_500, seats: 100 },
  { code: '295', name: 'Embraer E195-E2', body: 'regional', maxRangeKm: 4_800, seats: 132 },
  { code: '738', name: 'Boeing 737-800', body: 'narrow', maxRangeKm: 5_400, seats: 176 },
  { code: '739', name: 'Boeing 737-900ER', body: 'narrow', maxRangeKm: 5_400, seats: 180 },
  { code: '321', name: 'Airbus A321', body: 'narrow', maxRangeKm: 5_900, seats: 200 },
  { code: '320', name: 'Airbus A320', body: 'narrow', maxRangeKm: 6_100, seats: 168 },
  { code: '223', name: 'Airbus A220-300', body: 'narrow', maxRangeKm: 6_200, seats: 140 },
  { code: '221', name: 'Airbus A220-100', body: 'narrow', maxRangeKm: 6_300, seats: 115 },
  { code: '32N', name: 'Airbus A320neo', body: 'narrow', maxRangeKm: 6_300, seats: 180 },
  { code: '7M8', name: 'Boeing 737 MAX 8', body: 'narrow', maxRangeKm: 6_500, seats: 178 },
  { code: '7M9', name: 'Boeing 737 MAX 9', body: 'narrow', maxRangeKm: 6_500, seats: 193 },
  { code: '319', name: 'Airbus A319', body: 'narrow', maxRangeKm: 6_800, seats: 134 },
  { code: '32Q', name: 'Airbus A321neo', body: 'narrow', maxRangeKm: 7_400, seats: 200 },
  { code: '763', name: 'Boeing 767-300ER', body: 'wide', maxRangeKm: 11_000, seats: 218 },
  { code: '333', name: 'Airbus A330-300', body: 'wide', maxRangeKm: 11_700, seats: 290 },
  { code: '78J', name: 'Boeing 787-10', body: 'wide', maxRangeKm: 11_900, seats: 330 },
  { code: '772', name: 'Boeing 777-200ER', body: 'wide', maxRangeKm: 13_000, seats: 300 },
  { code: '339', name: 'Airbus A330-900', body: 'wide', maxRangeKm: 13_300, seats: 290 },
  { code: '332', name: 'Airbus A330-200', body: 'wide', maxRangeKm: 13_400, seats: 250 },
  { code: '744', name: 'Boeing 747-400', body: 'wide', maxRangeKm: 13_400, seats: 410 },
  { code: '788', name: 'Boeing 787-8', body: 'wide', maxRangeKm: 13_600, seats: 240 },
  { code: '77W', name: 'Boeing 777-300ER', body: 'wide', maxRangeKm: 13_600, seats: 350 },
  { code: '789', name: 'Boeing 787-9', body: 'wide', maxRangeKm: 14_000, seats: 290 },
  { code: '388', name: 'Airbus A380-800', body: 'wide', maxRangeKm: 14_800, seats: 500 },
  { code: '359', name: 'Airbus A350-900', body: 'wide', maxRangeKm: 15_000, seats: 315 },
  { code: '351', name: 'Airbus A350-1000', body: 'wide', maxRangeKm: 16_100, seats: 360 },
] as const satisfies readonly AircraftType[];

/** The IATA type codes in `aircraftTypes`. */
export type AircraftCode = (typeof aircraftTypes)[number]['code'];
