import type {
  NotificationData,
  NotificationKindName,
} from '@vowa/shared/notifications/notification-schemas';
import type { Language } from '@vowa/shared/settings/settings-constants';
import { placeLabel } from '@vowa/shared/travel/place-names';

type Money = { amount: number; currency: string };
type Reason = NotificationData<'auto_booking_failed'>['reason'];

/** How a text shows money and places in the reader's language. */
export type PushFormat = { money: (money: Money) => string; place: string };

type Wording<K extends NotificationKindName> = (
  data: NotificationData<K>,
  format: PushFormat,
) => { title: string; body: string };

/** The words of a push (and of the short mail a notification may send), per kind. */
export type PushTexts = { [K in NotificationKindName]: Wording<K> } & {
  reasons: Record<Reason, string>;
};

/**
 * Push notifications' words in the five languages of the settings. A title says what happened,
 * the body the figures; every amount is the one the notification carries, with its currency.
 */
export const pushTexts: Record<Language, PushTexts> = {
  en: {
    booking_confirmed: (d, f) => ({
      title: d.automatic ? `Auto-booked: ${f.place}` : `Booking confirmed: ${f.place}`,
      body: `${f.money(d.total)} paid. Reference ${d.reference}.`,
    }),
    booking_cancelled: (d, f) => ({
      title: `Booking cancelled: ${f.place}`,
      body:
        d.refund.amount > 0
          ? `${f.money(d.refund)} will be refunded. Reference ${d.reference}.`
          : `No refund is due. Reference ${d.reference}.`,
    }),
    price_drop: (d, f) => ({
      title: `Price drop: ${f.place}`,
      body: `Now ${f.money(d.price)}, at or below your target of ${f.money(d.target)}.`,
    }),
    trip_fits_budget: (d, f) => ({
      title: `${f.place} fits your budget`,
      body: `A trip there now costs ${f.money(d.price)}, within your ${f.money(d.budget)} budget.`,
    }),
    auto_booking_failed: (d, f) => ({
      title: `Auto-booking could not book ${f.place}`,
      body: pushTexts.en.reasons[d.reason],
    }),
    deals: (d, f) => ({
      title:
        d.count === 1 ? 'A hot deal within your budget' : `${d.count} hot deals within your budget`,
      body: d.best ? `Best: ${f.place}, ${f.money(d.best.price)}.` : 'Open Vowa to see them.',
    }),
    reasons: {
      card_declined: 'Your card was declined.',
      needs_card: 'Save a card so auto-booking can pay.',
      needs_verified_email: 'Verify your email address to use auto-booking.',
      auto_booking_off: 'Auto-booking is switched off.',
      over_budget: 'The price is now over your budget.',
      price_changed: 'The price changed just before booking.',
      sold_out: 'The offer is no longer available.',
      failed: 'The booking could not be completed.',
    },
  },
  es: {
    booking_confirmed: (d, f) => ({
      title: d.automatic ? `Reserva automática: ${f.place}` : `Reserva confirmada: ${f.place}`,
      body: `${f.money(d.total)} pagados. Referencia ${d.reference}.`,
    }),
    booking_cancelled: (d, f) => ({
      title: `Reserva cancelada: ${f.place}`,
      body:
        d.refund.amount > 0
          ? `Se reembolsarán ${f.money(d.refund)}. Referencia ${d.reference}.`
          : `No corresponde reembolso. Referencia ${d.reference}.`,
    }),
    price_drop: (d, f) => ({
      title: `Bajada de precio: ${f.place}`,
      body: `Ahora ${f.money(d.price)}, igual o por debajo de tu objetivo de ${f.money(d.target)}.`,
    }),
    trip_fits_budget: (d, f) => ({
      title: `${f.place} cabe en tu presupuesto`,
      body: `Un viaje allí cuesta ahora ${f.money(d.price)}, dentro de tu presupuesto de ${f.money(d.budget)}.`,
    }),
    auto_booking_failed: (d, f) => ({
      title: `La reserva automática no pudo reservar ${f.place}`,
      body: pushTexts.es.reasons[d.reason],
    }),
    deals: (d, f) => ({
      title:
        d.count === 1
          ? 'Una gran oferta dentro de tu presupuesto'
          : `${d.count} grandes ofertas dentro de tu presupuesto`,
      body: d.best ? `La mejor: ${f.place}, ${f.money(d.best.price)}.` : 'Abre Vowa para verlas.',
    }),
    reasons: {
      card_declined: 'Tu tarjeta fue rechazada.',
      needs_card: 'Guarda una tarjeta para que la reserva automática pueda pagar.',
      needs_verified_email: 'Verifica tu correo electrónico para usar la reserva automática.',
      auto_booking_off: 'La reserva automática está desactivada.',
      over_budget: 'El precio supera ahora tu presupuesto.',
      price_changed: 'El precio cambió justo antes de reservar.',
      sold_out: 'La oferta ya no está disponible.',
      failed: 'No se pudo completar la reserva.',
    },
  },
  fr: {
    booking_confirmed: (d, f) => ({
      title: d.automatic
        ? `Réservé automatiquement : ${f.place}`
        : `Réservation confirmée : ${f.place}`,
      body: `${f.money(d.total)} payés. Référence ${d.reference}.`,
    }),
    booking_cancelled: (d, f) => ({
      title: `Réservation annulée : ${f.place}`,
      body:
        d.refund.amount > 0
          ? `${f.money(d.refund)} vous seront remboursés. Référence ${d.reference}.`
          : `Aucun remboursement n’est dû. Référence ${d.reference}.`,
    }),
    price_drop: (d, f) => ({
      title: `Baisse de prix : ${f.place}`,
      body: `Désormais ${f.money(d.price)}, au niveau ou en dessous de votre objectif de ${f.money(d.target)}.`,
    }),
    trip_fits_budget: (d, f) => ({
      title: `${f.place} entre dans votre budget`,
      body: `Un voyage là-bas coûte maintenant ${f.money(d.price)}, dans votre budget de ${f.money(d.budget)}.`,
    }),
    auto_booking_failed: (d, f) => ({
      title: `La réservation automatique n’a pas pu réserver ${f.place}`,
      body: pushTexts.fr.reasons[d.reason],
    }),
    deals: (d, f) => ({
      title:
        d.count === 1 ? 'Un bon plan dans votre budget' : `${d.count} bons plans dans votre budget`,
      body: d.best
        ? `Le meilleur : ${f.place}, ${f.money(d.best.price)}.`
        : 'Ouvrez Vowa pour les voir.',
    }),
    reasons: {
      card_declined: 'Votre carte a été refusée.',
      needs_card: 'Enregistrez une carte pour que la réservation automatique puisse payer.',
      needs_verified_email:
        'Vérifiez votre adresse e-mail pour utiliser la réservation automatique.',
      auto_booking_off: 'La réservation automatique est désactivée.',
      over_budget: 'Le prix dépasse maintenant votre budget.',
      price_changed: 'Le prix a changé juste avant la réservation.',
      sold_out: 'L’offre n’est plus disponible.',
      failed: 'La réservation n’a pas pu aboutir.',
    },
  },
  de: {
    booking_confirmed: (d, f) => ({
      title: d.automatic ? `Automatisch gebucht: ${f.place}` : `Buchung bestätigt: ${f.place}`,
      body: `${f.money(d.total)} bezahlt. Buchungsnummer ${d.reference}.`,
    }),
    booking_cancelled: (d, f) => ({
      title: `Buchung storniert: ${f.place}`,
      body:
        d.refund.amount > 0
          ? `${f.money(d.refund)} werden erstattet. Buchungsnummer ${d.reference}.`
          : `Keine Erstattung fällig. Buchungsnummer ${d.reference}.`,
    }),
    price_drop: (d, f) => ({
      title: `Preis gesunken: ${f.place}`,
      body: `Jetzt ${f.money(d.price)}, auf oder unter deinem Zielpreis von ${f.money(d.target)}.`,
    }),
    trip_fits_budget: (d, f) => ({
      title: `${f.place} passt in dein Budget`,
      body: `Eine Reise dorthin kostet jetzt ${f.money(d.price)}, innerhalb deines Budgets von ${f.money(d.budget)}.`,
    }),
    auto_booking_failed: (d, f) => ({
      title: `Automatische Buchung für ${f.place} nicht möglich`,
      body: pushTexts.de.reasons[d.reason],
    }),
    deals: (d, f) => ({
      title:
        d.count === 1
          ? 'Ein Top-Angebot in deinem Budget'
          : `${d.count} Top-Angebote in deinem Budget`,
      body: d.best
        ? `Das beste: ${f.place}, ${f.money(d.best.price)}.`
        : 'Öffne Vowa, um sie anzusehen.',
    }),
    reasons: {
      card_declined: 'Deine Karte wurde abgelehnt.',
      needs_card: 'Speichere eine Karte, damit die automatische Buchung bezahlen kann.',
      needs_verified_email: 'Bestätige deine E-Mail-Adresse, um automatisch zu buchen.',
      auto_booking_off: 'Die automatische Buchung ist ausgeschaltet.',
      over_budget: 'Der Preis liegt jetzt über deinem Budget.',
      price_changed: 'Der Preis hat sich kurz vor der Buchung geändert.',
      sold_out: 'Das Angebot ist nicht mehr verfügbar.',
      failed: 'Die Buchung konnte nicht abgeschlossen werden.',
    },
  },
  ja: {
    booking_confirmed: (d, f) => ({
      title: d.automatic ? `自動予約しました：${f.place}` : `予約が確定しました：${f.place}`,
      body: `${f.money(d.total)}をお支払いいただきました。予約番号 ${d.reference}。`,
    }),
    booking_cancelled: (d, f) => ({
      title: `予約をキャンセルしました：${f.place}`,
      body:
        d.refund.amount > 0
          ? `${f.money(d.refund)}が返金されます。予約番号 ${d.reference}。`
          : `返金はありません。予約番号 ${d.reference}。`,
    }),
    price_drop: (d, f) => ({
      title: `値下がり：${f.place}`,
      body: `現在${f.money(d.price)}で、目標価格${f.money(d.target)}以下です。`,
    }),
    trip_fits_budget: (d, f) => ({
      title: `${f.place}が予算内になりました`,
      body: `現在の旅行代金は${f.money(d.price)}で、予算${f.money(d.budget)}の範囲内です。`,
    }),
    auto_booking_failed: (d, f) => ({
      title: `${f.place}を自動予約できませんでした`,
      body: pushTexts.ja.reasons[d.reason],
    }),
    deals: (d, f) => ({
      title:
        d.count === 1
          ? '予算内のお得な旅行が見つかりました'
          : `予算内のお得な旅行が${d.count}件見つかりました`,
      body: d.best
        ? `おすすめ：${f.place}、${f.money(d.best.price)}。`
        : 'Vowa を開いてご確認ください。',
    }),
    reasons: {
      card_declined: 'カードが拒否されました。',
      needs_card: '自動予約で支払えるよう、カードを保存してください。',
      needs_verified_email: '自動予約を使うには、メールアドレスを確認してください。',
      auto_booking_off: '自動予約がオフになっています。',
      over_budget: '価格が予算を超えました。',
      price_changed: '予約の直前に価格が変わりました。',
      sold_out: 'このプランは販売終了しました。',
      failed: '予約を完了できませんでした。',
    },
  },
};

