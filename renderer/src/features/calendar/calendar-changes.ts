import { formatDate } from '../../ui/locale-format';
import type { CalendarItem, CalendarItemPatch, CalendarItemType, NewCalendarItem } from '../../../../shared/api/calendar';
import { isLocalId } from '../../../../shared/domain/queued-change';
import type { ChangeScope } from '../../../../shared/ipc/calendar-channels';
import type { ChangeInput } from '../../db';
import { titleOf } from './calendar-items';
import { t } from '../../ui/i18n';

/**
 * The calendar's writes as outbox changes (app/send-or-queue.ts sends them now or queues them):
 * the request each channel takes, the change in the user's words (what the waiting list and the
 * failure bar show), its scope (the item's calendar) and, for a create, what was already there.
 * Pure, so the words and the `known` ids are unit-tested.
 */

export type EditableItem = CalendarItem & { type: Exclude<CalendarItemType, 'GradebookColumn'> };

export function isEditable(item: CalendarItem): item is EditableItem {
  return item.type !== 'GradebookColumn';
}

/** "Oct 19": the day a label names, in the user's locale. */
const dayOf = (iso: string): string => formatDate(iso, { month: 'short', day: 'numeric' });

export function createLabel(item: NewCalendarItem): string {
  return t(item.recurrence ? 'calendar.labelNewSeries' : 'calendar.labelNewEvent', { title: item.title, day: dayOf(item.start) });
}

export function updateLabel(item: CalendarItem, change: CalendarItemPatch, scope: ChangeScope): string {
  const [title, day] = [titleOf(item), dayOf(item.start)];
  if (change.title !== undefined && change.title !== title) return t(scope === 'series' ? 'calendar.labelChangeSeriesTo' : 'calendar.labelChangeEventTo', { title, day, renamed: change.title });
  return scope === 'series' ? t('calendar.labelChangeSeries', { title }) : t('calendar.labelChangeEvent', { title, day });
}

export function deleteLabel(item: CalendarItem, scope: ChangeScope): string {
  return scope === 'series' ? t('calendar.labelDeleteSeries', { title: titleOf(item) }) : t('calendar.labelDeleteEvent', { title: titleOf(item), day: dayOf(item.start) });
}

/**
 * For a create: the Learn ids already in its calendar in the window it falls in, as this device
 * last read them. Replay never takes one of them for the event the user made (an existing "Office
 * hours" at the same time is not this one). Local ids are not Learn's: left out.
 */
export function knownFor(item: NewCalendarItem, windowItems: readonly CalendarItem[]): string[] {
  return [...new Set(windowItems.filter((i) => i.calendarId === item.calendarId && !isLocalId(i.id)).map((i) => i.id))];
}

export function createChange(item: NewCalendarItem, windowItems: readonly CalendarItem[]): ChangeInput<'calendar.create'> {
  return { courseId: item.calendarId, change: { channel: 'calendar.create', request: { item } }, label: createLabel(item), known: knownFor(item, windowItems) };
}

/** "This event" sends no recurrence, "the whole series" the complete one (calendar-form.ts builds `change` so). */
export function updateChange(item: EditableItem, change: CalendarItemPatch, scope: ChangeScope): ChangeInput<'calendar.update'> {
  return {
    courseId: item.calendarId,
    change: { channel: 'calendar.update', request: { type: item.type, id: item.id, change, scope } },
    label: updateLabel(item, change, scope),
  };
}

export function deleteChange(item: EditableItem, scope: ChangeScope): ChangeInput<'calendar.delete'> {
  return { courseId: item.calendarId, change: { channel: 'calendar.delete', request: { type: item.type, id: item.id, scope } }, label: deleteLabel(item, scope) };
}
