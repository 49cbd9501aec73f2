import {
  lazy,
  memo,
  Suspense,
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlaneTakeoff, SearchX, Sparkles } from 'lucide-react';
import { DEFAULT_BUDGET_SETTINGS } from '@vowa/shared/finance/finance-constants';
import {
  SUGGESTION_TRAVELERS,
  suggestionFilters,
  type SuggestionFilter,
} from '@vowa/shared/travel/travel-constants';
import { matchesSuggestionFilter, suggestionFilterCounts } from '@vowa/shared/travel/travel-rules';
import type { SuggestionsResponse, TripSuggestion } from '@vowa/shared/travel/travel-schemas';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { focusRing } from '../../components/ui/button-variants';
import { EmptyState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { useBookingFlow, type BookingStart } from '../../lib/booking-flow-context';
import { cn } from '../../lib/cn';
import { useBudgetSettings, useFinancials } from '../../lib/use-financial-status';
import { DealsSection } from './deals-section';
import { preloadWhenIdle } from '../../lib/preload-when-idle';
import { useFirstScreenSettled } from '../../lib/use-first-screen-settled';
import { useFormat } from '../../lib/use-format';
import { usePlaceName } from '../../lib/use-place-names';
import { useRevealInSteps } from '../../lib/use-reveal-in-steps';
import { useWatchActions, type WatchTarget } from '../../lib/watch-actions-context';
import { useSuggestions } from './travel-api';
import { useTripAdjustments, type TripAdjustments } from './trip-adjustments';
import { tripBookingStart, tripWatchTarget } from './trip-booking';
import { TripCard } from './trip-card';
import { tripDialogLoaders } from './trip-dialog-code';
import { TripDialogs, type OpenedDialog } from './trip-dialogs';

// The customisation dialog (its tabs, price model and assistant) loads when first opened.
const loadCustomizeDialog = () => import('./customize/trip-customize-dialog');
const TripCustomizeDialog = lazy(async () => ({
  default: (await loadCustomizeDialog()).TripCustomizeDialog,
}));

const loadOriginDialog = () => import('./origin-dialog');
const OriginDialog = lazy(async () => ({ default: (await loadOriginDialog()).OriginDialog }));

/** Trip cards rendered in the first pass and in each later one (two rows of two on a wide screen). */
const CARDS_PER_STEP = 4;

/** How often the deal-expiry badges are brought up to date. */
const CLOCK_TICK_MS = 60_000;

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** /travel/suggestions (part 2 §2): trips within the budget, filter tabs, and today's deals. */
export function SuggestionsPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const placeName = usePlaceName();
  const financials = useFinancials();
  const settings = useBudgetSettings();
  const suggestions = useSuggestions();
  const adjustments = useTripAdjustments();
  const now = useNow();
  const [opened, setOpened] = useState<OpenedDialog | null>(null);
  const [customizing, setCustomizing] = useState<TripSuggestion | null>(null);
  const { start: startBooking } = useBookingFlow();
  const { watch } = useWatchActions();
  const screenSettled = useFirstScreenSettled();
  // The dialogs' code is fetched in an idle moment, so a first click opens one at once.
  useEffect(() => {
    if (screenSettled) {
      preloadWhenIdle([...tripDialogLoaders, loadOriginDialog, loadCustomizeDialog]);
    }
  }, [screenSettled]);
  const [originOpen, setOriginOpen] = useState(false);
  const [announcement, setAnnouncement] = useState({ text: '', id: 0 });
  const announce = (text: string) => setAnnouncement((last) => ({ text, id: last.id + 1 }));

  // The page renders from a deferred copy of the answer: the trip grid it brings is then built
  // in short, interruptible slices instead of inside the query's synchronous update.
  const data = useDeferredValue(suggestions.data);
  const currency = data?.currency ?? 'USD';
  const budget = format.money(
    data?.maxTripBudget ?? settings.data?.maxTripBudget ?? DEFAULT_BUDGET_SETTINGS.maxTripBudget,
    currency,
    'never',
  );
  const travelers = data?.travelers ?? SUGGESTION_TRAVELERS;
  const money = (amount: number, code: string) => format.money(amount, code);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="flex items-center gap-2 text-3xl font-bold tracking-tight sm:text-4xl">
            <Sparkles aria-hidden="true" className="size-7 text-violet-600 dark:text-violet-300" />
            {t('travel.suggestions.title')}
          </h1>
          {financials.isPending ? (
            <Skeleton className="mt-2 h-5 w-80 max-w-full" />
          ) : financials.data?.connected ? (
            <p className="mt-1 text-ink-muted">
              {t('travel.suggestions.subtitleConnected', { amount: budget })}
            </p>
          ) : (
            <p className="mt-1 text-ink-muted">
              {t('travel.suggestions.subtitleUnconnected')}{' '}
              <Link
                to="/financial/connect"
                className={cn(
                  'font-semibold text-violet-800 underline underline-offset-2 dark:text-violet-200',
                  focusRing,
                )}
              >
                {t('travel.suggestions.connectLink')}
              </Link>
            </p>
          )}
        </div>
        {data ? (
          <div className="flex flex-col items-start gap-1 sm:items-end">
            <div className="flex items-center gap-2 text-sm">
              <PlaneTakeoff aria-hidden="true" className="size-4 text-ink-muted" />
              <span className="font-medium">
                {t('travel.suggestions.from', {
                  city: placeName(data.origin.city),
                  code: data.origin.code,
                })}
              </span>
              <Button
                size="sm"
                variant="outline"
                aria-label={t('travel.suggestions.changeLabel')}
                onClick={() => setOriginOpen(true)}
              >
                {t('travel.suggestions.change')}
              </Button>
            </div>
            <p className="text-xs text-ink-muted">
              {t('travel.suggestions.priced', {
                count: data.destinationsConsidered,
                time: format.time(data.generatedAt),
              })}
            </p>
          </div>
        ) : null}
      </header>

      {!data && !suggestions.isError ? (
        <LoadingTrips budget={budget} />
      ) : suggestions.isError || !data ? (
        <Banner
          tone="error"
          className="mt-8"
          action={
            <Button size="sm" variant="outline" onClick={() => void suggestions.refetch()}>
              {t('travel.suggestions.retry')}
            </Button>
          }
        >
          {errorMessage(suggestions.error)}
        </Banner>
      ) : (
        <TripList
          data={data}
          adjustments={adjustments}
          now={now}
          refreshing={suggestions.isFetching}
          onOpen={setOpened}
          onBook={startBooking}
          onWatch={watch}
          onCustomize={setCustomizing}
        />
      )}

      <DealsSection adjustments={adjustments} now={now} onOpen={setOpened} />

      <TripDialogs
        opened={opened}
        onChange={setOpened}
        adjustments={adjustments}
        travelers={travelers}
        budget={data ? { maxTripBudget: data.maxTripBudget, currency: data.currency } : null}
        onAnnounce={announce}
        onBook={startBooking}
        messages={{
          flightSelected: t('travel.suggestions.flightSelected'),
          hotelSelected: t('travel.suggestions.hotelSelected'),
          flightUpdated: (total, code) =>
            t('travel.suggestions.flightUpdated', { amount: money(total, code) }),
          hotelUpdated: (total, code) =>
            t('travel.suggestions.hotelUpdated', { amount: money(total, code) }),
        }}
      />
      {customizing ? (
        <Suspense fallback={null}>
          <TripCustomizeDialog
            trip={customizing}
            open
            onOpenChange={(open) => {
              if (!open) setCustomizing(null);
            }}
            onBook={(booking) => {
              setCustomizing(null);
              startBooking(booking);
            }}
          />
        </Suspense>
      ) : null}
      {originOpen ? (
        <Suspense fallback={null}>
          <OriginDialog
            open
            onOpenChange={setOriginOpen}
            current={data?.origin ?? null}
            onSaved={() => announce(t('travel.origin.saved'))}
          />
        </Suspense>
      ) : null}

      <p role="status" aria-live="polite" className="sr-only">
        <span key={announcement.id}>{announcement.text}</span>
      </p>
    </div>
  );
}

