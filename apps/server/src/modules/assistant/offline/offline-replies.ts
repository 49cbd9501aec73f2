import type { Language } from '@vowa/shared/settings/settings-constants';

/** What a found flight search says: the facts, already formatted for the reader. */
export type FlightFacts = {
  count: number;
  from: string;
  to: string;
  date: string;
  airline: string;
  price: string;
  stops: number;
  travellers: number;
  total: string;
};

export type Remaining = { left: string; budget: string };

/**
 * The offline assistant's sentences in each interface language. Every number in them arrives
 * already formatted from a tool result (or from the person's own message); none is written here.
 */
export type OfflineReplies = {
  greeting: (name: string | null) => string;
  help: string;
  thanks: string;
  notUnderstood: string;
  signInToSearch: string;
  connectFinances: string;
  askDestination: (intent: 'flights' | 'hotels' | 'experiences' | 'trip') => string;
  askDate: (destination: string) => string;
  askCity: (country: string) => string;
  unknownPlace: (text: string) => string;
  flightsFound: (facts: FlightFacts) => string;
  returnFlights: (count: number, date: string) => string;
  noFlights: (from: string, to: string, date: string) => string;
  noneWithinBudget: (cheapest: string, budget: string) => string;
  budgetLeft: (remaining: Remaining) => string;
  /** In a group: the options shown fit every member's budget (never a figure, never whose). */
  withinGroupBudget: string;
  /** In a group: nothing found fits every member's budget. */
  noneWithinGroupBudget: string;
  /** In a group, asked about money: finances stay private; whether options are checked. */
  groupBudget: (checked: boolean) => string;
  hotelsFound: (count: number, city: string, nights: number, name: string, price: string) => string;
  noHotels: string;
  experiencesFound: (count: number, city: string, names: string[]) => string;
  noExperiences: (city: string) => string;
  tripTotal: (total: string) => string;
  suggestionsFound: (count: number, from: string, cheapest: string, destination: string) => string;
  noSuggestions: string;
  budgetSummary: (budget: string, income: string, recommended: string) => string;
  budgetNotConnected: string;
  bucketListItems: (items: string[]) => string;
  bucketListEmpty: string;
  bucketListAdded: (title: string, list: string) => string;
  destinationInfo: (name: string, country: string, highlights: string[]) => string;
  cannotSearch: (reason: string) => string;
};

const list = (items: string[], language: Language) =>
  new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(items);

