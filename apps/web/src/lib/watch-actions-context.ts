import { createContext, useContext } from 'react';

/** What a watch is called: the trip's destination, as on its card and its booking. */
export type WatchTitle = { destination: string; country: string; countryCode: string };

/** The recorded quotes a watch prices again (a trip's flights, stay and experiences, or one). */
export type WatchItem = { kind: 'flight' | 'hotel' | 'experience'; quoteId: string };

/**
 * What a screen asks to watch (issue 16): recorded quotes shown on a card or in a dialog, for
 * an alert or for Auto-Book (which asks for the travellers' names first); or a bucket-list
 * place, priced as a trip from home against the budget.
 */
export type WatchTarget =
  | {
      kind: 'trip' | 'flight' | 'hotel';
      mode: 'alert' | 'auto_book';
      items: WatchItem[];
      travelers: number;
      title: WatchTitle;
    }
  | {
      kind: 'destination';
      bucketItemId: string;
      /** The place as the bucket list names it, for the dialog's words. */
      place: string;
    };

export interface WatchActionsControls {
  watch: (target: WatchTarget) => void;
}

export const WatchActionsContext = createContext<WatchActionsControls | null>(null);

/**
 * Opens the app-wide watch dialog from any feature (trip cards, detail dialogs, bucket-list
 * items); `app/` mounts its provider once, as it does the booking flow's.
 */
export function useWatchActions(): WatchActionsControls {
  const controls = useContext(WatchActionsContext);
  if (!controls) throw new Error('useWatchActions must be used inside the watch actions provider');
  return controls;
}
