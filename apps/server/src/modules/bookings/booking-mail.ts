import type { NotificationContent, Recipient } from '../notifications/notifications-module';
import { fromMinor } from './booking-items';
import type { BookingRow } from './bookings-repository';
import { bookingTexts } from './booking-texts';

/** The charged amount in the reader's language, in the currency it was charged in. */
export function formatMinor(language: string, minor: number, currency: string): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency }).format(
    fromMinor(minor, currency),
  );
}

/** The total in the reader's own currency and the rate, when it differs from the charged one. */
export type Converted = { amount: number; currency: string; rate: number } | null;

const cardOf = (row: BookingRow) =>
  row.paymentBrand && row.paymentLast4 ? `${row.paymentBrand} •••• ${row.paymentLast4}` : '—';

function whenOf(recipient: Recipient, item: BookingRow['items'][number]) {
  if (item.kind === 'flight')
    return `${item.startsAt.replace('T', ' ')} → ${item.endsAt.replace('T', ' ')}`;
  return recipient.dates(item.startsAt.slice(0, 10), item.endsAt.slice(0, 10));
}

/** The confirmation mail: the trip, the payment, the free-cancellation window, the ICS file. */
export function confirmationContent(
  row: BookingRow,
  recipient: Recipient,
  options: { appUrl: string; ics: string; converted: Converted },
): NotificationContent {
  const texts = bookingTexts[recipient.language].confirmation;
  const total = formatMinor(recipient.language, row.totalMinor, row.currency);
  const { converted } = options;
  const paymentLines = [texts.paid(total, cardOf(row))];
  if (converted) {
    const amount = new Intl.NumberFormat(recipient.language, {
      style: 'currency',
      currency: converted.currency,
    }).format(converted.amount);
    paymentLines.push(
      texts.converted(amount, `1 ${row.currency} = ${converted.rate} ${converted.currency}`),
    );
  }
  if (row.freeCancellationUntil) {
    paymentLines.push(
      texts.freeCancellation(recipient.moment(row.freeCancellationUntil.toISOString())),
    );
  }
  return {
    subject: texts.subject(row.destination),
    intro: texts.intro(row.destination, total),
    sections: [
      // An auto-booking (issue 16) says so first: the person did not click Book.
      ...(row.automatic ? [{ lines: [texts.automatic] }] : []),
      { lines: [texts.reference(row.reference)] },
      {
        heading: texts.itinerary,
        lines: row.items
          .filter((item) => item.status === 'confirmed')
          .map((item) =>
            texts.item({
              title: item.title,
              detail: item.detail,
              when: whenOf(recipient, item),
              reference: item.providerReference,
            }),
          ),
      },
      {
        heading: texts.travellers,
        lines: row.travelers.map((traveler) => `${traveler.givenName} ${traveler.familyName}`),
      },
      { heading: texts.payment, lines: paymentLines },
      { lines: [texts.calendarAttached] },
    ],
    action: { label: texts.action, url: `${options.appUrl}/trips` },
    attachments: [
      {
        filename: `vowa-${row.reference}.ics`,
        content: options.ics,
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      },
    ],
  };
}

/** The cancellation mail: what is cancelled and what comes back. */
export function cancellationContent(
  row: BookingRow,
  recipient: Recipient,
  options: { appUrl: string },
): NotificationContent {
  const texts = bookingTexts[recipient.language].cancellation;
  const refund = row.refundMinor ?? 0;
  return {
    subject: texts.subject(row.destination),
    intro: texts.intro(row.reference, row.destination),
    sections: [
      {
        lines: [
          refund > 0
            ? texts.refund(formatMinor(recipient.language, refund, row.currency), cardOf(row))
            : texts.noRefund,
        ],
      },
    ],
    action: { label: texts.action, url: `${options.appUrl}/trips` },
  };
}
