import type { BookingItemKind } from '@vowa/shared/bookings/booking-schemas';
import type { Language } from '@vowa/shared/settings/settings-constants';

/** The words of booking mails and calendar files in one language. */
export type BookingTexts = {
  calendar: {
    name: string;
    summary: (kind: BookingItemKind, title: string, destination: string) => string;
    booking: (reference: string) => string;
    providerReference: (reference: string) => string;
  };
  confirmation: {
    subject: (destination: string) => string;
    /** The spec's alert: 'Trip to {destination} booked successfully for ${total}!'. */
    intro: (destination: string, total: string) => string;
    /** Auto-booking (issue 16) booked it for the person: said right after the intro. */
    automatic: string;
    itinerary: string;
    item: (item: {
      title: string;
      detail: string;
      when: string;
      reference: string | null;
    }) => string;
    travellers: string;
    payment: string;
    paid: (total: string, card: string) => string;
    converted: (amount: string, rate: string) => string;
    freeCancellation: (until: string) => string;
    calendarAttached: string;
    reference: (reference: string) => string;
    action: string;
  };
  cancellation: {
    subject: (destination: string) => string;
    intro: (reference: string, destination: string) => string;
    refund: (amount: string, card: string) => string;
    noRefund: string;
    action: string;
  };
};

const en: BookingTexts = {
  calendar: {
    name: 'Vowa trips',
    summary: (kind, title, destination) =>
      kind === 'flight'
        ? `Flight ${title}`
        : kind === 'hotel'
          ? `Stay: ${title}`
          : `${title} (${destination})`,
    booking: (reference) => `Vowa booking ${reference}`,
    providerReference: (reference) => `Provider reference: ${reference}`,
  },
  confirmation: {
    subject: (destination) => `Your trip to ${destination} is booked`,
    intro: (destination, total) => `Trip to ${destination} booked successfully for ${total}!`,
    automatic:
      'Vowa booked this automatically: the price reached your target and auto-booking is on. You can cancel free of charge within 24 hours.',
    itinerary: 'Your itinerary',
    item: ({ title, detail, when, reference }) =>
      `${title}: ${detail}, ${when}${reference ? ` (reference ${reference})` : ''}`,
    travellers: 'Travellers',
    payment: 'Payment',
    paid: (total, card) => `${total} charged to ${card}.`,
    converted: (amount, rate) => `About ${amount} at ${rate}.`,
    freeCancellation: (until) => `Free cancellation until ${until}.`,
    calendarAttached: 'Your trip is attached as a calendar file (.ics).',
    reference: (reference) => `Booking reference: ${reference}`,
    action: 'View my trips',
  },
  cancellation: {
    subject: (destination) => `Your trip to ${destination} is cancelled`,
    intro: (reference, destination) => `Your booking ${reference} (${destination}) is cancelled.`,
    refund: (amount, card) => `${amount} will be refunded to ${card}.`,
    noRefund: "Under the provider's terms, nothing is refunded.",
    action: 'View my trips',
  },
};

const es: BookingTexts = {
  calendar: {
    name: 'Viajes de Vowa',
    summary: (kind, title, destination) =>
      kind === 'flight'
        ? `Vuelo ${title}`
        : kind === 'hotel'
          ? `Estancia: ${title}`
          : `${title} (${destination})`,
    booking: (reference) => `Reserva de Vowa ${reference}`,
    providerReference: (reference) => `Referencia del proveedor: ${reference}`,
  },
  confirmation: {
    subject: (destination) => `Tu viaje a ${destination} está reservado`,
    intro: (destination, total) => `¡Viaje a ${destination} reservado con éxito por ${total}!`,
    automatic:
      'Vowa lo reservó automáticamente: el precio alcanzó tu objetivo y la reserva automática está activada. Puedes cancelar gratis durante 24 horas.',
    itinerary: 'Tu itinerario',
    item: ({ title, detail, when, reference }) =>
      `${title}: ${detail}, ${when}${reference ? ` (referencia ${reference})` : ''}`,
    travellers: 'Viajeros',
    payment: 'Pago',
    paid: (total, card) => `Se han cobrado ${total} a ${card}.`,
    converted: (amount, rate) => `Unos ${amount} a ${rate}.`,
    freeCancellation: (until) => `Cancelación gratuita hasta el ${until}.`,
    calendarAttached: 'Tu viaje va adjunto como archivo de calendario (.ics).',
    reference: (reference) => `Referencia de la reserva: ${reference}`,
    action: 'Ver mis viajes',
  },
  cancellation: {
    subject: (destination) => `Tu viaje a ${destination} está cancelado`,
    intro: (reference, destination) => `Tu reserva ${reference} (${destination}) está cancelada.`,
    refund: (amount, card) => `Se reembolsarán ${amount} a ${card}.`,
    noRefund: 'Según las condiciones del proveedor, no se reembolsa nada.',
    action: 'Ver mis viajes',
  },
};

