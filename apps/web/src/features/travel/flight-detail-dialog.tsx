import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Armchair,
  Ban,
  Bell,
  BriefcaseBusiness,
  CalendarClock,
  Check,
  Clock,
  Luggage,
  PlaneLanding,
  PlaneTakeoff,
  Route,
  Sparkles,
  Tv,
  Utensils,
  Wifi,
  X,
  type LucideIcon,
} from 'lucide-react';
import type { TravelClass } from '@vowa/shared/travel/travel-constants';
import { flightModifyOptions } from '@vowa/shared/travel/travel-rules';
import type { Flight, FlightRequoteRequest } from '@vowa/shared/travel/travel-schemas';
import { RouteMap } from '../../components/maps/maps';
import { PriceHistoryDisclosure } from '../../components/price-history/quote-price-history';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Select } from '../../components/ui/select';
import { cn } from '../../lib/cn';
import { useFormat } from '../../lib/use-format';
import { usePlaceName } from '../../lib/use-place-names';
import { useWatchActions } from '../../lib/watch-actions-context';
import {
  ConvertedNote,
  DetailSection,
  DialogFooter,
  FooterPrice,
  IconList,
  InfoList,
  RequoteSummary,
  TripTotalCheck,
  type TripTotalContext,
} from './travel-parts';
import { useEditFocus, useRequoteView } from './use-modify-mode';

export type GroupAction = 'selected' | 'modified';

type Choice = { travelClass: TravelClass; departureDate: string; departureTime: string };

const choiceOf = (flight: Flight): Choice => ({
  travelClass: flight.class,
  departureDate: flight.departure.date,
  departureTime: flight.departure.time,
});

const sameChoice = (a: Choice, b: Choice) =>
  a.travelClass === b.travelClass &&
  a.departureDate === b.departureDate &&
  a.departureTime === b.departureTime;

/** Which offer the dialog was opened with: a new one resets every edit choice (part 2 §4). */
const identity = (flight: Flight) => `${flight.id}|${flight.quote.quoteId}`;

type State = { source: string; applied: Flight; editing: boolean; choice: Choice };
const initialState = (flight: Flight): State => ({
  source: identity(flight),
  applied: flight,
  editing: false,
  choice: choiceOf(flight),
});

/**
 * Part 2 §2 Flight detail dialog: the flight's legs, baggage, amenities and price; Modify
 * re-quotes a new class, date or time live through the provider; Save applies the new offer.
 */
