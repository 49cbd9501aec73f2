/** A user's wall clock: the local day, hour and ISO week in their time zone. */
export type LocalTime = {
  /** "2026-11-23" */
  date: string;
  hour: number;
  /** 1 = Monday … 7 = Sunday. */
  isoWeekday: number;
  /** "2026-W48" */
  isoWeek: string;
};

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** The ISO 8601 week ("2026-W01") of a calendar date given as "YYYY-MM-DD". */
export function isoWeekOf(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  const weekday = day.getUTCDay() || 7;
  // The week belongs to the year of its Thursday.
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${pad(week)}`;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The local time of `at` in `timezone`; an unknown zone reads as `fallback`. */
export function localTime(timezone: string, at: Date, fallback = 'UTC'): LocalTime {
  let formatter = formatters.get(timezone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-CA', {
        timeZone: timezone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        hourCycle: 'h23',
      });
    } catch {
      return localTime(fallback, at, 'UTC');
    }
    formatters.set(timezone, formatter);
  }
  const parts = Object.fromEntries(
    formatter.formatToParts(at).map((part) => [part.type, part.value]),
  );
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  return {
    date,
    hour: Number(parts.hour),
    isoWeekday: new Date(`${date}T00:00:00Z`).getUTCDay() || 7,
    isoWeek: isoWeekOf(date),
  };
}
