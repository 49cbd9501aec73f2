import { useTranslation } from 'react-i18next';
import { BedDouble, CalendarDays, LineChart, MapPin, Plane, Ticket, Users } from 'lucide-react';
import type { TripSuggestion } from '@vowa/shared/travel/travel-schemas';
import type { TripQuote } from '@vowa/shared/travel/trip-quote-schemas';
import { QuotePriceHistory } from '../../../components/price-history/quote-price-history';
import { Skeleton } from '../../../components/ui/skeleton';
import { useFormat } from '../../../lib/use-format';
import { useCountryName, usePlaceName } from '../../../lib/use-place-names';
import { DetailSection, InfoList, StarRating } from '../travel-parts';
import type { TripChoicesDraft } from './use-trip-customization';

/** One line of the itinerary: what, when, and its price. */
function Line({ title, detail, price }: { title: string; detail: string; price: string | null }) {
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 py-2">
      <div className="min-w-0">
        <p className="font-medium text-ink">{title}</p>
        <p className="text-xs text-ink-muted">{detail}</p>
      </div>
      {price ? <p className="font-semibold text-ink tabular-nums">{price}</p> : null}
    </li>
  );
}

/** The itinerary the provider priced: flights, stays and experiences, each with its price. */
function Itinerary({ quote }: { quote: TripQuote }) {
  const { t } = useTranslation();
  const format = useFormat();
  const place = usePlaceName();
  const price = (
    amount: number | null,
    currency: string,
    key: 'perPerson' | 'perStay',
    count: number,
  ) =>
    amount === null
      ? t('travel.priceNotAvailable')
      : t(`customize.details.${key}`, { price: format.money(amount, currency), count });
  return (
    <>
      <DetailSection title={t('customize.details.flights')} icon={Plane}>
        <ul className="divide-y divide-line">
          {quote.flights.map((flight) => (
            <Line
              key={flight.quote.quoteId}
              title={t('customize.details.flightLine', {
                from: place(flight.departure.city),
                to: place(flight.arrival.city),
              })}
              detail={`${flight.airline} ${flight.flightNumber} · ${format.calendarDate(flight.departure.date, 'long')} ${format.clock(flight.departure.time)} · ${t(`travel.classes.${flight.class}`)}`}
              price={price(flight.price, flight.currency, 'perPerson', quote.travelers)}
            />
          ))}
        </ul>
      </DetailSection>
      <DetailSection title={t('customize.details.stays')} icon={BedDouble}>
        <ul className="divide-y divide-line">
          {quote.hotels.map(({ hotel, categoryMatched }) => (
            <li key={hotel.quote.quoteId} className="py-2">
              <Line
                title={hotel.name ?? t('customize.details.unnamedHotel')}
                detail={t('customize.details.stayLine', {
                  city: place(hotel.address.city),
                  count: hotel.nights,
                  from: format.calendarDate(hotel.checkIn, 'short'),
                  to: format.calendarDate(hotel.checkOut, 'short'),
                })}
                price={price(hotel.price, hotel.currency, 'perStay', quote.travelers)}
              />
              <StarRating stars={hotel.rating} />
              {!categoryMatched ? (
                <p className="mt-1 text-xs text-amber-800 dark:text-amber-200">
                  {t('customize.details.categoryNearest', {
                    category: t(`customize.categories.${quote.hotelCategory}`),
                  })}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      </DetailSection>
      {quote.experiences.length > 0 ? (
        <DetailSection title={t('customize.details.experiences')} icon={Ticket}>
          <ul className="divide-y divide-line">
            {quote.experiences.map((experience) => (
              <Line
                key={experience.quote.quoteId}
                title={experience.name}
                detail={place(experience.location.city)}
                price={price(experience.price, experience.currency, 'perPerson', quote.travelers)}
              />
            ))}
          </ul>
        </DetailSection>
      ) : null}
    </>
  );
}

/**
 * The Trip Details tab: where and when, for whom, and — once the provider has priced it — every
 * flight, stay and experience of the customised trip with its price.
 */
export function TripDetailsTab({
  trip,
  choices,
  checkOut,
  exact,
  loading,
}: {
  trip: TripSuggestion;
  choices: TripChoicesDraft;
  checkOut: string;
  exact: TripQuote | null;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const place = usePlaceName();
  const country = useCountryName();
  const origin = trip.flightDetails.outbound.departure;
  const route = [
    place(origin.city),
    place(trip.destination),
    ...choices.additionalCities,
    place(origin.city),
  ].join(' → ');
  return (
    <div className="space-y-5">
      <InfoList
        items={[
          {
            term: t('customize.details.destination'),
            value: `${place(trip.destination)}, ${country(trip.countryCode, trip.country)}`,
            icon: MapPin,
          },
          { term: t('customize.details.route'), value: route, icon: Plane },
          {
            term: t('customize.details.dates'),
            value: t('customize.details.dateRange', {
              from: format.calendarDate(choices.checkIn, 'long'),
              to: format.calendarDate(checkOut, 'long'),
              count: choices.nights,
            }),
            icon: CalendarDays,
          },
          {
            term: t('customize.details.party'),
            value: `${t('customize.details.travelers', { count: choices.travelers })} · ${t(`travel.classes.${choices.flightClass}`)} · ${t(`customize.categories.${choices.hotelCategory}`)}`,
            icon: Users,
          },
        ]}
      />
      {exact ? (
        <>
          <Itinerary quote={exact} />
          {/* The customised trip's own quotes, summed per day as Book Trip would charge them. */}
          <DetailSection title={t('watches.history.title')} icon={LineChart}>
            <QuotePriceHistory
              key={exact.items.map((item) => item.quoteId).join('|')}
              request={{ items: exact.items, travelers: exact.travelers }}
            />
          </DetailSection>
        </>
      ) : loading ? (
        <div className="space-y-3" aria-hidden="true">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </div>
      ) : (
        <p className="text-sm text-ink-muted">{t('customize.details.waiting')}</p>
      )}
    </div>
  );
}
