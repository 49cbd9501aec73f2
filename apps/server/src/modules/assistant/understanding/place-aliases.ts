/**
 * What a nickname, abbreviation or foreign name means. A `city` target names a curated
 * destination (its display name in offline/data/destinations.ts) or a gazetteer city with its
 * country; `country` is an ISO 3166-1 alpha-2 code; `airport` an IATA code.
 */
export type AliasTarget =
  { city: string; countryCode?: string } | { country: string } | { airport: string };

// prettier-ignore
/**
 * Names people use that the gazetteer does not hold: nicknames and abbreviations, and the
 * usual exonyms in Spanish, French, German and Japanese for the cities travellers ask about
 * most. Keys are folded (lower case, no accents, hyphens as spaces); Japanese keys are
 * matched as substrings. Entries that are also ordinary words ("la", "sf" is not) live in
 * CASE_SENSITIVE_ALIASES instead.
 */
export const PLACE_ALIASES: Readonly<Record<string, AliasTarget>> = {
  // English nicknames and abbreviations
  nyc: { city: 'New York' }, 'new york city': { city: 'New York' }, 'big apple': { city: 'New York' },
  manhattan: { city: 'New York' }, brooklyn: { city: 'New York' },
  'los angeles': { city: 'Los Angeles' }, 'san fran': { city: 'San Francisco' },
  frisco: { city: 'San Francisco' }, 'bay area': { city: 'San Francisco' },
  philly: { city: 'Philadelphia', countryCode: 'US' }, vegas: { city: 'Las Vegas' },
  'sin city': { city: 'Las Vegas' }, 'chi town': { city: 'Chicago' }, 'windy city': { city: 'Chicago' },
  'washington dc': { city: 'Washington, D.C.' }, 'washington d c': { city: 'Washington, D.C.' },
  'd c': { city: 'Washington, D.C.' }, nola: { city: 'New Orleans' }, 'big easy': { city: 'New Orleans' },
  beantown: { city: 'Boston' }, 'music city': { city: 'Nashville' }, 'mile high city': { city: 'Denver' },
  hawaii: { city: 'Honolulu' }, oahu: { city: 'Honolulu' }, 'city of light': { city: 'Paris' },
  'eternal city': { city: 'Rome' }, 'the smoke': { city: 'London' }, cdmx: { city: 'Mexico City' },
  saigon: { city: 'Ho Chi Minh City' }, 'ho chi minh': { city: 'Ho Chi Minh City' },
  bombay: { city: 'Mumbai' }, peking: { city: 'Beijing' }, 'new delhi': { city: 'Delhi' },
  rio: { city: 'Rio de Janeiro' }, 'sao paulo': { city: 'São Paulo' }, 'st petersburg': { city: 'Saint Petersburg', countryCode: 'RU' },
  'hong kong': { city: 'Hong Kong' }, hk: { city: 'Hong Kong' }, kl: { city: 'Kuala Lumpur' },
  'the maldives': { city: 'Maldives' }, 'cancun': { city: 'Cancún' }, 'malaga': { city: 'Málaga' },
  'krakow': { city: 'Kraków' }, 'bogota': { city: 'Bogotá' }, 'medellin': { city: 'Medellín' },
  'mallorca': { city: 'Palma de Mallorca' }, majorca: { city: 'Palma de Mallorca' },
  'galapagos': { city: 'Galápagos Islands' }, 'machu picchu': { city: 'Cusco' },
  'the states': { country: 'US' }, america: { country: 'US' }, usa: { country: 'US' },
  'united states of america': { country: 'US' }, uk: { country: 'GB' }, britain: { country: 'GB' },
  'great britain': { country: 'GB' }, england: { country: 'GB' }, scotland: { country: 'GB' },
  holland: { country: 'NL' }, 'the netherlands': { country: 'NL' },
  // Airports people name rather than code
  heathrow: { airport: 'LHR' }, gatwick: { airport: 'LGW' }, stansted: { airport: 'STN' },
  'charles de gaulle': { airport: 'CDG' }, orly: { airport: 'ORY' }, schiphol: { airport: 'AMS' },
  'o hare': { airport: 'ORD' }, ohare: { airport: 'ORD' }, narita: { airport: 'NRT' },
  haneda: { airport: 'HND' }, dulles: { airport: 'IAD' }, barajas: { airport: 'MAD' },
  'el prat': { airport: 'BCN' }, 'changi': { airport: 'SIN' }, 'kansai': { airport: 'KIX' },
  // Spanish
  londres: { city: 'London' }, 'nueva york': { city: 'New York' }, munich: { city: 'Munich' },
  lisboa: { city: 'Lisbon' }, roma: { city: 'Rome' }, berlin: { city: 'Berlin' }, viena: { city: 'Vienna' },
  praga: { city: 'Prague' }, atenas: { city: 'Athens' }, estambul: { city: 'Istanbul' },
  tokio: { city: 'Tokyo' }, pekin: { city: 'Beijing' }, bruselas: { city: 'Brussels' },
  ginebra: { city: 'Geneva' }, zurich: { city: 'Zurich' }, florencia: { city: 'Florence' },
  venecia: { city: 'Venice' }, milan: { city: 'Milan' }, napoles: { city: 'Naples' },
  copenhague: { city: 'Copenhagen' }, estocolmo: { city: 'Stockholm' }, varsovia: { city: 'Warsaw' },
  cracovia: { city: 'Kraków' }, 'el cairo': { city: 'Cairo' }, 'ciudad del cabo': { city: 'Cape Town' },
  'nueva orleans': { city: 'New Orleans' }, filadelfia: { city: 'Philadelphia', countryCode: 'US' },
  edimburgo: { city: 'Edinburgh' }, dublin: { city: 'Dublin' }, sevilla: { city: 'Seville' },
  'ciudad de mexico': { city: 'Mexico City' }, 'nueva delhi': { city: 'Delhi' }, 
  singapur: { city: 'Singapore' }, marrakech: { city: 'Marrakech' }, marrakesh: { city: 'Marrakech' },
  'los cabos': { city: 'Los Cabos' }, eeuu: { country: 'US' }, 'ee uu': { country: 'US' },
  // French
  lisbonne: { city: 'Lisbon' }, vienne: { city: 'Vienna' }, athenes: { city: 'Athens' },
  venise: { city: 'Venice' }, florence: { city: 'Florence' }, naples: { city: 'Naples' },
  varsovie: { city: 'Warsaw' }, cracovie: { city: 'Kraków' }, edimbourg: { city: 'Edinburgh' },
  bruxelles: { city: 'Brussels' }, geneve: { city: 'Geneva' }, moscou: { city: 'Moscow', countryCode: 'RU' },
  'le caire': { city: 'Cairo' }, 'le cap': { city: 'Cape Town' }, 'la nouvelle orleans': { city: 'New Orleans' },
  'nouvelle orleans': { city: 'New Orleans' }, seville: { city: 'Seville' }, barcelone: { city: 'Barcelona' },
  seoul: { city: 'Seoul' }, singapour: { city: 'Singapore' },
  amsterdam: { city: 'Amsterdam' }, 'new york': { city: 'New York' }, 'rio de janeiro': { city: 'Rio de Janeiro' },
  // German
  lissabon: { city: 'Lisbon' }, munchen: { city: 'Munich' }, rom: { city: 'Rome' }, wien: { city: 'Vienna' },
  prag: { city: 'Prague' }, athen: { city: 'Athens' }, venedig: { city: 'Venice' }, florenz: { city: 'Florence' },
  mailand: { city: 'Milan' }, neapel: { city: 'Naples' }, warschau: { city: 'Warsaw' }, krakau: { city: 'Kraków' },
  kopenhagen: { city: 'Copenhagen' }, brussel: { city: 'Brussels' }, genf: { city: 'Geneva' },
  moskau: { city: 'Moscow', countryCode: 'RU' }, kairo: { city: 'Cairo' }, kapstadt: { city: 'Cape Town' }, teneriffa: { city: 'Tenerife' },
  koln: { city: 'Cologne', countryCode: 'DE' }, malediven: { city: 'Maldives' },
  'neu delhi': { city: 'Delhi' }, edinburg: { city: 'Edinburgh' },
  // Japanese
  東京: { city: 'Tokyo' }, 大阪: { city: 'Osaka' }, 京都: { city: 'Kyoto' }, 札幌: { city: 'Sapporo' },
  北海道: { city: 'Sapporo' }, 沖縄: { city: 'Okinawa' }, 那覇: { city: 'Okinawa' }, 福岡: { city: 'Fukuoka' },
  広島: { city: 'Hiroshima' }, 名古屋: { city: 'Nagoya', countryCode: 'JP' }, 成田: { airport: 'NRT' },
  羽田: { airport: 'HND' }, ロンドン: { city: 'London' }, パリ: { city: 'Paris' },
  ニューヨーク: { city: 'New York' }, ロサンゼルス: { city: 'Los Angeles' }, ロス: { city: 'Los Angeles' },
  サンフランシスコ: { city: 'San Francisco' }, ラスベガス: { city: 'Las Vegas' }, ホノルル: { city: 'Honolulu' },
  ハワイ: { city: 'Honolulu' }, シカゴ: { city: 'Chicago' }, ボストン: { city: 'Boston' },
  マイアミ: { city: 'Miami' }, シアトル: { city: 'Seattle' }, トロント: { city: 'Toronto' },
  バンクーバー: { city: 'Vancouver' }, ローマ: { city: 'Rome' }, ミラノ: { city: 'Milan' },
  フィレンツェ: { city: 'Florence' }, ヴェネツィア: { city: 'Venice' }, ベネチア: { city: 'Venice' },
  バルセロナ: { city: 'Barcelona' }, マドリード: { city: 'Madrid' }, マドリッド: { city: 'Madrid' },
  リスボン: { city: 'Lisbon' }, アムステルダム: { city: 'Amsterdam' }, ベルリン: { city: 'Berlin' },
  ミュンヘン: { city: 'Munich' }, ウィーン: { city: 'Vienna' }, プラハ: { city: 'Prague' },
  アテネ: { city: 'Athens' }, イスタンブール: { city: 'Istanbul' }, カイロ: { city: 'Cairo' },
  ソウル: { city: 'Seoul' }, 釜山: { city: 'Busan' }, プサン: { city: 'Busan' }, 済州: { city: 'Jeju' },
  台北: { city: 'Taipei' }, 香港: { city: 'Hong Kong' }, 北京: { city: 'Beijing' }, 上海: { city: 'Shanghai' },
  バンコク: { city: 'Bangkok' }, プーケット: { city: 'Phuket' }, シンガポール: { city: 'Singapore' },
  バリ島: { city: 'Bali' }, バリ: { city: 'Bali' }, ハノイ: { city: 'Hanoi' }, ホーチミン: { city: 'Ho Chi Minh City' },
  ダナン: { city: 'Da Nang' }, セブ: { city: 'Cebu' }, クアラルンプール: { city: 'Kuala Lumpur' },
  シドニー: { city: 'Sydney' }, メルボルン: { city: 'Melbourne' }, ケアンズ: { city: 'Cairns' },
  オークランド: { city: 'Auckland' }, ドバイ: { city: 'Dubai' }, モルディブ: { city: 'Maldives' },
  ダブリン: { city: 'Dublin' }, エディンバラ: { city: 'Edinburgh' }, チューリッヒ: { city: 'Zurich' },
  ジュネーブ: { city: 'Geneva' }, ブリュッセル: { city: 'Brussels' }, コペンハーゲン: { city: 'Copenhagen' },
  ストックホルム: { city: 'Stockholm' }, ヘルシンキ: { city: 'Helsinki' }, レイキャビク: { city: 'Reykjavik' },
  ニース: { city: 'Nice' }, マラケシュ: { city: 'Marrakech' }, ケープタウン: { city: 'Cape Town' },
  カンクン: { city: 'Cancún' }, メキシコシティ: { city: 'Mexico City' }, リマ: { city: 'Lima' },
  ブエノスアイレス: { city: 'Buenos Aires' }, リオデジャネイロ: { city: 'Rio de Janeiro' },
  グアム: { airport: 'GUM' }, アメリカ: { country: 'US' }, 米国: { country: 'US' },
  英国: { country: 'GB' }, 韓国: { country: 'KR' }, 台湾: { country: 'TW' }, 中国: { country: 'CN' },
};

/**
 * Aliases that are ordinary words in lower case ("la" is Spanish and French for "the"), so
 * they count only when written exactly like this.
 */
export const CASE_SENSITIVE_ALIASES: Readonly<Record<string, AliasTarget>> = {
  LA: { city: 'Los Angeles' },
  SF: { city: 'San Francisco' },
  DC: { city: 'Washington, D.C.' },
  NY: { city: 'New York' },
  Seúl: { city: 'Seoul' },
  US: { country: 'US' },
  UAE: { country: 'AE' },
  EAU: { country: 'AE' },
};
