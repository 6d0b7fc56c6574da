import { badRequest } from '../../core/errors';
import { DAY_MS, iso, parseLearnDateTime } from './dates';
import { DAY_SPELLINGS, Frequency, WEEKDAYS, readWeekday, type Weekday } from './wire';

/**
 * Recurring calendar items: reading a recurrence object and expanding it into occurrences.
 * Days are counted in UTC (the sandbox has no user time zone), weeks start on Sunday (the
 * Swagger's day enum starts with Su). Rules chosen: docs/api-notes/calendar.md, "Calendars and calendar
 * items" and "Sandbox request checks (content, calendar, announcements, adaptive release)".
 */

/** Largest series one recurrence may create (a daily item over a long term stays under it). */
export const MAX_OCCURRENCES = 200;
/** Swagger, `interval`: "Minimum and Maximum allowed Intervals are 1 and 100". */
const MAX_INTERVAL = 100;
/** Periods scanned before giving up (a 31st that never comes in the chosen months). */
const MAX_PERIODS = 2000;
const DAYS = WEEKDAYS;
const MONTH_POSITIONS = [-1, 1, 2, 3, 4];

export interface RecurrenceRule {
  frequency: Frequency;
  interval: number;
  count?: number;
  until?: string;
  weekDays?: Weekday[];
  monthRepeatDay?: number;
  monthPosition?: number;
  repeatDay?: Weekday;
}

/** Properties the server sets on each item of a series; accepted on input and ignored. */
const SERVER_SET = ['originalStart', 'originalEnd', 'repeatBroken'];
const KNOWN = ['frequency', 'interval', 'count', 'until', 'weekDays', 'monthRepeatDay', 'monthPosition', 'repeatDay', ...SERVER_SET];

/**
 * A complete recurrence or a 400 naming the missing or wrong part. "Complete" (the seed's "fully
 * populated") means frequency, interval, count or until, and weekDays (Weekly) or monthRepeatDay
 * or monthPosition + repeatDay (Monthly). A null property counts as absent; so does a 0 month
 * day or position (the Swagger: "0 is not used"; the vendor page's example sends 0 for both).
 * Properties of another frequency (weekDays on a Monthly rule, as the vendor example sends) are
 * ignored, as is `count` when `until` is given (Swagger: "'until' date will be used").
 */
export function readRecurrence(raw: unknown): RecurrenceRule {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw badRequest('recurrence must be an object: {frequency, interval, count or until, weekDays (Weekly) or monthRepeatDay (Monthly)}');
  }
  const r = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== null)) as Record<string, unknown>;
  const unknown = Object.keys(r).filter((k) => !KNOWN.includes(k));
  if (unknown.length) throw badRequest(`recurrence has unknown properties: ${unknown.join(', ')}`);
  for (const k of ['monthRepeatDay', 'monthPosition']) if (r[k] === 0) delete r[k];

  const frequency = Frequency.safeParse(r.frequency);
  if (!frequency.success) throw badRequest(`recurrence.frequency must be one of ${Frequency.options.join(', ')}; got ${JSON.stringify(r.frequency)}`);
  const rule: RecurrenceRule = { frequency: frequency.data, interval: readInt(r.interval, 'interval', 1, MAX_INTERVAL, 'send 1 to repeat every period') };

  if (r.count === undefined && r.until === undefined) {
    throw badRequest('recurrence needs count (how many items) or until (the last date); neither was sent');
  }
  if (r.until !== undefined) {
    const until = typeof r.until === 'string' ? parseLearnDateTime(r.until) : undefined;
    if (until === undefined) throw badRequest(`recurrence.until is not an ISO 8601 date-time: ${JSON.stringify(r.until)}`);
    rule.until = iso(until);
  } else {
    rule.count = readInt(r.count, 'count', 1, MAX_OCCURRENCES, `a series holds at most ${MAX_OCCURRENCES} items`);
  }
  if (rule.frequency === 'Weekly') rule.weekDays = readWeekDays(r.weekDays);
  if (rule.frequency === 'Monthly') Object.assign(rule, readMonthly(r));
  return rule;
}

function readInt(value: unknown, name: string, min: number, max: number, hint: string): number {
  if (value === undefined) throw badRequest(`recurrence.${name} is missing; ${hint}`);
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw badRequest(`recurrence.${name} must be a whole number from ${min} to ${max}; got ${JSON.stringify(value)}`);
  }
  return value;
}

