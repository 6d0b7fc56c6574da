import { formatDate, formatNumber } from '../../ui/locale-format';
import { appLocale, t } from '../../ui/i18n';
import type { MessageKey } from '../../../../shared/i18n/messages/en';
import type { CalendarItem, CalendarItemRecurrence, CalendarItemType, RecurrenceFrequency, Weekday } from '../../../../shared/api/calendar';

/**
 * What the calendar screen says about an item: its kind in words, its series, whether the user
 * can change it here (and if not, where). Pure, so the words are unit-tested.
 */

export const ITEM_TYPES: readonly CalendarItemType[] = ['Course', 'OfficeHours', 'Personal', 'Institution', 'GradebookColumn'];

const TYPE_LABEL: Record<CalendarItemType, MessageKey> = {
  Course: 'calendar.typeCourse',
  OfficeHours: 'calendar.typeOfficeHours',
  Personal: 'calendar.typePersonal',
  Institution: 'calendar.typeInstitution',
  GradebookColumn: 'calendar.typeDue',
};

/** An item's kind in words; a kind Learn added since is shown as Learn names it. */
export function typeLabel(type: string): string {
  return isKnownType(type) ? t(TYPE_LABEL[type]) : type;
}

function isKnownType(type: string): type is CalendarItemType {
  return (ITEM_TYPES as readonly string[]).includes(type);
}

const FREQUENCIES: ReadonlySet<string> = new Set<RecurrenceFrequency>(['Daily', 'Weekly', 'Monthly']);

export function isFrequency(frequency: string): frequency is RecurrenceFrequency {
  return FREQUENCIES.has(frequency);
}

export function isWeekday(day: string): day is Weekday {
  return Object.hasOwn(DAY_NAME, day);
}

export const WEEKDAYS: readonly Weekday[] = ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'];
/** Each weekday's index from Sunday: its name is written by `Intl` for a week known to start on a Sunday (4 January 2026). */
const DAY_NAME: Record<Weekday, number> = { Su: 0, Mo: 1, Tu: 2, We: 3, Th: 4, Fr: 5, Sa: 6 };
const POSITION: Record<number, string> = { 1: 'first', 2: 'second', 3: 'third', 4: 'fourth', [-1]: 'last' };

/** A day in words; a spelling Learn added since is shown as it came. */
export function dayName(day: string): string {
  return isWeekday(day) ? formatDate(new Date(2026, 0, 4 + DAY_NAME[day]), { weekday: 'long' }) : day;
}

/** Whether the item belongs to a series (Learn marks each item of one with its recurrence). */
export function isRecurring(item: Pick<CalendarItem, 'recurrence'>): boolean {
  return item.recurrence?.frequency !== undefined;
}

/** "Repeats weekly on Monday and Wednesday, until Dec 9, 2026": a series in words. */
export function describeRecurrence(r: CalendarItemRecurrence): string {
  if (!r.frequency) return '';
  const every = r.interval && r.interval > 1 ? t('calendar.everyN', { frequency: r.frequency, n: formatNumber(r.interval) }) : t('calendar.every', { frequency: r.frequency });
  let pattern = t('calendar.repeats', { every });
  if (r.frequency === 'Weekly' && r.weekDays?.length) pattern = t('calendar.repeatsOn', { every, days: dayList(r.weekDays.map(dayName)) });
  if (r.frequency === 'Monthly') {
    if (r.monthRepeatDay !== undefined) pattern = t('calendar.repeatsOnDay', { every, day: formatNumber(r.monthRepeatDay) });
    else if (r.monthPosition !== undefined && r.repeatDay) pattern = t('calendar.repeatsOnThe', { every, position: POSITION[r.monthPosition] ?? String(r.monthPosition), day: dayName(r.repeatDay) });
  }
  // Learn gives `until` precedence when both are present.
  if (r.until) return t('calendar.until', { pattern, date: formatDate(r.until, { dateStyle: 'medium' }) });
  if (r.count !== undefined) return t('calendar.times', { pattern, count: r.count, n: formatNumber(r.count) });
  return pattern;
}

/** "Monday and Wednesday": days joined as the screen's language joins them. */
function dayList(days: readonly string[]): string {
  return new Intl.ListFormat(appLocale(), { type: 'conjunction' }).format(days);
}

/** Moved or changed on its own: still in the series, no longer at the series' time. */
export function brokeFromSeries(item: Pick<CalendarItem, 'recurrence'>): boolean {
  return item.recurrence?.repeatBroken === true;
}

export type EditRule = { editable: true } | { editable: false; reason: string };

/**
 * What the user can change from this screen. Due dates belong to Learn's gradebook (Learn refuses
 * calendar writes to them) and institution dates to the institution's administrators.
 */
