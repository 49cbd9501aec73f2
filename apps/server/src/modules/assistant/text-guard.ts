import type { Language } from '@vowa/shared/settings/settings-constants';
import type { PriceLedger } from './price-ledger';

/** Digits and the separators a number may still continue with, at the end of the text. */
const OPEN_NUMBER = /[\d.,\u00a0\u202f ]*\d[\d.,\u00a0\u202f ]*$/;

/**
 * Lets a reply stream through only as far as every number in it is known to the turn's ledger.
 * A number still being written (digits at the end of what arrived) is held back until it ends.
 * Once a number no tool returned shows up, nothing more is released and `violated` is set: the
 * caller replaces the reply with one built from the tool results. So a browser never shows an
 * invented price, not even for a moment.
 */
export function createTextGuard(ledger: PriceLedger, language: Language) {
  let held = '';
  let violated = false;

  function release(text: string): string {
    if (violated) return '';
    if (ledger.unknownNumbersIn(text, language).length > 0) {
      violated = true;
      return '';
    }
    return text;
  }

  return {
    get violated() {
      return violated;
    },
    /** Adds what the assistant wrote; returns what may be shown now. */
    push(delta: string): string {
      held += delta;
      const open = OPEN_NUMBER.exec(held);
      const cut = open ? open.index : held.length;
      const ready = held.slice(0, cut);
      held = held.slice(cut);
      return release(ready);
    },
    /** The reply ended: whatever was held back, if it passes. */
    end(): string {
      const rest = held;
      held = '';
      return release(rest);
    },
  };
}
