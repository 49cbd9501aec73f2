import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, Hotel as HotelIcon, Plane, Sparkles } from 'lucide-react';
import type { ReplyAttachments } from '@vowa/shared/assistant/assistant-schemas';
import type { Flight, Hotel } from '@vowa/shared/travel/travel-schemas';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { useFormat } from '../../lib/use-format';
import type { ChatDetailDialogs } from './detail-dialogs';

export interface Selection {
  flight: Flight | null;
  hotel: Hotel | null;
  selectFlight: (flight: Flight) => void;
  selectHotel: (hotel: Hotel) => void;
}

/** Part 2 §2: under an assistant reply, its flight and hotel cards and experience suggestions. */
export function ReplyResults({
  attachments,
  dialogs,
  selection,
}: {
  attachments: ReplyAttachments;
  dialogs: ChatDetailDialogs;
  selection: Selection;
}) {
  const { t } = useTranslation();
  const flights = [...attachments.flights, ...attachments.returnFlights];
  return (
    <div className="mt-2 flex flex-col gap-2">
      {flights.length > 0 && (
        <ul aria-label={t('chat.flightResults')} className="grid gap-2 sm:grid-cols-2">
          {flights.map((flight) => (
            <li key={flight.id}>
              <FlightCard
                flight={flight}
                isReturn={attachments.returnFlights.includes(flight)}
                dialogs={dialogs}
                selection={selection}
              />
            </li>
          ))}
        </ul>
      )}
      {attachments.hotels.length > 0 && (
        <ul aria-label={t('chat.hotelResults')} className="grid gap-2 sm:grid-cols-2">
          {attachments.hotels.map((hotel) => (
            <li key={hotel.id}>
              <HotelCard hotel={hotel} dialogs={dialogs} selection={selection} />
            </li>
          ))}
        </ul>
      )}
      {attachments.experiences.length > 0 && (
        <ExperienceList experiences={attachments.experiences} />
      )}
    </div>
  );
}

function FlightCard({
  flight: original,
  isReturn,
  dialogs,
  selection,
}: {
  flight: Flight;
  isReturn: boolean;
  dialogs: ChatDetailDialogs;
  selection: Selection;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const [flight, setFlight] = useState(original);
  const [open, setOpen] = useState(false);
  const selected = selection.flight?.id === flight.id;
  return (
    <article
      aria-label={`${flight.airline} ${flight.flightNumber}`}
      className={cn(
        'rounded-xl border border-line bg-surface p-3',
        selected && 'border-violet-500',
      )}
    >
      <p className="flex items-center gap-2 font-medium text-ink">
        <Plane aria-hidden className="size-4" />
        {flight.airline} {flight.flightNumber}
        {selected && <Check aria-label={t('chat.selected')} className="size-4 text-violet-500" />}
      </p>
      <p className="text-sm text-ink">
        {flight.departure.airportCode} {format.clock(flight.departure.time)} →{' '}
        {flight.arrival.airportCode} {format.clock(flight.arrival.time)} ·{' '}
        {format.calendarDate(flight.departure.date)}
      </p>
      <p className="text-sm font-semibold text-ink">
        {flight.price === null ? t('chat.noPrice') : format.money(flight.price, flight.currency)}
      </p>
      <QuoteTime quotedAt={flight.quote.quotedAt} />
      <Button size="sm" variant="outline" className="mt-2" onClick={() => setOpen(true)}>
        {t('chat.viewDetails')}
      </Button>
      {open && (
        <dialogs.Flight
          open={open}
          onClose={() => setOpen(false)}
          flight={flight}
          isReturn={isReturn}
          onSelect={(chosen) => {
            selection.selectFlight(chosen);
            setOpen(false);
          }}
          onModified={setFlight}
        />
      )}
    </article>
  );
}

function HotelCard({
  hotel: original,
  dialogs,
  selection,
}: {
  hotel: Hotel;
  dialogs: ChatDetailDialogs;
  selection: Selection;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const [hotel, setHotel] = useState(original);
  const [open, setOpen] = useState(false);
  const selected = selection.hotel?.id === hotel.id;
  const name = hotel.name ?? t('chat.unnamedHotel');
  return (
    <article
      aria-label={name}
      className={cn(
        'rounded-xl border border-line bg-surface p-3',
        selected && 'border-violet-500',
      )}
    >
      <p className="flex items-center gap-2 font-medium text-ink">
        <HotelIcon aria-hidden className="size-4" />
        {name}
        {selected && <Check aria-label={t('chat.selected')} className="size-4 text-violet-500" />}
      </p>
      <p className="text-sm text-ink-muted">
        {hotel.address.street
          ? `${hotel.address.street}, ${hotel.address.city}`
          : t('travel.hotel.noAddress')}
      </p>
      <p className="text-sm text-ink">
        {format.calendarDate(hotel.checkIn)} – {format.calendarDate(hotel.checkOut)} ·{' '}
        {t('chat.nights', { count: hotel.nights })}
      </p>
      <p className="text-sm font-semibold text-ink">
        {hotel.price === null ? t('chat.noPrice') : format.money(hotel.price, hotel.currency)}
      </p>
      <QuoteTime quotedAt={hotel.quote.quotedAt} />
      <Button size="sm" variant="outline" className="mt-2" onClick={() => setOpen(true)}>
        {t('chat.viewDetails')}
      </Button>
      {open && (
        <dialogs.Hotel
          open={open}
          onClose={() => setOpen(false)}
          hotel={hotel}
          onSelect={(chosen) => {
            selection.selectHotel(chosen);
            setOpen(false);
          }}
          onModified={setHotel}
        />
      )}
    </article>
  );
}

function QuoteTime({ quotedAt }: { quotedAt: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <p className="text-xs text-ink-muted">
      {t('chat.quotedAt', { time: format.dateTime(quotedAt) })}
    </p>
  );
}

function ExperienceList({ experiences }: { experiences: ReplyAttachments['experiences'] }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <ul aria-label={t('chat.experiences')} className="flex flex-col gap-1">
      {experiences.map((experience) => (
        <li key={experience.id} className="flex items-center gap-2 text-sm text-ink">
          <Sparkles aria-hidden className="size-4 text-violet-500" />
          <span className="flex-1">
            {experience.name} · {experience.location.city} · {experience.duration}
          </span>
          <span className="font-semibold">
            {experience.price === null
              ? t('chat.noPrice')
              : format.money(experience.price, experience.currency)}
          </span>
        </li>
      ))}
    </ul>
  );
}
