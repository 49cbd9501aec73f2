import { MAX_NIGHTS } from '@vowa/shared/travel/travel-constants';
import { addDays, daysBetween } from '@vowa/shared/travel/travel-rules';

/** A hotel stay as the Modify form holds it: check-out is always check-in plus the nights. */
export type Stay = { checkIn: string; checkOut: string; nights: number };

/** The dates and numbers of nights the provider will re-quote (part 2 §9's lists). */
export type OfferedStays = { checkIns: string[]; checkOuts: string[]; nights: number[] };

const inRange = (nights: number) => Number.isInteger(nights) && nights >= 1 && nights <= MAX_NIGHTS;

/** The numbers of nights (1–30) that, from `checkIn`, end on an offered check-out. */
function nightsFrom(offered: OfferedStays, checkIn: string): number[] {
  return offered.nights
    .filter((nights) => inRange(nights) && offered.checkOuts.includes(addDays(checkIn, nights)))
    .sort((a, b) => a - b);
}

/**
 * What the form offers for a chosen check-in: the check-ins that allow at least one stay, and
 * the nights and check-outs that agree with each other (one check-out per number of nights).
 */
export function stayOptions(offered: OfferedStays, checkIn: string) {
  const nights = nightsFrom(offered, checkIn);
  return {
    checkIns: offered.checkIns.filter((date) => nightsFrom(offered, date).length > 0),
    nights,
    checkOuts: nights.map((count) => addDays(checkIn, count)),
  };
}

/**
 * One field changed, the others follow so the stay never contradicts itself: new nights move
 * the check-out, a new check-out changes the nights, a new check-in keeps the nights when it can
 * (else the check-out, else the nearest length on offer).
 */
export function changeStay(offered: OfferedStays, stay: Stay, change: Partial<Stay>): Stay {
  if (change.nights !== undefined) {
    return { ...stay, nights: change.nights, checkOut: addDays(stay.checkIn, change.nights) };
  }
  if (change.checkOut !== undefined) {
    return {
      ...stay,
      checkOut: change.checkOut,
      nights: daysBetween(stay.checkIn, change.checkOut),
    };
  }
  if (change.checkIn === undefined) return stay;
  const checkIn = change.checkIn;
  const possible = nightsFrom(offered, checkIn);
  const keptCheckOut = daysBetween(checkIn, stay.checkOut);
  const nights = possible.includes(stay.nights)
    ? stay.nights
    : possible.includes(keptCheckOut)
      ? keptCheckOut
      : [...possible].sort((a, b) => Math.abs(a - stay.nights) - Math.abs(b - stay.nights))[0];
  if (nights === undefined) return stay;
  return { checkIn, nights, checkOut: addDays(checkIn, nights) };
}
