import { useTranslation } from 'react-i18next';
import { Check, Hotel as HotelIcon, Plane, Sparkles } from 'lucide-react';
import type { ReplyAttachments } from '@vowa/shared/assistant/assistant-schemas';
import type { Experience, Flight, Hotel } from '@vowa/shared/travel/travel-schemas';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { useFormat } from '../../lib/use-format';
import { usePlaceName } from '../../lib/use-place-names';
import type { ChatDetailDialogs } from './detail-dialogs';

/** The offer whose detail dialog is open. */
export type Viewing =
  | { kind: 'flight'; id: string; flight: Flight; isReturn: boolean }
  | { kind: 'hotel'; id: string; hotel: Hotel }
  | { kind: 'experience'; id: string; experience: Experience };

/**
 * What the chat holds about its cards, above them: a reply's cards are replaced by the stored
 * message's once it is read back, and an open dialog or a saved change must survive that.
 */
export interface Selection {
  flight: Flight | null;
  hotel: Hotel | null;
  selectFlight: (flight: Flight) => void;
  selectHotel: (hotel: Hotel) => void;
  /** Offers changed through Modify, by the id of the offer as shown first. */
  edited: Record<string, Flight | Hotel | undefined>;
  view: (viewing: Viewing) => void;
}

/** Part 2 §2: under an assistant reply, its flight and hotel cards and experience suggestions. */
export function ReplyResults({
  attachments,
  selection,
}: {
  attachments: ReplyAttachments;
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
              <HotelCard hotel={hotel} selection={selection} />
            </li>
          ))}
        </ul>
      )}
      {attachments.experiences.length > 0 && (
        <ExperienceList experiences={attachments.experiences} selection={selection} />
      )}
    </div>
  );
}

function FlightCard({
  flight: original,
  isReturn,
  selection,
}: {
  flight: Flight;
  isReturn: boolean;
  selection: Selection;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const flight = (selection.edited[original.id] as Flight | undefined) ?? original;
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
      <Button
        size="sm"
        variant="outline"
        className="mt-2"
        onClick={() => selection.view({ kind: 'flight', id: original.id, flight, isReturn })}
      >
        {t('chat.viewDetails')}
      </Button>
    </article>
  );
}

function HotelCard({ hotel: original, selection }: { hotel: Hotel; selection: Selection }) {
  const { t } = useTranslation();
  const format = useFormat();
  const placeName = usePlaceName();
  const hotel = (selection.edited[original.id] as Hotel | undefined) ?? original;
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
          ? `${hotel.address.street}, ${placeName(hotel.address.city)}`
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
      <Button
        size="sm"
        variant="outline"
        className="mt-2"
        onClick={() => selection.view({ kind: 'hotel', id: original.id, hotel })}
      >
        {t('chat.viewDetails')}
      </Button>
    </article>
  );
}

/** The detail dialog of the offer being viewed, kept by the chat (see `Selection`). */
export function OfferDialog({
  viewing,
  dialogs,
  selection,
  onChange,
}: {
  viewing: Viewing | null;
  dialogs: ChatDetailDialogs;
  selection: Selection;
  /** Closes the dialog (null) or keeps it open on the modified offer. */
  onChange: (viewing: Viewing | null) => void;
}) {
  if (viewing?.kind === 'flight') {
    return (
      <dialogs.Flight
        open
        onClose={() => onChange(null)}
        flight={viewing.flight}
        isReturn={viewing.isReturn}
        onSelect={(chosen) => {
          selection.selectFlight(chosen);
          onChange(null);
        }}
        onModified={(flight) => onChange({ ...viewing, flight })}
      />
    );
  }
  if (viewing?.kind === 'hotel') {
    return (
      <dialogs.Hotel
        open
        onClose={() => onChange(null)}
        hotel={viewing.hotel}
        onSelect={(chosen) => {
          selection.selectHotel(chosen);
          onChange(null);
        }}
        onModified={(hotel) => onChange({ ...viewing, hotel })}
      />
    );
  }
  if (viewing?.kind === 'experience' && dialogs.Experience) {
    return (
      <dialogs.Experience open onClose={() => onChange(null)} experience={viewing.experience} />
    );
  }
  return null;
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

function ExperienceList({
  experiences,
  selection,
}: {
  experiences: ReplyAttachments['experiences'];
  selection: Selection;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const placeName = usePlaceName();
  return (
    <ul aria-label={t('chat.experiences')} className="flex flex-col gap-1">
      {experiences.map((experience) => (
        <li key={experience.id} className="flex items-center gap-2 text-sm text-ink">
          <Sparkles aria-hidden className="size-4 text-violet-500" />
          <span className="flex-1">
            {experience.name} · {placeName(experience.location.city)} · {experience.duration}
          </span>
          <span className="font-semibold">
            {experience.price === null
              ? t('chat.noPrice')
              : format.money(experience.price, experience.currency)}
          </span>
          <Button
            size="sm"
            variant="ghost"
            aria-label={`${t('chat.viewDetails')}: ${experience.name}`}
            onClick={() => selection.view({ kind: 'experience', id: experience.id, experience })}
          >
            {t('chat.viewDetails')}
          </Button>
        </li>
      ))}
    </ul>
  );
}