export function FlightDetailDialog({
  open,
  onClose,
  flight,
  isReturn = false,
  groupContext = false,
  onGroupUpdate,
  onSelect,
  onModified,
  onShowOtherLeg,
  trip,
}: {
  open: boolean;
  onClose: () => void;
  flight: Flight;
  isReturn?: boolean;
  groupContext?: boolean;
  onGroupUpdate?: (flight: Flight, action: GroupAction) => void;
  onSelect?: (flight: Flight) => void;
  /** Called with the re-quoted flight when a modification is saved. */
  onModified?: (flight: Flight) => void;
  /** When given, a footer button switches to the trip's other leg. */
  onShowOtherLeg?: () => void;
  /** The trip the flight belongs to: Modify shows its new total and the budget check. */
  trip?: TripTotalContext;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const placeName = usePlaceName();
  const [state, setState] = useState(() => initialState(flight));
  let current = state;
  if (state.source !== identity(flight)) {
    current = initialState(flight);
    setState(current);
  }
  const { applied, editing, choice } = current;
  const na = t('travel.notAvailable');
  const text = (value: string | null | undefined) => (value && value.trim() ? value : na);

  const request: FlightRequoteRequest | null =
    editing && !sameChoice(choice, choiceOf(applied))
      ? { kind: 'flight', quoteId: applied.quote.quoteId, ...choice }
      : null;
  const { view, offer: requoted } = useRequoteView(request, applied.price, (answer) =>
    answer.kind === 'flight' ? answer.flight : undefined,
  );
  const { firstFieldRef, modifyRef, focusAfterEditRef } = useEditFocus(editing);

  const options = flightModifyOptions(choiceOf(applied));
  const setChoice = (change: Partial<Choice>) =>
    setState({ ...current, choice: { ...choice, ...change } });
  const startEditing = () => {
    focusAfterEditRef.current = 'field';
    setState({ ...current, editing: true, choice: choiceOf(applied) });
  };
  const cancelEditing = () => {
    focusAfterEditRef.current = 'modify';
    setState({ ...current, editing: false, choice: choiceOf(applied) });
  };
  const save = () => {
    if (request === null) {
      cancelEditing();
      return;
    }
    if (view.state !== 'ready' || !requoted) return;
    const next = requoted;
    focusAfterEditRef.current = 'modify';
    setState({ ...current, applied: next, editing: false, choice: choiceOf(next) });
    if (groupContext) onGroupUpdate?.(next, 'modified');
    onModified?.(next);
  };
  const close = () => {
    if (editing) setState({ ...current, editing: false, choice: choiceOf(applied) });
    onClose();
  };
  const select = () => {
    if (groupContext) onGroupUpdate?.(applied, 'selected');
    else onSelect?.(applied);
    close();
  };
  const { watch } = useWatchActions();
  // Watch price: this flight for the trip's travellers (one alone), named after where it lands.
  const watchPrice = () => {
    close();
    watch({
      kind: 'flight',
      mode: 'alert',
      items: [{ kind: 'flight', quoteId: applied.quote.quoteId }],
      travelers: trip?.travelers ?? 1,
      title: {
        destination: applied.arrival.city || applied.arrival.airportCode,
        country: applied.arrival.country,
        countryCode: applied.arrival.countryCode ?? '',
      },
    });
  };

  // While editing, the details show the pending choice: the re-quoted offer once the server
  // has priced it, the chosen class, date and time until then (an unavailable choice keeps the
  // flight as it is, under the re-quote's error).
  const previewing = editing && request !== null && view.state !== 'error';
  const shown: Flight = !previewing
    ? applied
    : (requoted ?? {
        ...applied,
        class: choice.travelClass,
        departure: { ...applied.departure, date: choice.departureDate, time: choice.departureTime },
      });
  const awaiting = previewing && !requoted;

  const legLabel = isReturn ? t('travel.flight.return') : t('travel.flight.outbound');
  const LegIcon = isReturn ? PlaneLanding : PlaneTakeoff;
  const title =
    shown.airline || shown.flightNumber
      ? t('travel.flight.title', { airline: shown.airline, flightNumber: shown.flightNumber })
      : na;
  const stops =
    shown.stops === 0
      ? t('travel.flight.nonStop')
      : t('travel.flight.stops', { count: shown.stops });

  const amenities: { key: string; label: string; icon: LucideIcon; on: boolean }[] = [
    { key: 'wifi', label: t('travel.flight.wifi'), icon: Wifi, on: shown.wifi },
    {
      key: 'entertainment',
      label: t('travel.flight.entertainment'),
      icon: Tv,
      on: shown.entertainment,
    },
    { key: 'meals', label: t('travel.flight.meals'), icon: Utensils, on: shown.mealService },
    {
      key: 'seat',
      label: t('travel.flight.seatSelection'),
      icon: Armchair,
      on: shown.seatSelection,
    },
  ];

  return (
    <Dialog
      open={open}
      onOpenChange={(value) => {
        if (!value) close();
      }}
      title={title}
      description={t('travel.flight.aircraft', { aircraft: text(shown.aircraft) })}
      header={
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="neutral">
            <LegIcon aria-hidden="true" className="size-3.5" />
            {legLabel}
          </Badge>
          <Badge tone="accent">
            <span className="sr-only">
              {t('travel.flight.classLabel', { travelClass: t(`travel.classes.${shown.class}`) })}
            </span>
            <span aria-hidden="true">{t(`travel.classes.${shown.class}`)}</span>
          </Badge>
        </div>
      }
      className="sm:max-w-2xl"
    >
      <div className="space-y-6">
        {editing ? (
          <section
            aria-labelledby="flight-modify-title"
            className="space-y-4 rounded-xl border border-line bg-raised/60 p-4"
          >
            <div>
              <h3 id="flight-modify-title" className="text-base font-semibold">
                {t('travel.flight.modifyTitle')}
              </h3>
              <p className="mt-1 text-sm text-ink-muted">{t('travel.flight.modifyHint')}</p>
            </div>
            <div className="grid gap-3 sm:grid-cols-3">
              <Select
                ref={firstFieldRef}
                label={t('travel.flight.travelClass')}
                value={choice.travelClass}
                onChange={(event) => setChoice({ travelClass: event.target.value as TravelClass })}
                options={options.classes.map((value) => ({
                  value,
                  label: t(`travel.classes.${value}`),
                }))}
              />
              <Select
                label={t('travel.flight.departureDate')}
                value={choice.departureDate}
                onChange={(event) => setChoice({ departureDate: event.target.value })}
                options={options.dates.map((value) => ({
                  value,
                  label: format.calendarDate(value, 'long'),
                }))}
              />
              <Select
                label={t('travel.flight.departureTime')}
                value={choice.departureTime}
                onChange={(event) => setChoice({ departureTime: event.target.value })}
                options={options.times.map((value) => ({ value, label: format.clock(value) }))}
              />
            </div>
            <RequoteSummary
              view={view}
              currency={requoted?.currency ?? shown.currency}
              priceLabel={t('travel.requote.newPrice')}
            />
            {trip ? (
              <TripTotalCheck
                context={trip}
                view={view}
                appliedPrice={applied.price}
                currency={requoted?.currency ?? applied.currency}
              />
            ) : null}
          </section>
        ) : null}

        <DetailSection
          title={t('travel.flight.detailsTitle')}
          className="border-t-0 pt-0"
          action={
            previewing ? <Badge tone="warning">{t('travel.requote.preview')}</Badge> : undefined
          }
        >
          <div className="grid gap-4 sm:grid-cols-[1fr_auto_1fr]">
            <Endpoint
              label={t('travel.flight.departure')}
              icon={PlaneTakeoff}
              endpoint={shown.departure}
            />
            <div className="flex flex-col items-center justify-center gap-1 text-center text-sm text-ink-muted">
              <span className="flex items-center gap-1.5">
                <Clock aria-hidden="true" className="size-4" />
                <span className="sr-only">{t('travel.flight.duration')}: </span>
                {text(shown.duration)}
              </span>
              <span aria-hidden="true" className="h-px w-24 bg-line" />
              <span className="font-medium text-ink">{stops}</span>
              {shown.stopAirports.length > 0 ? (
                <span className="text-xs">
                  {t('travel.flight.via', { airports: shown.stopAirports.join(', ') })}
                </span>
              ) : null}
            </div>
            <Endpoint
              label={t('travel.flight.arrival')}
              icon={PlaneLanding}
              endpoint={shown.arrival}
              pending={awaiting}
            />
          </div>
        </DetailSection>

        {shown.departure.coordinates && shown.arrival.coordinates ? (
          <DetailSection title={t('maps.routeTitle')} icon={Route}>
            <RouteMap
              from={{ ...shown.departure.coordinates, label: shown.departure.airportCode }}
              to={{ ...shown.arrival.coordinates, label: shown.arrival.airportCode }}
              label={t('maps.routeLabel', {
                from: placeName(shown.departure.city) || shown.departure.airportCode,
                to: placeName(shown.arrival.city) || shown.arrival.airportCode,
              })}
              loading={t('maps.loading')}
              unavailable={t('maps.unavailable')}
            />
          </DetailSection>
        ) : null}

        <DetailSection title={t('travel.flight.baggageTitle')} icon={Luggage}>
          <InfoList
            items={[
              {
                term: t('travel.flight.carryOn'),
                value: text(shown.baggage.carry),
                icon: BriefcaseBusiness,
              },
              {
                term: t('travel.flight.checked'),
                value: text(shown.baggage.checked),
                icon: Luggage,
              },
              {
                term: t('travel.flight.cancellation'),
                value: text(shown.cancellation),
                icon: CalendarClock,
              },
            ]}
          />
        </DetailSection>

        <DetailSection title={t('travel.flight.amenitiesTitle')} icon={Sparkles}>
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {amenities.map(({ key, label, icon: Icon, on }) => (
              <li
                key={key}
                data-testid={`amenity-${key}`}
                data-available={on}
                className={cn(
                  'flex flex-col items-center gap-1 rounded-xl border p-3 text-center',
                  on
                    ? 'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-400/30 dark:bg-emerald-400/10 dark:text-emerald-100'
                    : 'border-line bg-raised/50 text-ink-muted',
                )}
              >
                <Icon aria-hidden="true" className="size-5" />
                <span className="text-sm font-medium">{label}</span>
                <span className="flex items-center gap-1 text-xs">
                  {on ? (
                    <Check aria-hidden="true" className="size-3.5" />
                  ) : (
                    <X aria-hidden="true" className="size-3.5" />
                  )}
                  {on ? t('travel.flight.available') : t('travel.flight.unavailable')}
                </span>
              </li>
            ))}
          </ul>
          {shown.amenities.length > 0 ? (
            <div className="mt-4">
              <h4 className="text-xs font-medium text-ink-muted">
                {t('travel.flight.moreAmenities')}
              </h4>
              <IconList items={shown.amenities} icon={Check} className="mt-2" />
            </div>
          ) : null}
        </DetailSection>

        <DetailSection title={t('travel.flight.priceTitle')}>
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div>
              <p className="text-xs font-medium text-ink-muted">
                {t('travel.flight.pricePerPerson')}
              </p>
              <p className="text-2xl font-bold text-ink" data-testid="flight-price">
                {awaiting
                  ? t('travel.requote.loading')
                  : shown.price === null
                    ? t('travel.priceNotAvailable')
                    : format.money(shown.price, shown.currency, 'always')}
              </p>
              <p className="text-xs text-ink-muted">{t('travel.flight.includingTaxes')}</p>
            </div>
            {shown.price === null ? (
              <Ban aria-hidden="true" className="size-5 text-ink-muted" />
            ) : null}
          </div>
          <ConvertedNote quote={shown.quote} currency={shown.currency} className="mt-2" />
        </DetailSection>

        {editing ? null : (
          // Per person, as the price above (the quote's own history, whatever the travellers).
          <>
            <PriceHistoryDisclosure
              key={applied.quote.quoteId}
              request={{
                items: [{ kind: 'flight', quoteId: applied.quote.quoteId }],
                travelers: 1,
              }}
            />
            {/* Beside its history rather than in the footer, which keeps its actions in pairs. */}
            {groupContext || applied.price === null ? null : (
              <Button variant="outline" onClick={watchPrice} className="w-full sm:w-auto">
                <Bell aria-hidden="true" className="size-4" />
                {t('watches.watchPrice')}
              </Button>
            )}
          </>
        )}
      </div>

      <DialogFooter
        summary={
          shown.price === null || awaiting ? null : (
            <FooterPrice
              label={t('travel.flight.pricePerPerson')}
              amount={format.money(shown.price, shown.currency, 'always')}
            />
          )
        }
      >
        {editing ? (
          <>
            <Button variant="ghost" onClick={close}>
              {t('travel.close')}
            </Button>
            <Button variant="outline" onClick={cancelEditing}>
              {t('travel.cancel')}
            </Button>
            <Button onClick={save} disabled={request !== null && view.state !== 'ready'}>
              {t('travel.save')}
            </Button>
          </>
        ) : (
          <>
            {onShowOtherLeg ? (
              <Button variant="ghost" onClick={onShowOtherLeg} className="sm:mr-auto">
                {isReturn ? t('travel.flight.showOutbound') : t('travel.flight.showReturn')}
              </Button>
            ) : null}
            <Button ref={modifyRef} variant="outline" onClick={startEditing}>
              {t('travel.modify')}
            </Button>
            <Button variant="outline" onClick={close}>
              {t('travel.close')}
            </Button>
            <Button onClick={select}>
              {groupContext ? t('travel.selectForGroup') : t('travel.flight.select')}
            </Button>
          </>
        )}
      </DialogFooter>
    </Dialog>
  );
}

function Endpoint({
  label,
  icon: Icon,
  endpoint,
  pending = false,
}: {
  label: string;
  icon: LucideIcon;
  endpoint: Flight['departure'];
  /** Its time and date are being priced again (the re-quote has not answered yet). */
  pending?: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const placeName = usePlaceName();
  const na = t('travel.notAvailable');
  return (
    <div className="min-w-0 rounded-xl border border-line p-4">
      <h4 className="flex items-center gap-1.5 text-xs font-medium tracking-wide text-ink-muted uppercase">
        <Icon aria-hidden="true" className="size-3.5" />
        {label}
      </h4>
      <p className="mt-2 text-2xl font-bold">{endpoint.airportCode || na}</p>
      <p className="text-sm font-medium">{placeName(endpoint.city) || na}</p>
      {endpoint.airportName ? (
        <p className="truncate text-xs text-ink-muted">{endpoint.airportName}</p>
      ) : null}
      {pending ? (
        <p className="mt-2 text-sm text-ink-muted">{t('travel.requote.loading')}</p>
      ) : (
        <>
          <p className="mt-2 text-lg font-semibold">
            {endpoint.time ? format.clock(endpoint.time) : na}
          </p>
          <p className="text-sm text-ink-muted">
            {endpoint.date ? format.calendarDate(endpoint.date, 'long') : na}
          </p>
        </>
      )}
      {endpoint.terminal ? (
        <p className="mt-1 text-sm">
          {t('travel.flight.terminal', { terminal: endpoint.terminal })}
        </p>
      ) : null}
    </div>
  );
}
