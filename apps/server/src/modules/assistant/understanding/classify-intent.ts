import type { AssistantIntent } from './understand-request';

/**
 * The words that signal each intent, over folded text (lower case, no accents) in English,
 * Spanish, French, German and Japanese. Rules rather than a trained model: the vocabulary of
 * travel requests is small, the rules are readable, and a wrong answer can be traced to a line.
 */
const SIGNALS = {
  bucketList:
    /\b(?:bucket[- ]?list|wish ?list|travel list|lista de deseos|lista de suenos|lista de viajes|liste de souhaits|liste de voyages?|liste de reves|liste d envies|wunschliste|reiseliste|traumliste)\b|バケットリスト|ウィッシュリスト|行きたいリスト|行きたい場所リスト/,
  add: /\b(?:add|put|save|include|agrega|agregar|anade|anadir|anadelo|pon|ponme|guarda|incluye|ajoute|ajouter|mets|mettre|enregistre|hinzufugen|fuge|fug|setz|setze|speicher|nimm|aufnehmen)\b|追加|入れて|加えて|登録/,
  budget:
    /\b(?:how much (?:can|should|could) i (?:spend|afford)|what(?:'s| is) my budget|my budget|can i afford|afford|how much money|spending limit|cuanto puedo gastar|mi presupuesto|me alcanza|puedo permitirme|combien (?:puis je|je peux|est ce que je peux) depenser|mon budget|puis je me permettre|wie ?viel kann ich\b.*\b(?:ausgeben|leisten)|mein budget|kann ich mir .* leisten)\b|いくら使え|予算はいくら|予算を教え|私の予算|いくらまで使/,
  budgetWord:
    /\b(?:budget|presupuesto|finances?|finanzas|savings|ahorros|economies|ersparnisse)\b|予算/,
  flights:
    /\b(?:flights?|fly|flying|plane|airfare|fares?|tickets? to|plane tickets?|air tickets?|one[- ]way|round[- ]?trip|return ticket|vuelos?|volar|avion|billetes? de avion|pasajes?|boletos?|ida y vuelta|vols?|billets? d avion|aller retour|aller simple|flug|fluge|fliegen|flugticket|flugtickets|hin und ruck|ruckflug|hinflug|nachtflug|direktflug|flieg\w*)\b|航空券|フライト|飛行機|便(?!利)|往復|片道/,
  hotels:
    /\b(?:hotels?|accommodations?|place to stay|places to stay|per night|por noche|par nuit|pro nacht|where to stay|somewhere to stay|lodging|hostels?|resorts?|airbnb|b&b|hoteles|alojamiento|hospedaje|donde (?:dormir|quedarme|alojarme)|hebergement|logement|ou dormir|unterkunft|unterkunfte|ubernachtung|ubernachtungen|ubernachten|pension|zimmer)\b|ホテル|宿泊|旅館|宿を|宿は|泊まる/,
  experiences:
    /\b(?:things to do|what to do|restaurants?|where to eat|food tours?|what (?:can|should) (?:i|we) do|activities|activity|tours?|excursions?|experiences?|sightseeing|attractions?|que hacer|que ver|actividades|excursiones|experiencias|visitas guiadas|que faire|a faire|activites|visites? guidees?|a voir|aktivitaten|unternehmungen|ausfluge|touren|erlebnisse|sehenswurdigkeiten|was kann man|was tun|was unternehmen)\b|観光|アクティビティ|ツアー|体験|見どころ|やること|何をする|何ができる(?:か|の)?.*(?:で|に)|(?:で|に)何ができる/,
  destinationInfo:
    /\b(?:what(?:'s| is) .+ like|tell me about|best time to (?:visit|go)|when (?:to|should i) (?:go|visit)|weather|climate|is .+ safe|worth (?:visiting|it)|known for|famous for|what language|what currency|do i need a visa|como es|hablame de|cuentame (?:de|sobre)|mejor (?:epoca|momento) para|cuando ir|el clima|que tiempo hace|vale la pena|comment est|parle moi de|meilleure (?:periode|saison|epoque)|quand (?:partir|aller)|le climat|la meteo|quel temps|il fait quel temps|vaut il le coup|ca vaut le coup|wie ist|erzahl mir (?:von|etwas uber)|beste reisezeit|wann (?:sollte ich|reist man|am besten)|das wetter|das klima|wie ist das wetter|lohnt sich)\b|どんな(?:所|ところ|場所|町|街)|ベストシーズン|いつ行く|気候|天気|について教え|おすすめの時期|治安/,
  trip: /\b(?:trip|vacation|holidays?|getaway|where (?:can|should|could) (?:i|we) go|deals|ofertas|offres|angebote|itinerary|plan a|plan my|travel to|go to|going to|visit|visiting|honeymoon|weekend away|viaje|vacaciones|escapada|viajar|ir a|visitar|luna de miel|planear|voyage|vacances|sejour|partir|aller a|visiter|escapade|lune de miel|reise|urlaub|ferien|reisen|kurztrip|besuchen|fahren|flitterwochen)\b|旅行|旅|休暇|行きたい|プラン|ハネムーン|新婚旅行/,
  help: /\b(?:help|what can you do|how does (?:this|it) work|ayuda|que puedes hacer|como funciona|aide|que peux tu faire|comment ca marche|hilfe|was kannst du|wie funktioniert)\b|ヘルプ|何ができ|使い方/,
  greeting:
    /^\W*(?:hi|hello|hey|howdy|good (?:morning|afternoon|evening)|hola|buenos dias|buenas(?: tardes| noches)?|bonjour|salut|coucou|bonsoir|hallo|guten (?:tag|morgen|abend)|moin|servus|gruss gott)\b|^(?:こんにちは|こんばんは|おはよう|はじめまして)/,
  thanks:
    /\b(?:thanks|thank you|thx|cheers|gracias|muchas gracias|merci|danke|vielen dank|dankeschon)\b|ありがとう|どうも/,
} as const;

export type IntentSignals = { -readonly [K in keyof typeof SIGNALS]: boolean };

/** Which signal words appear in the folded text. */
export function intentSignals(folded: string): IntentSignals {
  // "parle-moi", "aller-retour", "puis-je": hyphens read as spaces.
  const text = folded.replace(/-/g, ' ');
  const result = {} as IntentSignals;
  for (const key of Object.keys(SIGNALS) as Array<keyof typeof SIGNALS>) {
    result[key] = SIGNALS[key].test(text);
  }
  return result;
}

/**
 * The intent the words name, most specific first. "Flights and a hotel" is a whole trip;
 * "round trip" is a flight word, so a flight wins over "trip"; help and greetings only count
 * when nothing more concrete was asked. `undefined` when no signal word is present, so the
 * caller can decide from the places and dates (or from the previous turn).
 */
export function intentFromSignals(signals: IntentSignals): AssistantIntent | undefined {
  if (signals.bucketList) return signals.add ? 'bucket_list_add' : 'bucket_list';
  if (signals.budget && !signals.flights && !signals.hotels) return 'budget';
  if (signals.flights && signals.hotels) return 'trip';
  if (signals.flights) return 'flights';
  if (signals.hotels) return 'hotels';
  if (signals.experiences) return 'experiences';
  if (signals.destinationInfo) return 'destination_info';
  if (signals.trip) return 'trip';
  if (signals.budgetWord) return 'budget';
  if (signals.help) return 'help';
  if (signals.thanks) return 'thanks';
  if (signals.greeting) return 'greeting';
  return undefined;
}
