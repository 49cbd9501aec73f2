import type { Language } from '@vowa/shared/settings/settings-constants';

/** The assistant's own words around a reply, in each interface language. */
export type AssistantTexts = {
  /** Part 2 §2: the assistant chat's name. */
  assistantChatName: string;
  /** Part 2 §2: 'Trip to {destination}'. */
  tripChatName: (destination: string) => string;
  /** The first message of a new trip chat (part 2 §4). */
  tripGreeting: (destination: string) => string;
  /** The first message of a new group chat (part 2 §4): how to ask the assistant there. */
  groupGreeting: (name: string) => string;
  /** Said when a reply was replaced because it named a price no tool had quoted. */
  unverifiedNumberNote: string;
  /** Said when the configured model failed and the offline assistant answered instead. */
  modelFallbackNote: string;
  /** The list a destination goes on when the person has none yet. */
  defaultListName: string;
};

const texts: Record<Language, AssistantTexts> = {
  en: {
    assistantChatName: 'Vowa AI',
    tripChatName: (destination) => `Trip to ${destination}`,
    tripGreeting: (destination) =>
      `Hi! I'm Vowa. Let's plan your trip to ${destination}: I can find flights, hotels and things to do there within your budget.`,
    groupGreeting: (name) =>
      `Welcome to ${name}! I'm Vowa. Plan together here, and mention @vowa whenever you want me to find flights, hotels or ideas for the group.`,
    unverifiedNumberNote:
      'This reply was rewritten from the search results because it named a price no search returned.',
    modelFallbackNote:
      "The AI model couldn't be reached, so Vowa's built-in assistant answered instead.",
    defaultListName: 'My Bucket List',
  },
  es: {
    assistantChatName: 'Vowa AI',
    tripChatName: (destination) => `Viaje a ${destination}`,
    tripGreeting: (destination) =>
      `¡Hola! Soy Vowa. Planifiquemos tu viaje a ${destination}: puedo buscar vuelos, hoteles y cosas que hacer allí dentro de tu presupuesto.`,
    groupGreeting: (name) =>
      `¡Bienvenidos a ${name}! Soy Vowa. Planificad juntos aquí y mencionad @vowa cuando queráis que busque vuelos, hoteles o ideas para el grupo.`,
    unverifiedNumberNote:
      'Esta respuesta se reescribió a partir de los resultados porque mencionaba un precio que ninguna búsqueda devolvió.',
    modelFallbackNote:
      'No se pudo contactar con el modelo de IA, así que respondió el asistente integrado de Vowa.',
    defaultListName: 'Mi lista de deseos',
  },
  fr: {
    assistantChatName: 'Vowa AI',
    tripChatName: (destination) => `Voyage à ${destination}`,
    tripGreeting: (destination) =>
      `Bonjour ! Je suis Vowa. Préparons votre voyage à ${destination} : je peux trouver des vols, des hôtels et des activités sur place dans votre budget.`,
    groupGreeting: (name) =>
      `Bienvenue dans ${name} ! Je suis Vowa. Organisez-vous ici, et mentionnez @vowa quand vous voulez que je trouve des vols, des hôtels ou des idées pour le groupe.`,
    unverifiedNumberNote:
      "Cette réponse a été réécrite à partir des résultats, car elle citait un prix qu'aucune recherche n'a renvoyé.",
    modelFallbackNote:
      "Le modèle d'IA est injoignable : l'assistant intégré de Vowa a répondu à sa place.",
    defaultListName: 'Ma liste de rêves',
  },
  de: {
    assistantChatName: 'Vowa AI',
    tripChatName: (destination) => `Reise nach ${destination}`,
    tripGreeting: (destination) =>
      `Hallo! Ich bin Vowa. Lass uns deine Reise nach ${destination} planen: Ich finde Flüge, Hotels und Erlebnisse dort, passend zu deinem Budget.`,
    groupGreeting: (name) =>
      `Willkommen in ${name}! Ich bin Vowa. Plant hier gemeinsam und erwähnt @vowa, wenn ich Flüge, Hotels oder Ideen für die Gruppe finden soll.`,
    unverifiedNumberNote:
      'Diese Antwort wurde aus den Suchergebnissen neu geschrieben, weil sie einen Preis nannte, den keine Suche geliefert hat.',
    modelFallbackNote:
      'Das KI-Modell war nicht erreichbar, deshalb hat Vowas eingebauter Assistent geantwortet.',
    defaultListName: 'Meine Bucket List',
  },
  ja: {
    assistantChatName: 'Vowa AI',
    tripChatName: (destination) => `${destination}への旅行`,
    tripGreeting: (destination) =>
      `こんにちは、Vowaです。${destination}への旅行を計画しましょう。ご予算に合わせて航空券、ホテル、現地でのアクティビティをお探しします。`,
    groupGreeting: (name) =>
      `${name}へようこそ！Vowaです。ここで一緒に計画を立てましょう。グループのためにフライト、ホテル、アイデアを探してほしいときは @vowa とメンションしてください。`,
    unverifiedNumberNote:
      'どの検索結果にもない価格が含まれていたため、この返答は検索結果から書き直されました。',
    modelFallbackNote: 'AIモデルに接続できなかったため、Vowaの内蔵アシスタントが回答しました。',
    defaultListName: 'マイ・バケットリスト',
  },
};

export function assistantTexts(language: Language): AssistantTexts {
  return texts[language];
}
