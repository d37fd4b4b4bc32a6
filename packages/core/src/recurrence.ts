// Recurring expenses: the date of each occurrence of a series and the instant it falls due.
// Pure: dates are YYYY-MM-DD strings computed on the proleptic Gregorian calendar in UTC
// arithmetic (no local time zone is ever consulted); time zones only enter `startOfDayIn`,
// through the Intl API's offsets (the ICU data Node ships).

export const FREQUENCIES = ['DAILY', 'WEEKLY', 'BIWEEKLY', 'MONTHLY', 'YEARLY'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** Most occurrences a series may be given by count. */
export const MAX_END_COUNT = 1000;

/** What decides a series' occurrence dates. */
export interface SeriesSchedule {
  frequency: Frequency;
  /** YYYY-MM-DD: occurrence 0. */
  startDate: string;
  /** Inclusive last date, or null. */
  endDate: string | null;
  /** Number of occurrences (indices 0 … endCount-1), or null. */
  endCount: number | null;
}

const DAY_MS = 86_400_000;

function parts(date: string): { y: number; m: number; d: number } {
  return { y: Number(date.slice(0, 4)), m: Number(date.slice(5, 7)), d: Number(date.slice(8, 10)) };
}

function format(y: number, m: number, d: number): string {
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** Days in month `m` (1–12) of year `y`. */
export function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** `date` plus `days` days. */
export function addDays(date: string, days: number): string {
  const { y, m, d } = parts(date);
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10);
}

/** `date` plus `months` months, its day of month clamped to the target month's last day. */
export function addMonthsClamped(date: string, months: number): string {
  const { y, m, d } = parts(date);
  const total = y * 12 + (m - 1) + months;
  const ty = Math.floor(total / 12);
  const tm = (total % 12) + 1;
  return format(ty, tm, Math.min(d, daysInMonth(ty, tm)));
}

/**
 * The date of occurrence `n` (0 = startDate): startDate + n periods. Monthly and yearly series
 * always count from startDate, so its day of month comes back after a short month
 * (31 Jan → 28/29 Feb → 31 Mar → 30 Apr; 29 Feb yearly → 28 Feb in other years).
 */
export function occurrenceDate(startDate: string, frequency: Frequency, n: number): string {
  switch (frequency) {
    case 'DAILY':
      return addDays(startDate, n);
    case 'WEEKLY':
      return addDays(startDate, 7 * n);
    case 'BIWEEKLY':
      return addDays(startDate, 14 * n);
    case 'MONTHLY':
      return addMonthsClamped(startDate, n);
    case 'YEARLY':
      return addMonthsClamped(startDate, 12 * n);
  }
}

function dayNumber(date: string): number {
  const { y, m, d } = parts(date);
  return Math.round(Date.UTC(y, m - 1, d) / DAY_MS);
}

/** The index of the occurrence on `date`, or null when the series has none that day. */
export function occurrenceIndexOf(
  startDate: string,
  frequency: Frequency,
  date: string,
): number | null {
  let n: number;
  const days = dayNumber(date) - dayNumber(startDate);
  switch (frequency) {
    case 'DAILY':
      n = days;
      break;
    case 'WEEKLY':
      n = Math.floor(days / 7);
      break;
    case 'BIWEEKLY':
      n = Math.floor(days / 14);
      break;
    case 'MONTHLY':
    case 'YEARLY': {
      const a = parts(startDate);
      const b = parts(date);
      const months = (b.y - a.y) * 12 + (b.m - a.m);
      n = frequency === 'MONTHLY' ? months : Math.floor(months / 12);
      break;
    }
  }
  return n >= 0 && occurrenceDate(startDate, frequency, n) === date ? n : null;
}

/** Whether occurrence `n` on `date` is inside the series' end (count and date). */
export function withinEnd(schedule: SeriesSchedule, n: number, date: string): boolean {
  if (schedule.endCount !== null && n >= schedule.endCount) return false;
  if (schedule.endDate !== null && date > schedule.endDate) return false;
  return true;
}

/**
 * The first occurrence at index `from` or later that is not skipped and not past the end; null
 * when the series has no more. Dates strictly increase with the index, so the search stops at
 * the end date or count (or after every skipped date has been passed).
 */
export function nextOccurrence(
  schedule: SeriesSchedule,
  from: number,
  skipped: ReadonlySet<string> = new Set(),
): { index: number; date: string } | null {
  for (let n = Math.max(0, from); ; n++) {
    const date = occurrenceDate(schedule.startDate, schedule.frequency, n);
    if (!withinEnd(schedule, n, date)) return null;
    if (!skipped.has(date)) return { index: n, date };
  }
}

/** Every occurrence date up to and including `through` (tests and previews); skips left out. */
export function occurrenceDatesThrough(
  schedule: SeriesSchedule,
  through: string,
  skipped: ReadonlySet<string> = new Set(),
): string[] {
  const out: string[] = [];
  for (let n = 0; ; n++) {
    const date = occurrenceDate(schedule.startDate, schedule.frequency, n);
    if (date > through || !withinEnd(schedule, n, date)) return out;
    if (!skipped.has(date)) out.push(date);
  }
}

// ---------------------------------------------------------------------------------------------
// Time zones

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (f === undefined) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Whether `name` is an IANA time zone this runtime knows (e.g. "Europe/Lisbon"). */
export function isValidTimeZone(name: string): boolean {
  if (name.trim() === '' || name.length > 64) return false;
  try {
    formatterFor(name);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock time in `timeZone` at instant `ms`, as if it were UTC (ms, whole seconds). */
function wallClockMs(timeZone: string, ms: number): number {
  const p: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(ms)) {
    if (part.type !== 'literal') p[part.type] = Number(part.value);
  }
  return Date.UTC(
    p['year'] ?? 1970,
    (p['month'] ?? 1) - 1,
    p['day'] ?? 1,
    p['hour'] ?? 0,
    p['minute'] ?? 0,
    p['second'] ?? 0,
  );
}

/** The zone's offset from UTC at instant `ms`, in ms (Lisbon in summer: +3 600 000). */
export function zoneOffsetMs(timeZone: string, ms: number): number {
  return wallClockMs(timeZone, ms) - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant `date` begins in `timeZone`: its 00:00 local time. Where a daylight-saving change
 * skips midnight (America/Santiago, Asia/Beirut spring forward at 00:00 → 01:00), the day begins
 * at the first instant that exists, the moment of the change. Where midnight happens twice (a
 * fall back at 01:00 → 00:00), the first of the two.
 */
export function startOfDayIn(date: string, timeZone: string): Date {
  const wall = Date.UTC(parts(date).y, parts(date).m - 1, parts(date).d);
  // Offsets a day either side bound every offset that can apply to this midnight.
  const before = zoneOffsetMs(timeZone, wall - DAY_MS);
  const after = zoneOffsetMs(timeZone, wall + DAY_MS);
  const candidates = [...new Set([before, after, zoneOffsetMs(timeZone, wall)])]
    .map((offset) => wall - offset)
    .filter((t) => wallClockMs(timeZone, t) === wall)
    .sort((a, b) => a - b);
  const exact = candidates[0];
  if (exact !== undefined) return new Date(exact);
  // Midnight does not exist: the wall clock jumps over it. Find the first second whose wall
  // clock is at or past midnight, between the instants midnight would be under each offset.
  let lo = wall - Math.max(before, after);
  let hi = wall - Math.min(before, after);
  while (hi - lo > 1000) {
    const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
    if (wallClockMs(timeZone, mid) >= wall) hi = mid;
    else lo = mid;
  }
  return new Date(hi);
}

/** The calendar date at instant `at` in `timeZone` (YYYY-MM-DD). */
export function dateIn(at: Date, timeZone: string): string {
  return new Date(wallClockMs(timeZone, at.getTime())).toISOString().slice(0, 10);
}