const en: OfflineReplies = {
  greeting: (name) =>
    `Hi${name ? ` ${name}` : ''}! I'm Vowa, your travel assistant. Tell me where and when you'd like to go, and I'll find flights, hotels and things to do.`,
  help: 'I can search flights ("flights from Boston to Rome next Friday"), hotels ("hotels in Lisbon next weekend"), things to do ("what to do in Kyoto"), suggest trips within your budget, tell you about a destination, and read or add to your bucket list.',
  thanks: "You're welcome! Tell me whenever you want to look at another trip.",
  notUnderstood:
    'I\'m not sure what you\'d like me to do. Try "flights to Paris next Friday", "hotels in Rome in May" or "suggest a trip".',
  signInToSearch:
    'Sign in to search live flights, hotels and experiences. I can still tell you about destinations.',
  connectFinances:
    'Connect your financial information and I will keep every suggestion within your budget.',
  askDestination: (intent) =>
    ({
      flights: 'Where would you like to fly to?',
      hotels: 'Which city should I look for hotels in?',
      experiences: 'Which city would you like things to do in?',
      trip: 'Where would you like to go?',
    })[intent],
  askDate: (destination) =>
    `When would you like to go to ${destination}? A date such as "next Friday" or "the first week of July" works.`,
  askCity: (country) => `Which city in ${country} would you like to go to?`,
  unknownPlace: (text) => `I couldn't find a place called "${text}". Could you name the city?`,
  flightsFound: (f) =>
    `I found ${f.count} flights from ${f.from} to ${f.to} on ${f.date}. The best price is ${f.price} per person with ${f.airline}${f.stops === 0 ? ', non-stop' : ''}${f.travellers > 1 ? `, so ${f.total} for ${f.travellers} travellers` : ''}.`,
  returnFlights: (count, date) => `There are ${count} flights back on ${date}.`,
  noFlights: (from, to, date) =>
    `I couldn't find flights from ${from} to ${to} on ${date} that match. Try another date or fewer filters.`,
  noneWithinBudget: (cheapest, budget) =>
    `None of them fits your ${budget} budget: the cheapest comes to ${cheapest}.`,
  budgetLeft: ({ left, budget }) => `That leaves ${left} of your ${budget} trip budget.`,
  withinGroupBudget: "The options I'm showing fit everyone's budget in the group.",
  noneWithinGroupBudget:
    "None of them fits everyone's budget in the group. Other dates or a simpler option might.",
  groupBudget: (checked) =>
    checked
      ? "In a group, everyone's finances stay private, so I never share anyone's budget. When you ask for options, I only show ones that fit everyone's budget."
      : "In a group, everyone's finances stay private, so I never share anyone's budget. Nobody here has connected their finances yet, so I can't check options against a budget.",
  hotelsFound: (count, city, nights, name, price) =>
    `I found ${count} hotels in ${city} for ${nights} nights. ${name} is the best price at ${price} for the stay.`,
  noHotels: 'No hotels available for your dates in this city.',
  experiencesFound: (count, city, names) =>
    `Here are ${count} things to do in ${city}, including ${list(names, 'en')}.`,
  noExperiences: (city) => `I couldn't find experiences in ${city}.`,
  tripTotal: (total) => `Flights and hotel together come to ${total}.`,
  suggestionsFound: (count, from, cheapest, destination) =>
    `Here are ${count} trips for two from ${from} within your budget. The most affordable is ${destination} at ${cheapest}.`,
  noSuggestions:
    'No trips fit your budget right now. Raising the budget or checking later can help.',
  budgetSummary: (budget, income, recommended) =>
    `Your maximum trip budget is ${budget}. With a monthly income of ${income}, a comfortable trip budget is about ${recommended}.`,
  budgetNotConnected:
    "I don't know your finances yet. Connect your financial information to get a realistic trip budget.",
  bucketListItems: (items) => `On your bucket list: ${list(items, 'en')}.`,
  bucketListEmpty: 'Your bucket list is empty. Ask me to add a destination!',
  bucketListAdded: (title, listName) => `Added ${title} to "${listName}".`,
  destinationInfo: (name, country, highlights) =>
    `${name} is in ${country}.${highlights.length ? ` Don't miss ${list(highlights, 'en')}.` : ''} Ask me for flights, hotels or things to do there.`,
  cannotSearch: (reason) => `I couldn't search that: ${reason}`,
};

