import { lazy, type ReactNode } from 'react';
import { BookingFlowProvider } from '../features/bookings/booking-flow-provider';
import type { PaymentSlot } from '../features/bookings/payment-slot';
import { WatchActions } from './watch-actions';

// The payments feature's parts of the booking dialog, loaded with the dialog (never with the
// entry chunk): the card choice, and the confirmation step a card may ask for.
const paymentSlot: PaymentSlot = {
  Choice: lazy(() =>
    import('../features/payments/payment-choice').then((module) => ({
      default: module.PaymentChoice,
    })),
  ),
  ActionStep: lazy(() =>
    import('../features/payments/payment-action-step').then((module) => ({
      default: module.PaymentActionStep,
    })),
  ),
};

/**
 * The one booking dialog every screen opens with `useBookingFlow()`, paid through payments, and
 * with it the watch dialog (`useWatchActions()`), whose Auto-Book books later on its own.
 */
export function BookingFlow({ children }: { children: ReactNode }) {
  return (
    <BookingFlowProvider payment={paymentSlot}>
      <WatchActions>{children}</WatchActions>
    </BookingFlowProvider>
  );
}
