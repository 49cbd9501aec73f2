import type { Language } from '@vowa/shared/settings/settings-constants';

/** What a request in the customise dialog leans towards. */
export type TripFocus = 'save' | 'comfort' | 'explore' | 'experiences' | 'general';

/**
 * The offline assistant's answer above the trip ideas, per language. Amounts arrive formatted
 * from the ideas' quotes; no number is written here.
 */
type TripSuggestionReplies = {
  intro: (focus: TripFocus, place: string, saving: string | null) => string;
  none: (place: string) => string;
};

const replies: Record<Language, TripSuggestionReplies> = {
  en: {
    intro: (focus, place, saving) => {
      const savingNote = saving ? ` Leaving on the date below saves ${saving} on flights.` : '';
      switch (focus) {
        case 'save':
          return `Here is how to spend less on your trip to ${place}, priced just now.${savingNote}`;
        case 'comfort':
          return `For a more comfortable stay in ${place}, these are today's prices.${savingNote}`;
        case 'explore':
          return `To see more than ${place}, here is a nearby city and what else fits your trip.${savingNote}`;
        case 'experiences':
          return `Things to do in ${place} that match what you asked, with today's prices.${savingNote}`;
        case 'general':
          return `A few ideas for your trip to ${place}, priced just now.${savingNote}`;
      }
    },
    none: (place) =>
      `I couldn't find anything to add to your trip to ${place} right now. Try other dates or another city.`,
  },
  es: {
    intro: (focus, place, saving) => {
      const savingNote = saving
        ? ` Salir en la fecha de abajo ahorra ${saving} en los vuelos.`
        : '';
      switch (focus) {
        case 'save':
          return `Así puedes gastar menos en tu viaje a ${place}, con precios de ahora mismo.${savingNote}`;
        case 'comfort':
          return `Para una estancia más cómoda en ${place}, estos son los precios de hoy.${savingNote}`;
        case 'explore':
          return `Para ver algo más que ${place}, aquí tienes una ciudad cercana y otras ideas para tu viaje.${savingNote}`;
        case 'experiences':
          return `Cosas que hacer en ${place} que encajan con lo que pediste, con los precios de hoy.${savingNote}`;
        case 'general':
          return `Algunas ideas para tu viaje a ${place}, con precios de ahora mismo.${savingNote}`;
      }
    },
    none: (place) =>
      `Ahora mismo no encontré nada que añadir a tu viaje a ${place}. Prueba otras fechas u otra ciudad.`,
  },
  fr: {
    intro: (focus, place, saving) => {
      const savingNote = saving
        ? ` Partir à la date ci-dessous économise ${saving} sur les vols.`
        : '';
      switch (focus) {
        case 'save':
          return `Voici comment dépenser moins pour votre voyage à ${place}, aux prix du moment.${savingNote}`;
        case 'comfort':
          return `Pour un séjour plus confortable à ${place}, voici les prix du jour.${savingNote}`;
        case 'explore':
          return `Pour voir plus que ${place}, voici une ville proche et d'autres idées pour votre voyage.${savingNote}`;
        case 'experiences':
          return `Des activités à ${place} qui correspondent à votre demande, aux prix du jour.${savingNote}`;
        case 'general':
          return `Quelques idées pour votre voyage à ${place}, aux prix du moment.${savingNote}`;
      }
    },
    none: (place) =>
      `Je n'ai rien trouvé à ajouter à votre voyage à ${place} pour le moment. Essayez d'autres dates ou une autre ville.`,
  },
  de: {
    intro: (focus, place, saving) => {
      const savingNote = saving
        ? ` Mit dem Reisedatum unten sparen Sie ${saving} bei den Flügen.`
        : '';
      switch (focus) {
        case 'save':
          return `So geben Sie für Ihre Reise nach ${place} weniger aus, zu aktuellen Preisen.${savingNote}`;
        case 'comfort':
          return `Für einen komfortableren Aufenthalt in ${place} sind das die heutigen Preise.${savingNote}`;
        case 'explore':
          return `Um mehr als ${place} zu sehen: eine Stadt in der Nähe und weitere Ideen für Ihre Reise.${savingNote}`;
        case 'experiences':
          return `Unternehmungen in ${place}, die zu Ihrer Anfrage passen, zu heutigen Preisen.${savingNote}`;
        case 'general':
          return `Ein paar Ideen für Ihre Reise nach ${place}, zu aktuellen Preisen.${savingNote}`;
      }
    },
    none: (place) =>
      `Gerade habe ich nichts gefunden, was zu Ihrer Reise nach ${place} passt. Versuchen Sie andere Daten oder eine andere Stadt.`,
  },
  ja: {
    intro: (focus, place, saving) => {
      const savingNote = saving ? `下の日程で出発すると航空券が${saving}安くなります。` : '';
      switch (focus) {
        case 'save':
          return `${place}への旅行の費用を抑える方法です（現在の料金）。${savingNote}`;
        case 'comfort':
          return `${place}でより快適に過ごすための本日の料金です。${savingNote}`;
        case 'explore':
          return `${place}以外も巡るなら、近くの都市とこの旅行に合うアイデアをどうぞ。${savingNote}`;
        case 'experiences':
          return `ご希望に合う${place}での過ごし方です（本日の料金）。${savingNote}`;
        case 'general':
          return `${place}への旅行のアイデアです（現在の料金）。${savingNote}`;
      }
    },
    none: (place) =>
      `現在、${place}への旅行に追加できるものが見つかりませんでした。別の日程か都市をお試しください。`,
  },
};

export function tripSuggestionReplies(language: Language): TripSuggestionReplies {
  return replies[language];
}
