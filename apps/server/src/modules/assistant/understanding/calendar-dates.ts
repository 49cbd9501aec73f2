// Plain calendar arithmetic on ISO dates (YYYY-MM-DD). The person's "today" is already
// resolved in their time zone by the caller, so everything after that is zone-free and done
// in UTC, where a day is always 24 hours.

export function toIsoDate(year: number, month: number, day: number): string {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.toISOString().slice(0, 10);
}

export function partsOf(iso: string): { year: number; month: number; day: number } {
  const [year = 0, month = 1, day = 1] = iso.split('-').map(Number);
  return { year, month, day };
}

export function addDays(iso: string, days: number): string {
  const { year, month, day } = partsOf(iso);
  return toIsoDate(year, month, day + days);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(iso: string): number {
  return new Date(`${iso}T00:00:00Z`).getUTCDay();
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The next date on or after today with this month and day: "14 July" said in August means
 * next year's. A day alone ("the 3rd") is this month's, or next month's once it has passed.
 */
export function nextOccurrence(today: string, day: number, month?: number): string {
  const now = partsOf(today);
  if (month !== undefined) {
    const thisYear = toIsoDate(now.year, month, day);
    return thisYear >= today ? thisYear : toIsoDate(now.year + 1, month, day);
  }
  const thisMonth = toIsoDate(now.year, now.month, day);
  return thisMonth >= today ? thisMonth : toIsoDate(now.year, now.month + 1, day);
}

/** "In March" said in May means next March; said in March, this one. */
export function nextMonth(today: string, month: number): string {
  const now = partsOf(today);
  const year = month >= now.month ? now.year : now.year + 1;
  return `${year}-${String(month).padStart(2, '0')}`;
}
