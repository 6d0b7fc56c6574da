import type { CalendarItem, CalendarItemType } from '../../../../shared/api/calendar';
import type { ChangeOf } from '../../../../shared/domain/queued-change';
import type { WaitingChange } from '../../db';
import { sameSeries, shownByFilter } from './calendar-items';
import { t } from '../../ui/i18n';

/**
 * The calendar as the user left it: the last-read items with the changes still waiting for Learn
 * laid over them, in the order they were made. A new event shows on its day (a new series by its
 * first event only: the app does not expand patterns, Learn does), an edit shows its new title,
 * place and time, a delete shows the event marked; each says so. Once sync lands a change it
 * leaves the outbox and the screen reads Learn's copy again. Pure, so it is unit-tested.
 */

export type WaitingMark = 'new' | 'changed' | 'deleted';

export interface WaitingState {
  mark: WaitingMark;
  /** A new series (only its first event is shown). */
  series: boolean;
  /** Learn refused one of its changes: the waiting list says why. */
  failed: boolean;
}

/** An item as the screen shows it; `waiting` when a change of it has not reached Learn yet. */
export type ShownItem = CalendarItem & { waiting?: WaitingState };

type CalendarChange = WaitingChange & { change: ChangeOf<'calendar.create' | 'calendar.update' | 'calendar.delete'> };

export function isCalendarChange(change: WaitingChange): change is CalendarChange {
  return change.change.channel.startsWith('calendar.');
}

export const itemKey = (item: Pick<CalendarItem, 'type' | 'id'>): string => `${item.type}/${item.id}`;

/**
 * `read`: the items of the windows on screen (once each); `waiting`: every waiting change, oldest
 * first (others than the calendar's are ignored); `calendarName`: a calendar's name, for new items.
 * Answers every item, by start then title (type filters apply after).
 */
export function withWaitingChanges(read: readonly CalendarItem[], waiting: readonly WaitingChange[], calendarName: (id: string) => string | undefined): ShownItem[] {
  const shown: ShownItem[] = read.map((item) => ({ ...item }));
  for (const w of waiting) {
    if (!isCalendarChange(w)) continue;
    const failed = w.state === 'failed';
    const { change } = w;
    if (change.channel === 'calendar.create') {
      if (!w.localId) continue;
      const { recurrence, ...fields } = change.request.item;
      const name = calendarName(fields.calendarId);
      shown.push({
        ...fields,
        id: w.localId,
        ...(name ? { calendarName: name } : {}),
        ...(recurrence ? { recurrence } : {}),
        waiting: { mark: 'new', series: recurrence !== undefined, failed },
      });
      continue;
    }
    const { type, id, scope } = change.request;
    const target = shown.find((i) => i.type === type && i.id === id);
    if (!target) continue;
    const targets = scope === 'series' ? shown.filter((i) => i === target || sameSeries(i, target)) : [target];
    for (const item of targets) {
      if (change.channel === 'calendar.delete') mark(item, 'deleted', failed);
      else {
        const { title, location, description, start, end } = change.request.change;
        Object.assign(item, title !== undefined ? { title } : {}, location !== undefined ? { location } : {}, description !== undefined ? { description } : {});
        // A series change sends the series' new first dates: where each event then falls is Learn's to work out.
        if (scope === 'this') Object.assign(item, start ? { start } : {}, end ? { end } : {});
        mark(item, 'changed', failed);
      }
    }
  }
  return shown.sort((a, b) => Date.parse(a.start) - Date.parse(b.start) || (a.title ?? '').localeCompare(b.title ?? ''));
}

function mark(item: ShownItem, as: WaitingMark, failed: boolean): void {
  const was = item.waiting;
  // A new event changed before it was sent is still new (one create, then its change); deleted wins.
  const next: WaitingMark = as === 'deleted' ? 'deleted' : was?.mark === 'new' ? 'new' : as;
  item.waiting = { mark: next, series: was?.series ?? false, failed: failed || was?.failed === true };
}

/** The words shown on an item (and in its accessible name). */
export function waitingText(state: WaitingState): string {
  if (state.mark === 'new') return t(state.failed ? 'calendar.waitingNotSent' : state.series ? 'calendar.waitingSeries' : 'calendar.waitingNew');
  if (state.mark === 'changed') return t(state.failed ? 'calendar.waitingChangeNotSent' : 'calendar.waitingChange');
  return t(state.failed ? 'calendar.waitingDeleteNotSent' : 'calendar.waitingDelete');
}

/** Items of the chosen types. */
export function ofTypes<T extends Pick<CalendarItem, 'type'>>(items: readonly T[], types: ReadonlySet<CalendarItemType>): T[] {
  return items.filter((i) => shownByFilter(i.type, types));
}
