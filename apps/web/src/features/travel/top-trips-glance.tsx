import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Plane } from 'lucide-react';
import { distinctPlaceParts } from '@vowa/shared/travel/place-names';
import { Skeleton } from '../../components/ui/skeleton';
import { useFormat } from '../../lib/use-format';
import { useCountryName, usePlaceName } from '../../lib/use-place-names';
import { useSuggestions } from './travel-api';

/** How many trips the home screen shows. */
const SHOWN = 3;

/**
 * The home screen's best trips: the first few suggestions, which the server already keeps
 * within the person's budget and orders best value first, each priced from its quote.
 */
export function TopTripsGlance() {
  const { t } = useTranslation();
  const format = useFormat();
  const placeName = usePlaceName();
  const countryName = useCountryName();
  const suggestions = useSuggestions();
  const trips = suggestions.data?.suggestions.slice(0, SHOWN) ?? [];
  const currency = suggestions.data?.currency;

  if (suggestions.isPending) {
    return (
      <div aria-busy="true" className="space-y-2">
        <Skeleton className="h-12" />
        <Skeleton className="h-12" />
      </div>
    );
  }
  if (suggestions.isError || trips.length === 0) {
    return <p className="text-sm text-ink-muted">{t('home.glance.tripsEmpty')}</p>;
  }
  return (
    <ul className="space-y-2">
      {trips.map((trip) => (
        <li key={trip.id}>
          <Link
            to="/travel/suggestions"
            className="flex items-center gap-3 rounded-lg p-2 hover:bg-raised"
          >
            <Plane aria-hidden="true" className="size-4 shrink-0 text-violet-500" />
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium text-ink">
                {distinctPlaceParts([
                  placeName(trip.destination),
                  countryName(trip.countryCode, trip.country),
                ]).join(', ')}
              </span>
              <span className="block text-xs text-ink-muted">
                {format.calendarDate(trip.departureDate)} – {format.calendarDate(trip.returnDate)}
              </span>
            </span>
            <span className="text-right text-sm font-semibold text-ink">
              {format.money(trip.price, currency, 'never')}
              {trip.savings > 0 ? (
                <span className="block text-xs font-normal text-emerald-700 dark:text-emerald-300">
                  {t('home.glance.saves', {
                    amount: format.money(trip.savings, currency, 'never'),
                  })}
                </span>
              ) : null}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
