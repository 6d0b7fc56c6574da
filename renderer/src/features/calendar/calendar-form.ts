import {
  CALENDAR_LOCATION_MAX,
  CALENDAR_TITLE_MAX,
  PERSONAL_CALENDAR,
  type CalendarItem,
  type CalendarItemPatch,
  type NewCalendarItem,
  type RecurrenceFrequency,
  type RecurrenceInput,
  type Weekday,
} from '../../../../shared/api/calendar';
import type { ChangeScope } from '../../../../shared/ipc/calendar-channels';
import { addDays, dateInputValue, localDateTime, timeInputValue } from './calendar-dates';
import { WEEKDAYS, isFrequency, isWeekday } from './calendar-items';
import { t } from '../../ui/i18n';
import { formatNumber } from '../../ui/locale-format';

/**
 * The calendar item form as plain data, and the checks made before anything is sent: the limits
 * of seed 000 and the recurrence rules in docs/api-notes/calendar.md, each failure a sentence naming the
 * field and the fix. Learn checks again; this only spares the user a round trip.
 */

export type EditableType = 'Personal' | 'Course' | 'OfficeHours';
/** Series the app can describe completely (the sandbox and Learn cap one series at 200 items). */
export const MAX_SERIES_ITEMS = 200;

export interface CalendarDraft {
  type: EditableType;
  /** PERSONAL, or a course's primary id. */
  calendarId: string;
  title: string;
  location: string;
  description: string;
  /** Local `YYYY-MM-DD` and `HH:MM`; in "the whole series" mode the date is the series' first. */
  date: string;
  startTime: string;
  endDate: string;
  endTime: string;
  repeats: 'none' | RecurrenceFrequency;
  interval: number;
  weekDays: Weekday[];
  monthlyBy: 'day' | 'position';
  monthRepeatDay: number;
  monthPosition: number;
  repeatDay: Weekday;
  endsBy: 'count' | 'until';
  count: number;
  untilDate: string;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; problem: string };
/** A count of characters as the field's limit is written: digits without grouping ("1025"). */
const plain = (n: number): string => formatNumber(n, { useGrouping: false });
const fail = (problem: string): { ok: false; problem: string } => ({ ok: false, problem });

/** A new item on `day`, 9:00 to 10:00, in the personal calendar. */
export function blankDraft(day: Date): CalendarDraft {
  const date = dateInputValue(day);
  const weekday = WEEKDAYS[day.getDay()] ?? 'Mo';
  return {
    type: 'Personal',
    calendarId: PERSONAL_CALENDAR,
    title: '',
    location: '',
    description: '',
    date,
    startTime: '09:00',
    endDate: date,
    endTime: '10:00',
    repeats: 'none',
    interval: 1,
    weekDays: [weekday],
    monthlyBy: 'day',
    monthRepeatDay: day.getDate(),
    monthPosition: Math.min(4, Math.ceil(day.getDate() / 7)),
    repeatDay: weekday,
    endsBy: 'count',
    count: 10,
    untilDate: dateInputValue(addDays(day, 7 * 15)),
  };
}

/**
 * The form for an existing item. `seriesStart` (the series' first start, when known) puts the
 * form's date there, for changing the whole series from its beginning.
 */
export function draftFromItem(item: CalendarItem, seriesStart?: Date): CalendarDraft {
  const start = new Date(item.start);
  const end = new Date(item.end);
  const shift = seriesStart ? seriesStart.getTime() - start.getTime() : 0;
  const from = new Date(start.getTime() + shift);
  const to = new Date(end.getTime() + shift);
  const draft = blankDraft(from);
  const r = item.recurrence;
  return {
    ...draft,
    type: item.type === 'Course' ? 'Course' : item.type === 'OfficeHours' ? 'OfficeHours' : 'Personal',
    calendarId: item.calendarId,
    title: item.title ?? '',
    location: item.location ?? '',
    description: item.description ?? '',
    startTime: timeInputValue(from),
    endDate: dateInputValue(to),
    endTime: timeInputValue(to),
    // editRule keeps series of a frequency or day Rollbook does not know out of the form.
    ...(r?.frequency && isFrequency(r.frequency)
      ? {
          repeats: r.frequency,
          interval: r.interval ?? 1,
          weekDays: r.weekDays?.length ? r.weekDays.filter(isWeekday) : draft.weekDays,
          monthlyBy: r.monthPosition !== undefined ? 'position' : 'day',
          monthRepeatDay: r.monthRepeatDay ?? draft.monthRepeatDay,
          monthPosition: r.monthPosition ?? draft.monthPosition,
          repeatDay: r.repeatDay && isWeekday(r.repeatDay) ? r.repeatDay : draft.repeatDay,
          // Learn gives `until` precedence when both are set.
          endsBy: r.until ? 'until' : 'count',
          count: r.count ?? draft.count,
          untilDate: r.until ? dateInputValue(new Date(r.until)) : draft.untilDate,
        }
      : {}),
  };
}

