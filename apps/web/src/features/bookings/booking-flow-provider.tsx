import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import {
  BookingFlowContext,
  type BookingFlowControls,
  type BookingStart,
} from '../../lib/booking-flow-context';
import { useSession } from '../../lib/session-context';
import { useSignInDialog } from '../../lib/sign-in-dialog-context';
import type { PaymentSlot } from './payment-slot';
import { createPendingAttempts, pendingAttemptId } from './pending-attempts';

// The dialog brings the forms, the shared schemas and the payment UI: loaded on first use, not
// with the entry chunk the shell is in.
const BookingDialog = lazy(() =>
  import('./booking-dialog').then((module) => ({ default: module.BookingDialog })),
);

/**
 * The one booking dialog, mounted once by the app. `start` opens it on a fresh review; a guest
 * is asked to sign in first and the booking they started opens once they have.
 */
export function BookingFlowProvider({
  payment,
  children,
}: {
  payment: PaymentSlot;
  children: ReactNode;
}) {
  const { status, user } = useSession();
  // Unanswered attempts outlive the dialog: Book Now again on the same items continues one.
  const [pendingAttempts] = useState(createPendingAttempts);
  const { openSignIn } = useSignInDialog();
  // `instance` remounts the dialog for every booking, so each starts with a new review (and a
  // new idempotency key).
  const [state, setState] = useState<{ booking: BookingStart; instance: number; open: boolean }>();
  const [waitingForSignIn, setWaitingForSignIn] = useState<BookingStart | null>(null);

  const open = useCallback((booking: BookingStart) => {
    setState((previous) => ({ booking, instance: (previous?.instance ?? 0) + 1, open: true }));
  }, []);

  const start = useCallback(
    (booking: BookingStart) => {
      if (status !== 'guest') {
        open(booking);
        return;
      }
      setWaitingForSignIn(booking);
      // Closed without signing in: the booking is dropped, not opened at some later sign-in.
      openSignIn('login', {
        stay: true,
        onDismiss: () => setWaitingForSignIn((waiting) => (waiting === booking ? null : waiting)),
      });
    },
    [status, open, openSignIn],
  );

  // Signed in now: the booking they started opens (state adjusted while rendering, no effect).
  if (status === 'signed-in' && waitingForSignIn) {
    setWaitingForSignIn(null);
    open(waitingForSignIn);
  }

  // Another screen: a booking started on the one left behind is no longer wanted.
  const { pathname } = useLocation();
  const [shownPath, setShownPath] = useState(pathname);
  if (pathname !== shownPath) {
    setShownPath(pathname);
    if (waitingForSignIn) setWaitingForSignIn(null);
  }

  const controls = useMemo<BookingFlowControls>(() => ({ start }), [start]);
  // One slot per booking and person, not a new one every render (the attempt's callbacks and
  // whatever depends on them would change with it).
  const pendingId = state
    ? pendingAttemptId(state.booking.items, state.booking.travelers, user?.id)
    : null;
  const pendingSlot = useMemo(
    () => (pendingId === null ? undefined : pendingAttempts.slot(pendingId)),
    [pendingAttempts, pendingId],
  );

  return (
    <BookingFlowContext.Provider value={controls}>
      {children}
      {state ? (
        <Suspense fallback={null}>
          <BookingDialog
            key={state.instance}
            open={state.open}
            booking={state.booking}
            payment={payment}
            pendingSlot={pendingSlot}
            onOpenChange={(value) =>
              setState((previous) => (previous ? { ...previous, open: value } : previous))
            }
          />
        </Suspense>
      ) : null}
    </BookingFlowContext.Provider>
  );
}