function readWeekDays(value: unknown): Weekday[] {
  if (!Array.isArray(value) || value.length === 0) {
    throw badRequest(`recurrence.weekDays is required for Weekly: a list of days such as ["Mo","We"] or ["Monday","Wednesday"] (${DAY_SPELLINGS})`);
  }
  const days = value.map((day) => {
    const parsed = readWeekday(day);
    if (!parsed) throw badRequest(`recurrence.weekDays holds ${JSON.stringify(day)}; use ${DAY_SPELLINGS}`);
    return parsed;
  });
  if (new Set(days).size !== days.length) throw badRequest(`recurrence.weekDays names a day twice: ${days.join(', ')}`);
  return [...days].sort((a, b) => DAYS.indexOf(a) - DAYS.indexOf(b));
}

function readMonthly(r: Record<string, unknown>): Pick<RecurrenceRule, 'monthRepeatDay' | 'monthPosition' | 'repeatDay'> {
  const byDate = r.monthRepeatDay !== undefined;
  const byWeekday = r.monthPosition !== undefined || r.repeatDay !== undefined;
  if (byDate === byWeekday) {
    throw badRequest('A Monthly recurrence needs either monthRepeatDay (1-31) or both monthPosition (-1, 1-4) and repeatDay, not both and not neither');
  }
  if (byDate) return { monthRepeatDay: readInt(r.monthRepeatDay, 'monthRepeatDay', 1, 31, 'the day of the month') };
  const position = r.monthPosition;
  if (typeof position !== 'number' || !MONTH_POSITIONS.includes(position)) {
    throw badRequest(`recurrence.monthPosition must be -1 (last) or 1 to 4; got ${JSON.stringify(position)}`);
  }
  const day = readWeekday(r.repeatDay);
  if (!day) throw badRequest(`recurrence.repeatDay must be one of ${DAY_SPELLINGS}; got ${JSON.stringify(r.repeatDay)}`);
  return { monthPosition: position, repeatDay: day };
}

export interface Occurrence {
  start: number;
  end: number;
}

/**
 * The occurrences of a series whose first item is [start, end): every matching day on or after
 * the start date, at the start's time of day, until `count` items or the last start at or before
 * `until` (until wins when both are given, as the Swagger says). A 400 when none or too many.
 */
export function expand(rule: RecurrenceRule, start: number, end: number): Occurrence[] {
  const duration = end - start;
  const startDay = Math.floor(start / DAY_MS) * DAY_MS;
  const timeOfDay = start - startDay;
  const until = rule.until !== undefined ? Date.parse(rule.until) : undefined;
  const limit = until === undefined ? (rule.count as number) : Infinity;
  const out: Occurrence[] = [];
  for (let period = 0; period < MAX_PERIODS && out.length < limit; period += rule.interval) {
    for (const day of daysOfPeriod(rule, startDay, period)) {
      const at = day + timeOfDay;
      if (at < start) continue;
      if (until !== undefined && at > until) return finish(out, rule);
      out.push({ start: at, end: at + duration });
      if (out.length > MAX_OCCURRENCES) {
        throw badRequest(`This recurrence makes more than ${MAX_OCCURRENCES} items; the limit for one series is ${MAX_OCCURRENCES}. Use an earlier until or a smaller count`);
      }
      if (out.length >= limit) break;
    }
  }
  return finish(out, rule);
}

function finish(out: Occurrence[], rule: RecurrenceRule): Occurrence[] {
  if (out.length === 0) {
    throw badRequest(`This ${rule.frequency} recurrence makes no items: no matching day falls between start and until`);
  }
  return out;
}

/** Midnights (UTC) of the candidate days in the period'th day, week or month after the start. */
function daysOfPeriod(rule: RecurrenceRule, startDay: number, period: number): number[] {
  if (rule.frequency === 'Daily') return [startDay + period * DAY_MS];
  if (rule.frequency === 'Weekly') {
    const sunday = startDay - new Date(startDay).getUTCDay() * DAY_MS + period * 7 * DAY_MS;
    return (rule.weekDays ?? []).map((d) => sunday + DAYS.indexOf(d) * DAY_MS);
  }
  const first = new Date(startDay);
  const year = first.getUTCFullYear();
  const month = first.getUTCMonth() + period;
  const daysInMonth = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  if (rule.monthRepeatDay !== undefined) {
    // A month without that day (31 in April) has no occurrence, as RFC 5545 does it.
    return rule.monthRepeatDay <= daysInMonth ? [Date.UTC(year, month, rule.monthRepeatDay)] : [];
  }
  const weekday = DAYS.indexOf(rule.repeatDay as Weekday);
  const position = rule.monthPosition as number;
  if (position > 0) {
    const firstWeekday = new Date(Date.UTC(year, month, 1)).getUTCDay();
    const date = 1 + ((weekday - firstWeekday + 7) % 7) + (position - 1) * 7;
    return date <= daysInMonth ? [Date.UTC(year, month, date)] : [];
  }
  const lastWeekday = new Date(Date.UTC(year, month, daysInMonth)).getUTCDay();
  return [Date.UTC(year, month, daysInMonth - ((lastWeekday - weekday + 7) % 7))];
}