const es: OfflineReplies = {
  greeting: (name) =>
    `¡Hola${name ? ` ${name}` : ''}! Soy Vowa, tu asistente de viajes. Dime adónde y cuándo quieres ir y buscaré vuelos, hoteles y cosas que hacer.`,
  help: 'Puedo buscar vuelos ("vuelos de Madrid a Roma el próximo viernes"), hoteles ("hoteles en Lisboa el próximo fin de semana"), actividades ("qué hacer en Kioto"), sugerir viajes dentro de tu presupuesto, hablarte de un destino y consultar o ampliar tu lista de deseos.',
  thanks: '¡De nada! Avísame cuando quieras mirar otro viaje.',
  notUnderstood:
    'No sé bien qué necesitas. Prueba con "vuelos a París el próximo viernes", "hoteles en Roma en mayo" o "sugiéreme un viaje".',
  signInToSearch:
    'Inicia sesión para buscar vuelos, hoteles y experiencias en tiempo real. Mientras tanto puedo hablarte de destinos.',
  connectFinances:
    'Conecta tu información financiera y mantendré cada sugerencia dentro de tu presupuesto.',
  askDestination: (intent) =>
    ({
      flights: '¿A dónde quieres volar?',
      hotels: '¿En qué ciudad busco hoteles?',
      experiences: '¿En qué ciudad buscas cosas que hacer?',
      trip: '¿A dónde te gustaría ir?',
    })[intent],
  askDate: (destination) =>
    `¿Cuándo quieres ir a ${destination}? Sirve una fecha como "el próximo viernes" o "la primera semana de julio".`,
  askCity: (country) => `¿A qué ciudad de ${country} quieres ir?`,
  unknownPlace: (text) => `No encontré ningún lugar llamado "${text}". ¿Puedes decirme la ciudad?`,
  flightsFound: (f) =>
    `Encontré ${f.count} vuelos de ${f.from} a ${f.to} el ${f.date}. El mejor precio es ${f.price} por persona con ${f.airline}${f.stops === 0 ? ', sin escalas' : ''}${f.travellers > 1 ? `, es decir ${f.total} para ${f.travellers} viajeros` : ''}.`,
  returnFlights: (count, date) => `Hay ${count} vuelos de vuelta el ${date}.`,
  noFlights: (from, to, date) =>
    `No encontré vuelos de ${from} a ${to} el ${date} que encajen. Prueba otra fecha o menos filtros.`,
  noneWithinBudget: (cheapest, budget) =>
    `Ninguno cabe en tu presupuesto de ${budget}: el más barato sale por ${cheapest}.`,
  budgetLeft: ({ left, budget }) => `Te quedan ${left} de tu presupuesto de viaje de ${budget}.`,
  withinGroupBudget: 'Las opciones que muestro caben en el presupuesto de todo el grupo.',
  noneWithinGroupBudget:
    'Ninguna cabe en el presupuesto de todo el grupo. Otras fechas o una opción más sencilla podrían encajar.',
  groupBudget: (checked) =>
    checked
      ? 'En un grupo, las finanzas de cada uno son privadas: nunca comparto el presupuesto de nadie. Cuando pidáis opciones, solo mostraré las que quepan en el presupuesto de todos.'
      : 'En un grupo, las finanzas de cada uno son privadas: nunca comparto el presupuesto de nadie. Nadie aquí ha conectado aún sus finanzas, así que no puedo comprobar las opciones con un presupuesto.',
  hotelsFound: (count, city, nights, name, price) =>
    `Encontré ${count} hoteles en ${city} para ${nights} noches. ${name} tiene el mejor precio: ${price} por la estancia.`,
  noHotels: 'No hay hoteles disponibles para tus fechas en esta ciudad.',
  experiencesFound: (count, city, names) =>
    `Aquí tienes ${count} cosas que hacer en ${city}, entre ellas ${list(names, 'es')}.`,
  noExperiences: (city) => `No encontré experiencias en ${city}.`,
  tripTotal: (total) => `Vuelos y hotel suman ${total}.`,
  suggestionsFound: (count, from, cheapest, destination) =>
    `Aquí tienes ${count} viajes para dos desde ${from} dentro de tu presupuesto. El más económico es ${destination} por ${cheapest}.`,
  noSuggestions:
    'Ahora mismo ningún viaje cabe en tu presupuesto. Subirlo o volver a mirar más tarde puede ayudar.',
  budgetSummary: (budget, income, recommended) =>
    `Tu presupuesto máximo de viaje es ${budget}. Con unos ingresos mensuales de ${income}, un presupuesto cómodo ronda ${recommended}.`,
  budgetNotConnected:
    'Aún no conozco tus finanzas. Conecta tu información financiera para obtener un presupuesto de viaje realista.',
  bucketListItems: (items) => `En tu lista de deseos: ${list(items, 'es')}.`,
  bucketListEmpty: 'Tu lista de deseos está vacía. ¡Pídeme que añada un destino!',
  bucketListAdded: (title, listName) => `He añadido ${title} a "${listName}".`,
  destinationInfo: (name, country, highlights) =>
    `${name} está en ${country}.${highlights.length ? ` No te pierdas ${list(highlights, 'es')}.` : ''} Pídeme vuelos, hoteles o cosas que hacer allí.`,
  cannotSearch: (reason) => `No pude hacer esa búsqueda: ${reason}`,
};