function LoadingTrips({ budget }: { budget: string }) {
  const { t } = useTranslation();
  return (
    <div className="mt-8">
      <div
        role="status"
        className="flex flex-col items-center rounded-2xl border border-line bg-surface px-6 py-12 text-center"
      >
        <span className="mb-4 flex size-14 items-center justify-center rounded-2xl bg-linear-to-br from-sky-600 to-violet-600 text-white shadow-lg">
          <Spinner className="size-7" />
        </span>
        <h2 className="text-xl font-semibold tracking-tight sm:text-2xl">
          {t('travel.suggestions.loadingTitle')}
        </h2>
        <p className="mt-2 max-w-md text-ink-muted">
          {t('travel.suggestions.loadingText', { amount: budget })}
        </p>
      </div>
      <div aria-hidden="true" className="mt-6 grid gap-6 md:grid-cols-2">
        <Skeleton className="h-96" />
        <Skeleton className="h-96" />
      </div>
    </div>
  );
}

/** Memoised: the page's other updates (finances, deals, dialogs) leave the trip grid alone. */
/** What a trip card's buttons open or start, given its trip: one object for the whole list. */
interface TripCardActions {
  onOpen: (opened: OpenedDialog) => void;
  onBook: (booking: BookingStart) => void;
  onWatch: (target: WatchTarget) => void;
  onCustomize: (trip: TripSuggestion) => void;
}

/**
 * One card of the list, memoised: the list renders again as its cards are revealed in steps
 * and as the screen's other reads arrive, and a card whose trip has not changed is skipped.
 */