export function editRule(item: Pick<CalendarItem, 'type' | 'calendarName' | 'calendarId'> & Partial<Pick<CalendarItem, 'recurrence'>>): EditRule {
  if (item.type === 'GradebookColumn') {
    const where = item.calendarName ?? item.calendarId;
    return { editable: false, reason: t('calendar.dueFromColumn', { where }) };
  }
  if (item.type === 'Institution') return { editable: false, reason: t('calendar.institutionDates') };
  if (!isKnownType(item.type)) return { editable: false, reason: t('calendar.unknownKind', { kind: item.type }) };
  const r = item.recurrence;
  const days = [...(r?.weekDays ?? []), ...(r?.repeatDay ? [r.repeatDay] : [])];
  if ((r?.frequency !== undefined && !isFrequency(r.frequency)) || !days.every(isWeekday)) {
    return { editable: false, reason: t('calendar.unknownSeries', { series: describeRecurrence(r ?? {}) }) };
  }
  return { editable: true };
}

/** The filter names the known kinds only, so an item of a kind Learn added since is always shown. */
export function shownByFilter(type: string, types: ReadonlySet<CalendarItemType>): boolean {
  return isKnownType(type) ? types.has(type) : true;
}

/** Items of the chosen types, once each (an item in two read windows is listed by both), by start then title. */
export function visibleItems(windows: readonly (readonly CalendarItem[])[], types: ReadonlySet<CalendarItemType>): CalendarItem[] {
  const byKey = new Map<string, CalendarItem>();
  for (const items of windows) for (const item of items) if (shownByFilter(item.type, types)) byKey.set(`${item.type}/${item.id}`, item);
  return [...byKey.values()].sort((a, b) => Date.parse(a.start) - Date.parse(b.start) || (a.title ?? '').localeCompare(b.title ?? ''));
}

/** "10:00 – 11:15", "All day", "Due 11:59 PM": an item's time on a day view. */
export function timeLabel(item: Pick<CalendarItem, 'start' | 'end' | 'type'>, day: Date): string {
  const start = new Date(item.start);
  const end = new Date(item.end);
  const time = (d: Date): string => formatDate(d, { hour: 'numeric', minute: '2-digit' });
  if (item.type === 'GradebookColumn' || start.getTime() === end.getTime()) return t('calendar.due', { time: time(start) });
  const dayStart = new Date(day.getFullYear(), day.getMonth(), day.getDate()).getTime();
  const dayEnd = new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1).getTime();
  if (start.getTime() <= dayStart && end.getTime() >= dayEnd) return t('calendar.allDay');
  const from = start.getTime() < dayStart ? t('calendar.earlier') : time(start);
  const to = end.getTime() > dayEnd ? t('calendar.later') : time(end);
  return `${from} – ${to}`;
}

/** A title for an item that has none (Learn allows it on items made elsewhere). */
export function titleOf(item: Pick<CalendarItem, 'title'>): string {
  return item.title?.trim() || t('calendar.untitled');
}

/**
 * The first start of an item's series among the items this device knows (Learn's item carries no
 * series id): same calendar, type and pattern, at the same time of day. Changing "the whole
 * series" rebuilds it from the dates sent, so the form starts there rather than at the item opened.
 */
export function seriesStartOf(item: CalendarItem, known: readonly CalendarItem[]): Date | undefined {
  const r = item.recurrence;
  if (!r?.frequency) return undefined;
  let first = Date.parse(r.originalStart ?? item.start);
  for (const other of known) if (sameSeries(item, other)) first = Math.min(first, Date.parse(other.recurrence?.originalStart ?? other.start));
  return new Date(first);
}

/**
 * Whether two items are of one series, as far as their fields tell (Learn's item carries no series
 * id): same calendar, type and pattern, at the same time of day.
 */
export function sameSeries(a: Pick<CalendarItem, 'type' | 'calendarId' | 'recurrence'>, b: Pick<CalendarItem, 'type' | 'calendarId' | 'recurrence'>): boolean {
  const [ra, rb] = [a.recurrence, b.recurrence];
  if (!ra?.frequency || !rb?.frequency || a.type !== b.type || a.calendarId !== b.calendarId) return false;
  const pattern = (x: CalendarItemRecurrence): string =>
    JSON.stringify([x.frequency, x.interval, x.count, x.until, x.weekDays, x.monthRepeatDay, x.monthPosition, x.repeatDay]);
  const timeOfDay = (iso: string | undefined): string => (iso ? new Date(iso).toTimeString().slice(0, 5) : '');
  return pattern(ra) === pattern(rb) && timeOfDay(ra.originalStart) === timeOfDay(rb.originalStart);
}