const fr: OfflineReplies = {
  greeting: (name) =>
    `Bonjour${name ? ` ${name}` : ''} ! Je suis Vowa, votre assistant de voyage. Dites-moi où et quand vous voulez partir, et je trouverai vols, hôtels et activités.`,
  help: "Je peux chercher des vols (« vols de Paris à Rome vendredi prochain »), des hôtels (« hôtels à Lisbonne le week-end prochain »), des activités (« que faire à Kyoto »), proposer des voyages dans votre budget, vous parler d'une destination, et lire ou compléter votre liste de rêves.",
  thanks: 'Avec plaisir ! Dites-moi quand vous voulez regarder un autre voyage.',
  notUnderstood:
    'Je ne suis pas sûr de ce que vous souhaitez. Essayez « vols pour Paris vendredi prochain », « hôtels à Rome en mai » ou « propose-moi un voyage ».',
  signInToSearch:
    'Connectez-vous pour chercher vols, hôtels et activités en temps réel. Je peux déjà vous parler des destinations.',
  connectFinances:
    'Connectez vos informations financières et je garderai chaque suggestion dans votre budget.',
  askDestination: (intent) =>
    ({
      flights: 'Vers où souhaitez-vous voler ?',
      hotels: 'Dans quelle ville dois-je chercher des hôtels ?',
      experiences: 'Dans quelle ville cherchez-vous des activités ?',
      trip: 'Où aimeriez-vous partir ?',
    })[intent],
  askDate: (destination) =>
    `Quand souhaitez-vous aller à ${destination} ? Une date comme « vendredi prochain » ou « la première semaine de juillet » convient.`,
  askCity: (country) => `Dans quelle ville de ${country} souhaitez-vous aller ?`,
  unknownPlace: (text) =>
    `Je ne trouve aucun lieu nommé « ${text} ». Pouvez-vous préciser la ville ?`,
  flightsFound: (f) =>
    `J'ai trouvé ${f.count} vols de ${f.from} à ${f.to} le ${f.date}. Le meilleur prix est ${f.price} par personne avec ${f.airline}${f.stops === 0 ? ', sans escale' : ''}${f.travellers > 1 ? `, soit ${f.total} pour ${f.travellers} voyageurs` : ''}.`,
  returnFlights: (count, date) => `Il y a ${count} vols retour le ${date}.`,
  noFlights: (from, to, date) =>
    `Je n'ai pas trouvé de vol de ${from} à ${to} le ${date} qui convienne. Essayez une autre date ou moins de filtres.`,
  noneWithinBudget: (cheapest, budget) =>
    `Aucun ne rentre dans votre budget de ${budget} : le moins cher revient à ${cheapest}.`,
  budgetLeft: ({ left, budget }) => `Il vous reste ${left} sur votre budget voyage de ${budget}.`,
  withinGroupBudget: 'Les options que je montre rentrent dans le budget de tout le groupe.',
  noneWithinGroupBudget:
    "Aucune ne rentre dans le budget de tout le groupe. D'autres dates ou une option plus simple pourraient convenir.",
  groupBudget: (checked) =>
    checked
      ? 'Dans un groupe, les finances de chacun restent privées : je ne partage jamais le budget de personne. Quand vous demandez des options, je ne montre que celles qui rentrent dans le budget de tous.'
      : "Dans un groupe, les finances de chacun restent privées : je ne partage jamais le budget de personne. Personne ici n'a encore connecté ses finances, je ne peux donc pas vérifier les options par rapport à un budget.",
  hotelsFound: (count, city, nights, name, price) =>
    `J'ai trouvé ${count} hôtels à ${city} pour ${nights} nuits. ${name} offre le meilleur prix : ${price} pour le séjour.`,
  noHotels: "Aucun hôtel n'est disponible à vos dates dans cette ville.",
  experiencesFound: (count, city, names) =>
    `Voici ${count} activités à ${city}, dont ${list(names, 'fr')}.`,
  noExperiences: (city) => `Je n'ai pas trouvé d'activités à ${city}.`,
  tripTotal: (total) => `Vols et hôtel reviennent ensemble à ${total}.`,
  suggestionsFound: (count, from, cheapest, destination) =>
    `Voici ${count} voyages pour deux au départ de ${from} dans votre budget. Le plus abordable : ${destination} à ${cheapest}.`,
  noSuggestions:
    "Aucun voyage ne rentre dans votre budget pour l'instant. Augmenter le budget ou revenir plus tard peut aider.",
  budgetSummary: (budget, income, recommended) =>
    `Votre budget voyage maximal est de ${budget}. Avec un revenu mensuel de ${income}, un budget confortable tourne autour de ${recommended}.`,
  budgetNotConnected:
    'Je ne connais pas encore vos finances. Connectez vos informations financières pour obtenir un budget voyage réaliste.',
  bucketListItems: (items) => `Sur votre liste de rêves : ${list(items, 'fr')}.`,
  bucketListEmpty: "Votre liste de rêves est vide. Demandez-moi d'y ajouter une destination !",
  bucketListAdded: (title, listName) => `${title} a été ajouté à « ${listName} ».`,
  destinationInfo: (name, country, highlights) =>
    `${name} se trouve en ${country}.${highlights.length ? ` À ne pas manquer : ${list(highlights, 'fr')}.` : ''} Demandez-moi des vols, des hôtels ou des activités sur place.`,
  cannotSearch: (reason) => `Je n'ai pas pu faire cette recherche : ${reason}`,
};