function checkTimes(d: CalendarDraft): Checked<{ start: string; end: string }> {
  const start = localDateTime(d.date, d.startTime);
  if (!start) return fail(t('calendar.badStart'));
  const end = localDateTime(d.endDate, d.endTime);
  if (!end) return fail(t('calendar.badEnd'));
  if (end.getTime() <= start.getTime()) return fail(t('calendar.endBeforeStart'));
  return { ok: true, value: { start: start.toISOString(), end: end.toISOString() } };
}

/** The complete recurrence the draft describes (Learn needs it whole to build or rebuild a series). */
export function recurrenceOf(d: CalendarDraft): Checked<RecurrenceInput | undefined> {
  if (d.repeats === 'none') return { ok: true, value: undefined };
  if (!Number.isInteger(d.interval) || d.interval < 1 || d.interval > 100) return fail(t('calendar.badInterval'));
  const r: RecurrenceInput = { frequency: d.repeats, interval: d.interval };
  if (d.repeats === 'Weekly') {
    if (d.weekDays.length === 0) return fail(t('calendar.noWeekDays'));
    r.weekDays = WEEKDAYS.filter((w) => d.weekDays.includes(w));
  }
  if (d.repeats === 'Monthly') {
    if (d.monthlyBy === 'day') {
      if (!Number.isInteger(d.monthRepeatDay) || d.monthRepeatDay < 1 || d.monthRepeatDay > 31) return fail(t('calendar.badMonthDay'));
      r.monthRepeatDay = d.monthRepeatDay;
    } else {
      r.monthPosition = d.monthPosition;
      r.repeatDay = d.repeatDay;
    }
  }
  if (d.endsBy === 'count') {
    if (!Number.isInteger(d.count) || d.count < 1 || d.count > MAX_SERIES_ITEMS) return fail(t('calendar.badCount', { max: formatNumber(MAX_SERIES_ITEMS) }));
    r.count = d.count;
  } else {
    const until = localDateTime(d.untilDate, '23:59');
    if (!until) return fail(t('calendar.badUntil'));
    if (d.untilDate < d.date) return fail(t('calendar.untilBeforeStart'));
    r.until = until.toISOString();
  }
  return { ok: true, value: r };
}

function checkText(d: CalendarDraft): Checked<{ title: string }> {
  const title = d.title.trim();
  if (!title) return fail(t('calendar.titleMissing'));
  if (title.length > CALENDAR_TITLE_MAX) return fail(t('calendar.titleTooLong', { length: title.length, n: plain(title.length), max: plain(CALENDAR_TITLE_MAX) }));
  if (d.location.length > CALENDAR_LOCATION_MAX) return fail(t('calendar.locationTooLong', { length: d.location.length, n: plain(d.location.length), max: plain(CALENDAR_LOCATION_MAX) }));
  return { ok: true, value: { title } };
}

/** The Create Calendar Item body, or the first problem to fix. */
export function newItemFromDraft(d: CalendarDraft): Checked<NewCalendarItem> {
  const text = checkText(d);
  if (!text.ok) return text;
  if (d.type === 'Course' && d.calendarId === PERSONAL_CALENDAR) return fail(t('calendar.courseNeedsCourse'));
  if (d.type === 'Personal' && d.calendarId !== PERSONAL_CALENDAR) return fail(t('calendar.personalInPersonal'));
  const times = checkTimes(d);
  if (!times.ok) return times;
  const recurrence = recurrenceOf(d);
  if (!recurrence.ok) return recurrence;
  if (d.type === 'OfficeHours' && !recurrence.value) return fail(t('calendar.officeHoursSeries'));
  return {
    ok: true,
    value: {
      type: d.type,
      calendarId: d.calendarId,
      title: text.value.title,
      ...(d.location ? { location: d.location } : {}),
      ...(d.description ? { description: d.description } : {}),
      ...times.value,
      ...(recurrence.value ? { recurrence: recurrence.value } : {}),
    },
  };
}

/**
 * The Update Calendar Item body for "this event" (never a recurrence) or "the whole series" (the
 * complete recurrence). Text fields are sent when changed; dates only when changed, because for a
 * series Learn rebuilds it from the dates sent (or else from its first item).
 */
export function changeFromDraft(d: CalendarDraft, before: CalendarDraft, scope: ChangeScope): Checked<CalendarItemPatch> {
  const text = checkText(d);
  if (!text.ok) return text;
  const times = checkTimes(d);
  if (!times.ok) return times;
  const change: CalendarItemPatch = {};
  if (text.value.title !== before.title.trim()) change.title = text.value.title;
  if (d.location !== before.location) change.location = d.location;
  if (d.description !== before.description) change.description = d.description;
  const moved = d.date !== before.date || d.startTime !== before.startTime || d.endDate !== before.endDate || d.endTime !== before.endTime;
  if (moved) Object.assign(change, times.value);
  if (scope === 'series') {
    if (d.repeats === 'none') return fail(t('calendar.seriesNeedsPattern'));
    const recurrence = recurrenceOf(d);
    if (!recurrence.ok) return recurrence;
    change.recurrence = recurrence.value;
  } else if (Object.keys(change).length === 0) {
    return fail(t('calendar.nothingChanged'));
  }
  return { ok: true, value: change };
}