const fr: BookingTexts = {
  calendar: {
    name: 'Voyages Vowa',
    summary: (kind, title, destination) =>
      kind === 'flight'
        ? `Vol ${title}`
        : kind === 'hotel'
          ? `Séjour : ${title}`
          : `${title} (${destination})`,
    booking: (reference) => `Réservation Vowa ${reference}`,
    providerReference: (reference) => `Référence du prestataire : ${reference}`,
  },
  confirmation: {
    subject: (destination) => `Votre voyage à ${destination} est réservé`,
    intro: (destination, total) => `Voyage à ${destination} réservé avec succès pour ${total} !`,
    automatic:
      "Vowa l'a réservé automatiquement : le prix a atteint votre objectif et la réservation automatique est activée. Vous pouvez annuler gratuitement pendant 24 heures.",
    itinerary: 'Votre itinéraire',
    item: ({ title, detail, when, reference }) =>
      `${title} : ${detail}, ${when}${reference ? ` (référence ${reference})` : ''}`,
    travellers: 'Voyageurs',
    payment: 'Paiement',
    paid: (total, card) => `${total} débités sur ${card}.`,
    converted: (amount, rate) => `Environ ${amount} au taux de ${rate}.`,
    freeCancellation: (until) => `Annulation gratuite jusqu'au ${until}.`,
    calendarAttached: 'Votre voyage est joint sous forme de fichier de calendrier (.ics).',
    reference: (reference) => `Référence de réservation : ${reference}`,
    action: 'Voir mes voyages',
  },
  cancellation: {
    subject: (destination) => `Votre voyage à ${destination} est annulé`,
    intro: (reference, destination) =>
      `Votre réservation ${reference} (${destination}) est annulée.`,
    refund: (amount, card) => `${amount} seront remboursés sur ${card}.`,
    noRefund: 'Selon les conditions du prestataire, rien n’est remboursé.',
    action: 'Voir mes voyages',
  },
};

const de: BookingTexts = {
  calendar: {
    name: 'Vowa-Reisen',
    summary: (kind, title, destination) =>
      kind === 'flight'
        ? `Flug ${title}`
        : kind === 'hotel'
          ? `Aufenthalt: ${title}`
          : `${title} (${destination})`,
    booking: (reference) => `Vowa-Buchung ${reference}`,
    providerReference: (reference) => `Referenz des Anbieters: ${reference}`,
  },
  confirmation: {
    subject: (destination) => `Deine Reise nach ${destination} ist gebucht`,
    intro: (destination, total) => `Reise nach ${destination} erfolgreich für ${total} gebucht!`,
    automatic:
      'Vowa hat automatisch gebucht: Der Preis hat dein Ziel erreicht und die automatische Buchung ist aktiv. Innerhalb von 24 Stunden kannst du kostenlos stornieren.',
    itinerary: 'Dein Reiseplan',
    item: ({ title, detail, when, reference }) =>
      `${title}: ${detail}, ${when}${reference ? ` (Referenz ${reference})` : ''}`,
    travellers: 'Reisende',
    payment: 'Zahlung',
    paid: (total, card) => `${total} wurden ${card} belastet.`,
    converted: (amount, rate) => `Etwa ${amount} zum Kurs ${rate}.`,
    freeCancellation: (until) => `Kostenlose Stornierung bis ${until}.`,
    calendarAttached: 'Deine Reise ist als Kalenderdatei (.ics) angehängt.',
    reference: (reference) => `Buchungsreferenz: ${reference}`,
    action: 'Meine Reisen ansehen',
  },
  cancellation: {
    subject: (destination) => `Deine Reise nach ${destination} ist storniert`,
    intro: (reference, destination) => `Deine Buchung ${reference} (${destination}) ist storniert.`,
    refund: (amount, card) => `${amount} werden auf ${card} erstattet.`,
    noRefund: 'Nach den Bedingungen des Anbieters wird nichts erstattet.',
    action: 'Meine Reisen ansehen',
  },
};

const ja: BookingTexts = {
  calendar: {
    name: 'Vowaの旅行',
    summary: (kind, title, destination) =>
      kind === 'flight'
        ? `フライト ${title}`
        : kind === 'hotel'
          ? `宿泊：${title}`
          : `${title}（${destination}）`,
    booking: (reference) => `Vowaの予約 ${reference}`,
    providerReference: (reference) => `提供会社の予約番号：${reference}`,
  },
  confirmation: {
    subject: (destination) => `${destination}への旅行を予約しました`,
    intro: (destination, total) => `${destination}への旅行を${total}で予約しました！`,
    automatic:
      '価格が目標に達し、自動予約がオンのため、Vowaが自動で予約しました。24時間以内なら無料でキャンセルできます。',
    itinerary: '旅程',
    item: ({ title, detail, when, reference }) =>
      `${title}：${detail}、${when}${reference ? `（予約番号 ${reference}）` : ''}`,
    travellers: '旅行者',
    payment: 'お支払い',
    paid: (total, card) => `${card}に${total}を請求しました。`,
    converted: (amount, rate) => `約${amount}（${rate}）。`,
    freeCancellation: (until) => `${until}まで無料でキャンセルできます。`,
    calendarAttached: '旅程をカレンダーファイル（.ics）として添付しています。',
    reference: (reference) => `予約番号：${reference}`,
    action: '旅行を見る',
  },
  cancellation: {
    subject: (destination) => `${destination}への旅行をキャンセルしました`,
    intro: (reference, destination) => `予約 ${reference}（${destination}）をキャンセルしました。`,
    refund: (amount, card) => `${card}に${amount}を返金します。`,
    noRefund: '提供会社の規約により、返金はありません。',
    action: '旅行を見る',
  },
};

export const bookingTexts: Record<Language, BookingTexts> = { en, es, fr, de, ja };
