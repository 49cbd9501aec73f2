/**
 * Real hotel chains and brands, and the groups that own them. The offline inventory invents its
 * hotels (rates, addresses, phone numbers, reviews), so none of these names may appear in a
 * generated hotel's name or brand: the tests check every hotel of every destination against
 * this list. Matching is by whole words, ignoring case and accents (`containsRealHotelBrand`).
 */
// prettier-ignore
export const realHotelBrands: readonly string[] = [
  // Hilton
  'Hilton', 'Hampton Inn', 'Hampton by Hilton', 'DoubleTree', 'Embassy Suites', 'Conrad',
  'Waldorf Astoria', 'Curio Collection', 'Tapestry Collection', 'Homewood Suites', 'Home2 Suites',
  'Tru by Hilton', 'Canopy by Hilton', 'LXR Hotels', 'Motto by Hilton', 'Signia',
  // Marriott
  'Marriott', 'JW Marriott', 'Courtyard', 'Residence Inn', 'Fairfield Inn', 'SpringHill Suites',
  'TownePlace', 'Sheraton', 'Westin', 'W Hotels', 'St. Regis', 'St Regis', 'Ritz-Carlton',
  'Ritz Carlton', 'Ritz', 'Renaissance Hotels', 'Le Méridien', 'Meridien', 'Aloft', 'Element Hotels',
  'Four Points', 'Moxy', 'AC Hotels', 'Autograph Collection', 'The Luxury Collection',
  'EDITION', 'Gaylord', 'Delta Hotels', 'Protea', 'Bulgari Hotels', 'Tribute Portfolio',
  // Hyatt
  'Hyatt', 'Hyatt Regency', 'Grand Hyatt', 'Park Hyatt', 'Andaz', 'Alila', 'Thompson Hotels',
  'Hyatt Place', 'Hyatt House', 'Caption by Hyatt', 'Miraval',
  // IHG
  'InterContinental', 'Intercontinental', 'Holiday Inn', 'Holiday Inn Express', 'Crowne Plaza',
  'Hotel Indigo', 'Kimpton', 'Staybridge', 'Candlewood', 'voco', 'Regent Hotels', 'Six Senses',
  'EVEN Hotels', 'avid hotels',
  // Accor
  'Accor', 'Novotel', 'ibis', 'ibis Styles', 'ibis budget', 'Mercure', 'Sofitel', 'Pullman',
  'Fairmont', 'Raffles', 'Swissotel', 'Swissôtel', 'MGallery', 'Movenpick', 'Mövenpick',
  'Adagio', 'Banyan Tree', 'Rixos', 'Orient Express', 'Mama Shelter', 'Jo&Joe',
  'Hotel F1', 'Peppers', 'Grand Mercure', 'Angsana',
  // Wyndham, Choice, Best Western and other North American chains
  'Wyndham', 'Ramada', 'Days Inn', 'Super 8', 'Howard Johnson', 'La Quinta', 'Travelodge',
  'Microtel', 'Tryp', 'Dolce Hotels', 'Baymont', 'Wingate', 'Comfort Inn', 'Comfort Suites',
  'Quality Inn', 'Clarion', 'Sleep Inn', 'Econo Lodge', 'Rodeway Inn', 'Cambria Hotels',
  'Ascend Collection', 'Best Western', 'Radisson', 'Radisson Blu', 'Park Inn', 'Park Plaza',
  'Country Inn', 'Loews', 'Omni Hotels', 'Red Roof', 'Motel 6', 'Extended Stay America',
  'Sonesta', 'Hard Rock Hotel', 'Nobu Hotel', 'Graduate Hotels', 'Ace Hotel',
  // European chains
  'Premier Inn', 'Motel One', 'Meininger', 'citizenM', 'NH Hotels', 'NH Collection', 'nhow',
  'Meliá', 'Melia', 'Paradisus', 'Sol Hotels', 'Innside', 'Barceló', 'Barcelo', 'Iberostar',
  'RIU', 'H10 Hotels', 'Eurostars', 'Catalonia Hotels', 'Room Mate', 'Vincci', 'Hesperia',
  'Sercotel', 'Pestana', 'Vila Galé', 'Tivoli Hotels', 'Minor Hotels', 'Anantara', 'Avani',
  'Kempinski', 'Steigenberger', 'Dorint', 'Maritim', 'Leonardo Hotels', 'Scandic',
  'Strawberry Hotels', 'Clarion Hotel', 'Thon Hotels', 'Jurys Inn', 'Leonardo Royal',
  'Falkensteiner', 'Arcotel', 'Vienna House', '25hours', 'The Hoxton', 'Generator Hostels',
  'Selina', 'Club Med', 'Lindner', 'Moevenpick', 'Rocco Forte', 'Dorchester Collection',
  'Belmond', 'Corinthia', 'Thistle', 'Millennium Hotels', 'Copthorne',
  // Asian, Middle Eastern, African and Oceanian chains
  'Mandarin Oriental', 'Shangri-La', 'Shangri La', 'Kerry Hotel', 'The Peninsula', 'Peninsula Hotels',
  'Four Seasons', 'Rosewood', 'Aman', 'Amanresorts', 'Oberoi', 'Taj Hotels', 'Vivanta',
  'Jumeirah', 'Rotana', 'Langham', 'Cordis', 'Dusit', 'Centara', 'Okura', 'Hotel Nikko',
  'Toyoko Inn', 'APA Hotel', 'Dormy Inn', 'Prince Hotels', 'Lotte Hotel', 'Jin Jiang',
  'Atour', 'Huazhu', 'Hanting', 'OYO', 'Treebo', 'Lemon Tree', 'ITC Hotels', 'The Leela',
  'Pan Pacific', 'PARKROYAL', 'Marco Polo Hotels', 'Fraser Suites', 'Ascott', 'Capella',
  'Sandals', 'Beaches Resorts', 'Tsogo Sun', 'Sun International', 'City Lodge', 'Southern Sun',
  'Serena Hotels', 'Emaar Hospitality', 'Address Hotels', 'Vida Hotels', 'Atlantis',
  'One&Only', 'Kerzner', 'Oaks Hotels', 'Quest Apartment', 'Rydges', 'QT Hotels',
  'Crown Resorts', 'Mantra', 'Ovolo', 'The Standard', 'Nobu', 'Edition Hotels', 'Regent',
];

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const patterns = realHotelBrands.map(
  (brand) =>
    new RegExp(
      `(^|[^\\p{Letter}\\p{Number}])${escape(fold(brand))}($|[^\\p{Letter}\\p{Number}])`,
      'u',
    ),
);

/** The real brand a name contains as whole words ("Hyatt Regency Johannesburg": Hyatt), if any. */
export function containsRealHotelBrand(name: string): string | null {
  const text = fold(name);
  const index = patterns.findIndex((pattern) => pattern.test(text));
  return index === -1 ? null : (realHotelBrands[index] ?? null);
}
