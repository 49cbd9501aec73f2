import { TZDate } from '@date-fns/tz';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { StoredBookingItem } from './booking-items';
import type { BookingRow } from './bookings-repository';
import type { BookingTexts } from './booking-texts';

const DAY_MS = 86_400_000;

/** A calendar day as the midnight UTC ical-generator writes as a DATE value. */
const dayOf = (date: string) => new Date(`${date.slice(0, 10)}T00:00:00Z`);

/** "2026-12-20T09:30" at a place (its IANA zone) as the instant it is. */
function instantAt(local: string, timezone: string): Date {
  const [date = '', time = '00:00'] = local.split('T');
  const [year, month, day] = date.split('-').map(Number);
  const [hours, minutes] = time.split(':').map(Number);
  return new Date(
    new TZDate(year!, (month ?? 1) - 1, day ?? 1, hours ?? 0, minutes ?? 0, timezone).getTime(),
  );
}

function timesOf(item: StoredBookingItem) {
  if (item.kind === 'flight' && item.timezones) {
    return {
      start: instantAt(item.startsAt, item.timezones.start),
      end: instantAt(item.endsAt, item.timezones.end),
      allDay: false,
    };
  }
  const start = dayOf(item.startsAt);
  const endDay = dayOf(item.endsAt);
  // An all-day event ends the day after its last day (RFC 5545: DTEND is exclusive).
  const end = endDay > start ? endDay : new Date(start.getTime() + DAY_MS);
  return { start, end, allDay: true };
}

/**
 * Every item of the given bookings as calendar events (flights at their instants, stays and
 * experiences as all-day events). Cancelled bookings stay in as STATUS:CANCELLED, so a
 * subscribed calendar removes them rather than keeping a stale trip.
 */
export function bookingCalendar(
  rows: BookingRow[],
  texts: BookingTexts,
  options: { appUrl: string; now: Date; name: string },
): string {
  const calendar = ical({
    name: options.name,
    prodId: { company: 'Vowa', product: 'Vowa trips', language: 'EN' },
  });
  calendar.method(ICalCalendarMethod.PUBLISH);
  for (const row of rows) {
    const cancelled = row.status === 'cancelled';
    row.items.forEach((item, index) => {
      if (item.status === 'failed') return;
      const lines = [
        texts.calendar.booking(row.reference),
        ...(item.providerReference
          ? [texts.calendar.providerReference(item.providerReference)]
          : []),
        item.detail,
        `${options.appUrl}/trips`,
      ];
      calendar.createEvent({
        id: `${row.id}-${index}@vowa`,
        sequence: cancelled ? 1 : 0,
        stamp: options.now,
        ...timesOf(item),
        summary: texts.calendar.summary(item.kind, item.title, row.destination),
        description: lines.join('\n'),
        location:
          item.kind === 'flight'
            ? item.detail
            : `${item.place.city}${item.place.country ? `, ${item.place.country}` : ''}`,
        url: `${options.appUrl}/trips`,
        status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      });
    });
  }
  return calendar.toString();
}
