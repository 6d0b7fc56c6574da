import { formatDate } from '../../ui/locale-format';

/**
 * A course's usual slot, and the times a new meeting starts with (the rule is in
 * docs/decisions/today-and-meeting-states.md, "Today first"). All in the device's local time: an instructor's 10:00 stays
 * 10:00 across a daylight-saving change, where a UTC instant would move by an hour.
 */

/** When a course usually meets: a weekday (0 Sunday .. 6 Saturday) and start/end as minutes after midnight. */
export interface UsualSlot {
  weekday: number;
  startMinutes: number;
  endMinutes: number;
}

/** A meeting as the rule reads it (ISO instants; `end` may be unknown for meetings made in Learn's grid). */
export interface PastMeeting {
  start: string;
  end: string | null;
}

/** Used when no past meeting says how long the course meets. */
export const DEFAULT_MINUTES = 60;

const minutesOf = (d: Date): number => d.getHours() * 60 + d.getMinutes();

/**
 * The most frequent value; a tie goes to the value seen most recently (the input is oldest
 * first), so a course that moved to a new slot takes it as soon as the new one is as common.
 */
function mostCommon<T>(values: readonly T[]): T | undefined {
  const seen = new Map<T, { n: number; last: number }>();
  values.forEach((v, i) => seen.set(v, { n: (seen.get(v)?.n ?? 0) + 1, last: i }));
  let best: { v: T; n: number; last: number } | undefined;
  for (const [v, { n, last }] of seen) if (!best || n > best.n || (n === best.n && last > best.last)) best = { v, n, last };
  return best?.v;
}

/**
 * The usual slot from the meetings held before `now`: the most common weekday; on that weekday the
 * most common start time; for meetings starting then, the most common length (60 minutes when
 * none has an end). Null when the course has no past meeting.
 */
export function usualSlot(meetings: readonly PastMeeting[], now: Date): UsualSlot | null {
  const past = meetings
    .map((m) => ({ start: new Date(m.start), end: m.end ? new Date(m.end) : null }))
    .filter((m) => !Number.isNaN(m.start.getTime()) && m.start < now)
    .sort((a, b) => a.start.getTime() - b.start.getTime());
  const weekday = mostCommon(past.map((m) => m.start.getDay()));
  if (weekday === undefined) return null;
  const onDay = past.filter((m) => m.start.getDay() === weekday);
  const startMinutes = mostCommon(onDay.map((m) => minutesOf(m.start))) ?? 0;
  const lengths = onDay
    .filter((m) => minutesOf(m.start) === startMinutes && m.end !== null && m.end > m.start)
    .map((m) => Math.round(((m.end as Date).getTime() - m.start.getTime()) / 60_000));
  const minutes = mostCommon(lengths) ?? DEFAULT_MINUTES;
  return { weekday, startMinutes, endMinutes: startMinutes + minutes };
}

/** Local midnight of `day`, plus `minutes` (past 24 h runs into the next day). */
function at(day: Date, minutes: number): Date {
  return new Date(day.getFullYear(), day.getMonth(), day.getDate(), 0, minutes);
}

/** The slot's times on a given day (its weekday aside): "today's meeting" of a course. */
export function slotOn(slot: UsualSlot, day: Date): { start: Date; end: Date } {
  return { start: at(day, slot.startMinutes), end: at(day, slot.endMinutes) };
}

/** The next quarter hour strictly after `now` (10:07 -> 10:15, 10:15:00 -> 10:30): never the current minute. */
export function nextQuarterHour(now: Date): Date {
  const quarter = 15 * 60_000;
  const d = new Date(now);
  d.setSeconds(0, 0);
  const minutes = d.getMinutes();
  d.setMinutes(minutes - (minutes % 15));
  return new Date(d.getTime() + quarter);
}

/**
 * What the "new meeting" dialog starts with: today at the course's usual times, or, with no usual
 * slot, from the next quarter hour for an hour.
 */
export function newMeetingTimes(slot: UsualSlot | null, now: Date): { start: Date; end: Date } {
  if (slot) return slotOn(slot, now);
  const start = nextQuarterHour(now);
  return { start, end: new Date(start.getTime() + DEFAULT_MINUTES * 60_000) };
}

/** "Thursday 2:00 PM–4:30 PM" in the user's language and clock. */
export function slotWords(slot: UsualSlot, locale?: string): string {
  const sunday = new Date(2026, 0, 4); // a Sunday
  const day = at(new Date(sunday.getFullYear(), sunday.getMonth(), sunday.getDate() + slot.weekday), 0);
  const weekday = formatDate(day, { weekday: 'long' }, locale);
  const time = (m: number): string => formatDate(at(day, m), { hour: 'numeric', minute: '2-digit' }, locale);
  return `${weekday} ${time(slot.startMinutes)}–${time(slot.endMinutes)}`;
}
