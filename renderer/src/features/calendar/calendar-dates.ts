import { formatDate } from '../../ui/locale-format';
import { CALENDAR_WINDOW_WEEKS } from '../../../../shared/api/calendar';

/**
 * Dates of the calendar screen, in the user's local time (what a wall calendar shows), and the
 * read windows behind them. Weeks start on Sunday, as Learn's own day list does (`Su` first).
 * Pure functions: the screen and the unit tests use the same ones.
 */

const DAY_MS = 24 * 3600 * 1000;
export const WINDOW_MS = CALENDAR_WINDOW_WEEKS * 7 * DAY_MS;
/**
 * Windows are counted from one fixed instant, so a week is always read in the same window and the
 * copy kept on this device has one key per window whatever the user scrolled through before.
 */
const WINDOW_ANCHOR = Date.UTC(2026, 0, 4);

export interface ReadWindow {
  /** Cache key and request bounds (ISO instants; `until` inclusive, at most 16 weeks after `since`). */
  since: string;
  until: string;
}

/** The read window that holds this instant. */
export function windowAt(instant: number): ReadWindow {
  const index = Math.floor((instant - WINDOW_ANCHOR) / WINDOW_MS);
  const start = WINDOW_ANCHOR + index * WINDOW_MS;
  return { since: new Date(start).toISOString(), until: new Date(start + WINDOW_MS - 1).toISOString() };
}

/** The windows a span [from, to) touches, in time order (one, or two at a boundary). */
export function windowsCovering(from: number, to: number): ReadWindow[] {
  const windows: ReadWindow[] = [];
  for (let w = windowAt(from); Date.parse(w.since) < to; w = windowAt(Date.parse(w.until) + 1)) windows.push(w);
  return windows;
}

/** Local midnight of the day holding `date`. */
export function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

/** `days` calendar days later, at the same wall-clock time (daylight-saving safe). */
export function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days, date.getHours(), date.getMinutes());
}

export function addMonths(date: Date, months: number): Date {
  const target = new Date(date.getFullYear(), date.getMonth() + months, 1);
  // The same day of the month, or the month's last day (Jan 31 + 1 month = Feb 28).
  const last = new Date(target.getFullYear(), target.getMonth() + 1, 0).getDate();
  return new Date(target.getFullYear(), target.getMonth(), Math.min(date.getDate(), last));
}

export function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** The Sunday starting the week of `date`. */
export function startOfWeek(date: Date): Date {
  const day = startOfDay(date);
  return addDays(day, -day.getDay());
}

export type ViewKind = 'week' | 'month';

/** The days a view shows: one week, or the whole weeks covering the month of `date`. */
export function daysOf(kind: ViewKind, date: Date): Date[] {
  if (kind === 'week') return Array.from({ length: 7 }, (_, i) => addDays(startOfWeek(date), i));
  const first = new Date(date.getFullYear(), date.getMonth(), 1);
  const last = new Date(date.getFullYear(), date.getMonth() + 1, 0);
  const days: Date[] = [];
  for (let d = startOfWeek(first); d <= last || d.getDay() !== 0; d = addDays(d, 1)) days.push(d);
  return days;
}

/** The span a view shows, [from, to) as instants. */
export function spanOf(kind: ViewKind, date: Date): { from: number; to: number } {
  const days = daysOf(kind, date);
  const first = days[0] ?? startOfDay(date);
  const last = days[days.length - 1] ?? first;
  return { from: first.getTime(), to: addDays(last, 1).getTime() };
}

/**
 * Whether an item shows on a day: it overlaps the day [midnight, next midnight). An item's end is
 * exclusive (an all-day item ends at the next midnight), except a moment (a due date: start = end),
 * which shows on the day it falls on.
 */
export function onDay(item: { start: string; end: string }, day: Date): boolean {
  const from = startOfDay(day).getTime();
  const to = addDays(startOfDay(day), 1).getTime();
  const start = Date.parse(item.start);
  const end = Date.parse(item.end);
  if (end <= start) return start >= from && start < to;
  return start < to && end > from;
}

/** `YYYY-MM-DD` of a local day (a date input's value). */
export function dateInputValue(date: Date): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** `HH:MM` of a local time (a time input's value). */
export function timeInputValue(date: Date): string {
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

/** A local date and time from inputs, or null when either is not a real value. */
export function localDateTime(date: string, time: string): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const [year, month, day, hours, minutes] = [d[1], d[2], d[3], t[1], t[2]].map(Number) as [number, number, number, number, number];
  const value = new Date(year, month - 1, day, hours, minutes);
  // 2026-02-30 rolls over to March: not the day the user typed.
  if (value.getFullYear() !== year || value.getMonth() !== month - 1 || value.getDate() !== day) return null;
  return value;
}

/** "September 2026" or "Aug 30 – Sep 5, 2026": the view's title. */
export function viewTitle(kind: ViewKind, date: Date): string {
  if (kind === 'month') return formatDate(date, { month: 'long', year: 'numeric' });
  const days = daysOf('week', date);
  const first = days[0] ?? date;
  const last = days[6] ?? date;
  const short: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric' };
  return `${formatDate(first, short)} – ${formatDate(last, { ...short, year: 'numeric' })}`;
}