/** The place a notification is about ("Paris, France"), if it names one. */
function placeOf(kind: NotificationKindName, data: NotificationData): string {
  const named =
    kind === 'deals'
      ? (data as NotificationData<'deals'>).best
      : (data as { destination?: string });
  if (!named || !('destination' in named)) return '';
  return placeLabel([named.destination, (named as { country?: string }).country]);
}

/** A notification worded for the reader: title and body in their language. */
export function pushWording<K extends NotificationKindName>(
  language: Language,
  kind: K,
  data: NotificationData<K>,
): { title: string; body: string } {
  const texts = pushTexts[language] ?? pushTexts.en;
  const format: PushFormat = {
    money: ({ amount, currency }) =>
      new Intl.NumberFormat(language, { style: 'currency', currency }).format(amount),
    place: placeOf(kind, data),
  };
  return (texts[kind] as Wording<K>)(data, format);
}

/** Where a notification leads in the app (what the bell's click and the push's click open). */
export function notificationPath(kind: NotificationKindName): string {
  switch (kind) {
    case 'booking_confirmed':
    case 'booking_cancelled':
      return '/trips';
    case 'deals':
      return '/travel/suggestions';
    default:
      return '/watches';
  }
}

/** Pushes about the same thing replace each other on the device (and at the push service). */
export function notificationTag(kind: NotificationKindName, data: NotificationData): string {
  if ('bookingId' in data) return `booking:${data.bookingId}`;
  if ('watchId' in data) return `watch:${data.watchId}`;
  return kind;
}
