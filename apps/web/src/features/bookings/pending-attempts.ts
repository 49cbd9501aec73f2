import type { CreateBookingRequest } from '@vowa/shared/bookings/booking-schemas';

/** One intent to book: the key and the exact body every retry of it sends again. */
export type PendingAttempt = { key: string; body: CreateBookingRequest };

/** Where one started booking keeps its attempt while the server has not answered for sure. */
export interface PendingAttemptSlot {
  load: () => PendingAttempt | null;
  save: (attempt: PendingAttempt) => void;
  clear: () => void;
}

const STORAGE_PREFIX = 'vowa.booking.pending:';

/** The same items (in any order) for the same number of travellers name the same intent. */
export function pendingAttemptId(
  items: readonly { quoteId: string }[],
  travelers: number,
  userId = '',
): string {
  const quotes = items.map((item) => item.quoteId).sort();
  return `${userId}|${quotes.join(',')}|${travelers}`;
}

function readStored(id: string): PendingAttempt | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_PREFIX + id);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<PendingAttempt> | null;
    if (typeof value?.key !== 'string' || !value.body || typeof value.body !== 'object') {
      return null;
    }
    return { key: value.key, body: value.body };
  } catch {
    return null;
  }
}

function writeStored(id: string, attempt: PendingAttempt | null) {
  try {
    if (attempt) sessionStorage.setItem(STORAGE_PREFIX + id, JSON.stringify(attempt));
    else sessionStorage.removeItem(STORAGE_PREFIX + id);
  } catch {
    // Storage full or blocked: the provider's memory still holds it for this page's life.
  }
}

/**
 * The booking flow's pending attempts: in memory for the provider's life and in sessionStorage
 * for a reload, so closing the dialog and pressing Book Now again on the same items sends the
 * same key and body (the server answers with the first booking, never a second charge).
 */
export function createPendingAttempts() {
  const memory = new Map<string, PendingAttempt>();
  return {
    slot(id: string): PendingAttemptSlot {
      return {
        load: () => memory.get(id) ?? readStored(id),
        save: (attempt) => {
          memory.set(id, attempt);
          writeStored(id, attempt);
        },
        clear: () => {
          memory.delete(id);
          writeStored(id, null);
        },
      };
    },
  };
}
