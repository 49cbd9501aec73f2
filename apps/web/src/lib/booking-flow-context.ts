import { createContext, useContext } from 'react';

/** What a screen asks the one booking dialog to book (issue 14 §2). */
export type BookingStart = {
  /** Recorded quotes (`travel_quotes`): the dialog re-quotes them before anything is charged. */
  items: { kind: 'flight' | 'hotel' | 'experience'; quoteId: string }[];
  travelers: number;
  source: 'trip' | 'customized' | 'experience' | 'flight' | 'hotel' | 'chat' | 'group';
  tripTitle: { destination: string; country: string; countryCode: string };
  /** The customise dialog's special requests, for the booking's `specialRequests`. */
  specialRequests?: string;
  /**
   * A group's agreed plan, booked for the group (source 'group', issue 15 §5): the items are
   * the plan's picks and the travellers one per member; the server checks both.
   */
  groupId?: string;
};

export interface BookingFlowControls {
  start: (booking: BookingStart) => void;
}

export const BookingFlowContext = createContext<BookingFlowControls | null>(null);

/**
 * Opens the app-wide booking dialog from any feature (trip cards, detail dialogs, the chat's
 * Book Both, the customise dialog's Book Trip); `app/` mounts its provider once.
 */
export function useBookingFlow(): BookingFlowControls {
  const controls = useContext(BookingFlowContext);
  if (!controls) throw new Error('useBookingFlow must be used inside the booking flow provider');
  return controls;
}
