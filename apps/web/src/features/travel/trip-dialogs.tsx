import { lazy, Suspense, type ComponentProps } from 'react';
import type { TripSuggestion } from '@vowa/shared/travel/travel-schemas';
import type { BookingStart } from '../../lib/booking-flow-context';
import { loadExperienceDialog, loadFlightDialog, loadHotelDialog } from './trip-dialog-code';
import type { TripTotalContext } from './travel-parts';
import { offerBookingStart } from './trip-booking';
import type { FlightLeg, TripAdjustments } from './trip-adjustments';

const FlightDetailDialog = lazy(async () => ({
  default: (await loadFlightDialog()).FlightDetailDialog,
}));
const HotelDetailDialog = lazy(async () => ({
  default: (await loadHotelDialog()).HotelDetailDialog,
}));
const ExperienceDetailDialog = lazy(async () => ({
  default: (await loadExperienceDialog()).ExperienceDetailDialog,
}));

/** Which detail dialog is open, for which trip (the trip as the server sent it). */
export type OpenedDialog =
  | { kind: 'flight'; trip: TripSuggestion; leg: FlightLeg }
  | { kind: 'hotel'; trip: TripSuggestion }
  | { kind: 'experience'; trip: TripSuggestion; index: number };

type TripDialogsProps = ComponentProps<typeof OpenTripDialog>;

/**
 * The flight, hotel and experience dialogs of the suggestions screen and the deals list. Each
 * opens on its own and is cleared on close (part 2 §4); changes saved in a dialog update the
 * trip's card through `adjustments`.
 */
export function TripDialogs(
  props: Omit<TripDialogsProps, 'opened'> & { opened: OpenedDialog | null },
) {
  if (!props.opened) return null;
  return (
    <Suspense fallback={null}>
      <OpenTripDialog {...props} opened={props.opened} />
    </Suspense>
  );
}

function OpenTripDialog({
  opened,
  onChange,
  adjustments,
  travelers,
  budget = null,
  onAnnounce,
  messages,
  onBook,
}: {
  opened: OpenedDialog;
  onChange: (opened: OpenedDialog | null) => void;
  adjustments: TripAdjustments;
  travelers: number;
  /** The person's budget in the trips' currency, for the dialogs' over-budget check. */
  budget?: { maxTripBudget: number; currency: string } | null;
  onAnnounce: (message: string) => void;
  messages: {
    flightSelected: string;
    hotelSelected: string;
    flightUpdated: (total: number, currency: string) => string;
    hotelUpdated: (total: number, currency: string) => string;
  };
  /** Select Flight / Select Hotel / Book Experience start a booking of that offer. */
  onBook?: (booking: BookingStart) => void;
}) {
  const close = () => onChange(null);
  const { trip: source } = opened;
  const view = adjustments.view(source, travelers);
  const { trip } = view;
  const context = (factor: number): TripTotalContext => ({
    total: trip.price,
    currency: budget?.currency ?? trip.flightDetails.outbound.currency,
    maxTripBudget: budget?.maxTripBudget ?? null,
    travelers,
    factor,
  });

  if (opened.kind === 'flight') {
    const leg = opened.leg;
    return (
      <FlightDetailDialog
        open
        onClose={close}
        flight={trip.flightDetails[leg]}
        isReturn={leg === 'return'}
        trip={context(travelers)}
        onShowOtherLeg={() =>
          onChange({ ...opened, leg: leg === 'outbound' ? 'return' : 'outbound' })
        }
        onSelect={(flight) => {
          adjustments.flightSelected(source);
          onAnnounce(messages.flightSelected);
          onBook?.(offerBookingStart('flight', flight.quote.quoteId, trip, travelers));
        }}
        onModified={(flight) => {
          adjustments.flightModified(source, leg, flight);
          const before = trip.flightDetails[leg].price;
          onAnnounce(
            messages.flightUpdated(
              totalAfter(trip.price, before, flight.price, travelers),
              flight.currency,
            ),
          );
        }}
      />
    );
  }
  if (opened.kind === 'hotel') {
    return (
      <HotelDetailDialog
        open
        onClose={close}
        hotel={trip.hotel}
        trip={context(1)}
        onSelect={(hotel) => {
          adjustments.hotelSelected(source);
          onAnnounce(messages.hotelSelected);
          onBook?.(offerBookingStart('hotel', hotel.quote.quoteId, trip, travelers));
        }}
        onModified={(hotel) => {
          adjustments.hotelModified(source, hotel);
          onAnnounce(
            messages.hotelUpdated(
              totalAfter(trip.price, trip.hotel.price, hotel.price, 1),
              hotel.currency,
            ),
          );
        }}
      />
    );
  }
  const experiences = trip.experiences;
  const experience = experiences[opened.index];
  if (!experience) return null;
  return (
    <ExperienceDetailDialog
      open
      onClose={close}
      experience={experience}
      onBook={
        onBook
          ? (chosen) => {
              close();
              onBook(offerBookingStart('experience', chosen.quote.quoteId, trip, travelers));
            }
          : undefined
      }
      position={{
        index: opened.index,
        total: experiences.length,
        onPrevious: () =>
          onChange({
            ...opened,
            index: (opened.index - 1 + experiences.length) % experiences.length,
          }),
        onNext: () => onChange({ ...opened, index: (opened.index + 1) % experiences.length }),
      }}
    />
  );
}

/** The trip's total once one part's price moves from `before` to `after` (× `factor`). */
function totalAfter(total: number, before: number | null, after: number | null, factor: number) {
  if (before === null || after === null) return total;
  return Math.round((total + (after - before) * factor) * 100) / 100;
}