const de: OfflineReplies = {
  greeting: (name) =>
    `Hallo${name ? ` ${name}` : ''}! Ich bin Vowa, dein Reiseassistent. Sag mir, wohin und wann du reisen möchtest, und ich finde Flüge, Hotels und Erlebnisse.`,
  help: 'Ich kann Flüge suchen („Flüge von Berlin nach Rom nächsten Freitag“), Hotels („Hotels in Lissabon nächstes Wochenende“), Erlebnisse („was kann man in Kyoto machen“), Reisen in deinem Budget vorschlagen, dir von einem Reiseziel erzählen und deine Bucket List lesen oder ergänzen.',
  thanks: 'Gern geschehen! Sag Bescheid, wenn du dir eine andere Reise ansehen möchtest.',
  notUnderstood:
    'Ich bin nicht sicher, was du möchtest. Versuch es mit „Flüge nach Paris nächsten Freitag“, „Hotels in Rom im Mai“ oder „schlag mir eine Reise vor“.',
  signInToSearch:
    'Melde dich an, um Flüge, Hotels und Erlebnisse live zu suchen. Über Reiseziele kann ich dir schon jetzt etwas erzählen.',
  connectFinances: 'Verbinde deine Finanzdaten, dann bleibt jeder Vorschlag in deinem Budget.',
  askDestination: (intent) =>
    ({
      flights: 'Wohin möchtest du fliegen?',
      hotels: 'In welcher Stadt soll ich nach Hotels suchen?',
      experiences: 'In welcher Stadt suchst du Erlebnisse?',
      trip: 'Wohin möchtest du reisen?',
    })[intent],
  askDate: (destination) =>
    `Wann möchtest du nach ${destination}? Ein Datum wie „nächsten Freitag“ oder „die erste Juliwoche“ genügt.`,
  askCity: (country) => `In welche Stadt in ${country} möchtest du reisen?`,
  unknownPlace: (text) => `Ich finde keinen Ort namens „${text}“. Kannst du die Stadt nennen?`,
  flightsFound: (f) =>
    `Ich habe ${f.count} Flüge von ${f.from} nach ${f.to} am ${f.date} gefunden. Der beste Preis ist ${f.price} pro Person mit ${f.airline}${f.stops === 0 ? ', nonstop' : ''}${f.travellers > 1 ? `, also ${f.total} für ${f.travellers} Reisende` : ''}.`,
  returnFlights: (count, date) => `Für den Rückweg am ${date} gibt es ${count} Flüge.`,
  noFlights: (from, to, date) =>
    `Ich habe keine passenden Flüge von ${from} nach ${to} am ${date} gefunden. Versuch ein anderes Datum oder weniger Filter.`,
  noneWithinBudget: (cheapest, budget) =>
    `Keiner passt in dein Budget von ${budget}: Der günstigste kostet ${cheapest}.`,
  budgetLeft: ({ left, budget }) => `Damit bleiben ${left} von deinem Reisebudget von ${budget}.`,
  withinGroupBudget: 'Die Angebote, die ich zeige, passen in das Budget aller in der Gruppe.',
  noneWithinGroupBudget:
    'Keines davon passt in das Budget aller in der Gruppe. Andere Daten oder eine einfachere Option könnten passen.',
  groupBudget: (checked) =>
    checked
      ? 'In einer Gruppe bleiben die Finanzen aller privat: Ich verrate niemandes Budget. Wenn ihr nach Angeboten fragt, zeige ich nur solche, die in das Budget aller passen.'
      : 'In einer Gruppe bleiben die Finanzen aller privat: Ich verrate niemandes Budget. Hier hat noch niemand seine Finanzdaten verbunden, daher kann ich Angebote nicht mit einem Budget abgleichen.',
  hotelsFound: (count, city, nights, name, price) =>
    `Ich habe ${count} Hotels in ${city} für ${nights} Nächte gefunden. ${name} ist am günstigsten: ${price} für den Aufenthalt.`,
  noHotels: 'Für deine Daten sind in dieser Stadt keine Hotels verfügbar.',
  experiencesFound: (count, city, names) =>
    `Hier sind ${count} Erlebnisse in ${city}, darunter ${list(names, 'de')}.`,
  noExperiences: (city) => `Ich habe keine Erlebnisse in ${city} gefunden.`,
  tripTotal: (total) => `Flüge und Hotel kosten zusammen ${total}.`,
  suggestionsFound: (count, from, cheapest, destination) =>
    `Hier sind ${count} Reisen für zwei ab ${from} in deinem Budget. Am günstigsten ist ${destination} für ${cheapest}.`,
  noSuggestions:
    'Gerade passt keine Reise in dein Budget. Ein höheres Budget oder ein späterer Blick kann helfen.',
  budgetSummary: (budget, income, recommended) =>
    `Dein maximales Reisebudget beträgt ${budget}. Bei einem monatlichen Einkommen von ${income} liegt ein entspanntes Reisebudget bei etwa ${recommended}.`,
  budgetNotConnected:
    'Ich kenne deine Finanzen noch nicht. Verbinde deine Finanzdaten, um ein realistisches Reisebudget zu bekommen.',
  bucketListItems: (items) => `Auf deiner Bucket List: ${list(items, 'de')}.`,
  bucketListEmpty: 'Deine Bucket List ist leer. Bitte mich, ein Reiseziel hinzuzufügen!',
  bucketListAdded: (title, listName) => `${title} steht jetzt auf „${listName}“.`,
  destinationInfo: (name, country, highlights) =>
    `${name} liegt in ${country}.${highlights.length ? ` Nicht verpassen: ${list(highlights, 'de')}.` : ''} Frag mich nach Flügen, Hotels oder Erlebnissen dort.`,
  cannotSearch: (reason) => `Diese Suche ging nicht: ${reason}`,
};

