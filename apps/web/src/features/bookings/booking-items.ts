import { BedDouble, Plane, Ticket, type LucideIcon } from 'lucide-react';
import type { BookingItemKind } from '@vowa/shared/bookings/booking-schemas';
import { useFormat } from '../../lib/use-format';

export const kindIcons: Record<BookingItemKind, LucideIcon> = {
  flight: Plane,
  hotel: BedDouble,
  experience: Ticket,
};

/** "Mar 14, 14:15 – Mar 14, 22:40" or "Mar 14 – Mar 21": an item's dates as written there. */
export function useItemDates() {
  const format = useFormat();
  const part = (value: string) => {
    const date = format.calendarDate(value.slice(0, 10), 'medium');
    const time = /T(\d{2}:\d{2})/.exec(value)?.[1];
    return time ? `${date}, ${format.clock(time)}` : date;
  };
  return (startsAt: string, endsAt: string) =>
    startsAt === endsAt ? part(startsAt) : `${part(startsAt)} – ${part(endsAt)}`;
}
