import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Luggage, Plane } from 'lucide-react';
import type { Booking } from '@vowa/shared/bookings/booking-schemas';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api-client';
import { CalendarFeedCard } from './calendar-feed-card';
import { TripBookingCard } from './trip-booking-card';
import { useBookings } from './trips-api';

/** The clock the countdowns run on: once a minute is as fine as they show. */
function useMinuteClock() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** /trips (issue 14 §7): upcoming and past bookings, the calendar subscription. */
export function TripsPage() {
  const { t } = useTranslation();
  const bookings = useBookings();
  const now = useMinuteClock();
  const [announcement, setAnnouncement] = useState('');

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      <header>
        <h1 className="flex items-center gap-2 text-3xl font-bold tracking-tight sm:text-4xl">
          <Luggage aria-hidden="true" className="size-7 text-violet-600 dark:text-violet-300" />
          {t('trips.title')}
        </h1>
        <p className="mt-1 text-ink-muted">{t('trips.subtitle')}</p>
      </header>

      {bookings.isPending ? (
        <div role="status" className="mt-8 space-y-4">
          <span className="sr-only">{t('trips.loading')}</span>
          <Skeleton className="h-48" />
          <Skeleton className="h-48" />
        </div>
      ) : bookings.isError ? (
        <Banner
          tone="error"
          className="mt-8"
          action={
            <Button size="sm" variant="outline" onClick={() => void bookings.refetch()}>
              {t('trips.retry')}
            </Button>
          }
        >
          {errorMessage(bookings.error)}
        </Banner>
      ) : bookings.data.upcoming.length + bookings.data.past.length === 0 ? (
        <EmptyState
          icon={Plane}
          title={t('trips.emptyTitle')}
          className="mt-8"
          action={
            <Button asChild>
              <Link to="/travel/suggestions">{t('trips.browse')}</Link>
            </Button>
          }
        >
          <p>{t('trips.emptyText')}</p>
        </EmptyState>
      ) : (
        <>
          <TripSection
            id="trips-upcoming"
            title={t('trips.upcoming')}
            empty={t('trips.noUpcoming')}
            bookings={bookings.data.upcoming}
            now={now}
            onAnnounce={setAnnouncement}
          />
          <TripSection
            id="trips-past"
            title={t('trips.past')}
            empty={t('trips.noPast')}
            bookings={bookings.data.past}
            now={now}
            onAnnounce={setAnnouncement}
          />
        </>
      )}

      <CalendarFeedCard onAnnounce={setAnnouncement} />

      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}

function TripSection({
  id,
  title,
  empty,
  bookings,
  now,
  onAnnounce,
}: {
  id: string;
  title: string;
  empty: string;
  bookings: Booking[];
  now: number;
  onAnnounce: (message: string) => void;
}) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="text-xl font-semibold tracking-tight">
        {title}
      </h2>
      {bookings.length === 0 ? (
        <p className="mt-3 text-sm text-ink-muted">{empty}</p>
      ) : (
        <ul className="mt-4 space-y-4">
          {bookings.map((booking) => (
            <li key={booking.id}>
              <TripBookingCard booking={booking} now={now} onAnnounce={onAnnounce} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