const ja: OfflineReplies = {
  greeting: (name) =>
    `こんにちは${name ? `、${name}さん` : ''}！旅行アシスタントのVowaです。行き先と日程を教えていただければ、航空券・ホテル・アクティビティをお探しします。`,
  help: '航空券（「来週の金曜に東京からローマへのフライト」）、ホテル（「来週末のリスボンのホテル」）、アクティビティ（「京都でやること」）の検索、ご予算内の旅行のご提案、目的地のご紹介、バケットリストの確認や追加ができます。',
  thanks: 'どういたしまして！ほかの旅行も見たくなったらいつでもどうぞ。',
  notUnderstood:
    'ご希望がよく分かりませんでした。「来週の金曜にパリへのフライト」「来月のローマのホテル」「旅行を提案して」のようにお試しください。',
  signInToSearch:
    'ログインすると航空券・ホテル・アクティビティをリアルタイムで検索できます。目的地のご紹介は今すぐできます。',
  connectFinances: '財務情報を連携すると、すべてのご提案をご予算内に収めます。',
  askDestination: (intent) =>
    ({
      flights: 'どちらへ飛びたいですか？',
      hotels: 'どの都市でホテルをお探ししましょうか？',
      experiences: 'どの都市のアクティビティをお探しですか？',
      trip: 'どちらへ行きたいですか？',
    })[intent],
  askDate: (destination) =>
    `${destination}へはいつ行きたいですか？「来週の金曜日」や「来月の初め」のように教えてください。`,
  askCity: (country) => `${country}のどの都市へ行きたいですか？`,
  unknownPlace: (text) =>
    `「${text}」という場所が見つかりませんでした。都市名を教えていただけますか？`,
  flightsFound: (f) =>
    `${f.date}の${f.from}発${f.to}行きのフライトが${f.count}便見つかりました。最安値は${f.airline}でお一人あたり${f.price}${f.stops === 0 ? '（直行便）' : ''}${f.travellers > 1 ? `、${f.travellers}名で${f.total}` : ''}です。`,
  returnFlights: (count, date) => `${date}の復路は${count}便あります。`,
  noFlights: (from, to, date) =>
    `${date}の${from}発${to}行きで条件に合うフライトが見つかりませんでした。別の日付か条件を減らしてお試しください。`,
  noneWithinBudget: (cheapest, budget) =>
    `ご予算${budget}に収まる便はありません。最安で${cheapest}です。`,
  budgetLeft: ({ left, budget }) => `旅行予算${budget}のうち${left}が残ります。`,
  withinGroupBudget: 'ご紹介している候補は、グループ全員のご予算に収まります。',
  noneWithinGroupBudget:
    'グループ全員のご予算に収まる候補はありませんでした。別の日程や、よりシンプルなプランなら収まるかもしれません。',
  groupBudget: (checked) =>
    checked
      ? 'グループでは各メンバーの財務情報は非公開で、どなたのご予算もお伝えしません。候補をお探しするときは、全員のご予算に収まるものだけをご紹介します。'
      : 'グループでは各メンバーの財務情報は非公開で、どなたのご予算もお伝えしません。まだどなたも財務情報を連携していないため、ご予算との照合はできません。',
  hotelsFound: (count, city, nights, name, price) =>
    `${city}で${nights}泊できるホテルが${count}件見つかりました。最安は${name}で、滞在全体で${price}です。`,
  noHotels: 'この都市では、ご希望の日程で空いているホテルがありません。',
  experiencesFound: (count, city, names) =>
    `${city}でのおすすめを${count}件ご紹介します。${list(names, 'ja')}などがあります。`,
  noExperiences: (city) => `${city}のアクティビティが見つかりませんでした。`,
  tripTotal: (total) => `航空券とホテルの合計は${total}です。`,
  suggestionsFound: (count, from, cheapest, destination) =>
    `${from}発、ご予算内のお二人向け旅行を${count}件ご提案します。最もお得なのは${destination}で${cheapest}です。`,
  noSuggestions: '現在ご予算内の旅行はありません。予算を上げるか、後ほどもう一度ご確認ください。',
  budgetSummary: (budget, income, recommended) =>
    `旅行予算の上限は${budget}です。月収${income}なら、無理のない旅行予算は${recommended}程度です。`,
  budgetNotConnected:
    'まだ財務情報がありません。財務情報を連携すると、現実的な旅行予算をご提案できます。',
  bucketListItems: (items) => `バケットリスト：${list(items, 'ja')}。`,
  bucketListEmpty: 'バケットリストは空です。目的地の追加をお申し付けください！',
  bucketListAdded: (title, listName) => `${title}を「${listName}」に追加しました。`,
  destinationInfo: (name, country, highlights) =>
    `${name}は${country}にあります。${highlights.length ? `${list(highlights, 'ja')}は見逃せません。` : ''}現地のフライト、ホテル、アクティビティもお探しできます。`,
  cannotSearch: (reason) => `検索できませんでした：${reason}`,
};

const replies: Record<Language, OfflineReplies> = { en, es, fr, de, ja };

export function offlineReplies(language: Language): OfflineReplies {
  return replies[language];
}