const TripListCard = memo(function TripListCard({
  source,
  view,
  travelers,
  currency,
  now,
  firstInView,
  maxTripBudget,
  autoBookingEnabled,
  actions,
}: {
  source: TripSuggestion;
  view: ReturnType<TripAdjustments['view']>;
  travelers: number;
  currency: string;
  now: number;
  firstInView: boolean;
  maxTripBudget: number | null;
  autoBookingEnabled: boolean;
  actions: TripCardActions;
}) {
  const { onOpen, onBook, onWatch, onCustomize } = actions;
  return (
    <TripCard
      view={view}
      travelers={travelers}
      currency={currency}
      now={now}
      onOpenFlights={() => onOpen({ kind: 'flight', trip: source, leg: 'outbound' })}
      onOpenHotel={() => onOpen({ kind: 'hotel', trip: source })}
      onOpenExperiences={() => onOpen({ kind: 'experience', trip: source, index: 0 })}
      firstInView={firstInView}
      maxTripBudget={maxTripBudget}
      onCustomize={() => onCustomize(view.trip)}
      onBookNow={() => onBook(tripBookingStart(view.trip, travelers))}
      onWatch={() => onWatch(tripWatchTarget(view.trip, travelers, 'alert'))}
      onAutoBook={() => onWatch(tripWatchTarget(view.trip, travelers, 'auto_book'))}
      autoBookingEnabled={autoBookingEnabled}
    />
  );
});

const TripList = memo(function TripList({
  data,
  adjustments,
  now,
  refreshing,
  onOpen,
  onBook,
  onWatch,
  onCustomize,
}: {
  data: SuggestionsResponse;
  adjustments: TripAdjustments;
  now: number;
  refreshing: boolean;
  onOpen: (opened: OpenedDialog) => void;
  onBook: (booking: BookingStart) => void;
  onWatch: (target: WatchTarget) => void;
  onCustomize: (trip: TripSuggestion) => void;
}) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<SuggestionFilter>('all');
  const tabsId = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  // Kept between renders, so the memoised cards below render again only when their trip did.
  const views = useMemo(
    () =>
      data.suggestions.map((trip) => ({
        source: trip,
        view: adjustments.view(trip, data.travelers),
      })),
    [data, adjustments],
  );
  const actions = useMemo(
    () => ({ onOpen, onBook, onWatch, onCustomize }),
    [onOpen, onBook, onWatch, onCustomize],
  );
  // The budget and the Hot Deals threshold arrive in the trips' currency: like with like.
  const rules = {
    maxTripBudget: data.maxTripBudget,
    autoBookingEnabled: data.autoBookingEnabled,
    hotDealSavings: data.hotDealSavings,
  };
  const counts = suggestionFilterCounts(
    views.map(({ view }) => view.trip),
    rules,
  );
  const visible = views.filter(({ view }) => matchesSuggestionFilter(view.trip, filter, rules));
  const shown = useRevealInSteps(visible.length, CARDS_PER_STEP);
  const tabId = (value: SuggestionFilter) => `${tabsId}-tab-${value}`;
  const panelId = `${tabsId}-panel`;

  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = suggestionFilters.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const value = suggestionFilters[next];
    if (value) setFilter(value);
    tabRefs.current[next]?.focus();
  };

  return (
    <div className="mt-8">
      <div
        role="tablist"
        aria-label={t('travel.suggestions.filtersLabel')}
        className="flex gap-2 overflow-x-auto pb-1"
      >
        {suggestionFilters.map((value, index) => {
          const selected = value === filter;
          return (
            <button
              key={value}
              ref={(element) => {
                tabRefs.current[index] = element;
              }}
              id={tabId(value)}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls={panelId}
              tabIndex={selected ? 0 : -1}
              onClick={() => setFilter(value)}
              onKeyDown={(event) => onTabKeyDown(event, index)}
              className={cn(
                'inline-flex shrink-0 items-center gap-2 rounded-full border px-4 py-2 text-sm font-semibold transition-colors',
                selected
                  ? 'border-transparent bg-linear-to-r from-sky-700 to-violet-600 text-white shadow-md'
                  : 'border-line bg-surface text-ink hover:bg-raised',
                focusRing,
              )}
            >
              {/* The space keeps "All Trips 24" apart in the tab's name; flex layout ignores it. */}
              {t(`travel.suggestions.filters.${value}`)}{' '}
              <span
                className={cn(
                  'rounded-full px-2 py-0.5 text-xs',
                  selected ? 'bg-white/20 text-white' : 'bg-raised text-ink',
                )}
              >
                {counts[value]}
              </span>
            </button>
          );
        })}
      </div>

      <div
        id={panelId}
        role="tabpanel"
        aria-labelledby={tabId(filter)}
        aria-busy={refreshing || undefined}
        className="mt-6"
      >
        {visible.length === 0 ? (
          <EmptyState
            icon={SearchX}
            title={t('travel.suggestions.emptyTitle')}
            action={
              <Button variant="outline" onClick={() => setFilter('all')}>
                {t('travel.suggestions.showAll')}
              </Button>
            }
          >
            <p>{t('travel.suggestions.emptyText')}</p>
          </EmptyState>
        ) : (
          <ul className="grid gap-6 md:grid-cols-2">
            {visible.slice(0, shown).map(({ source, view }, index) => (
              <li key={source.id} className="flex">
                <TripListCard
                  source={source}
                  view={view}
                  travelers={data.travelers}
                  currency={data.currency}
                  now={now}
                  firstInView={index < 2}
                  maxTripBudget={data.maxTripBudget}
                  autoBookingEnabled={data.autoBookingEnabled}
                  actions={actions}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
});
