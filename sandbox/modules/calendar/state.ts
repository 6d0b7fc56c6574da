import type { Clock } from '../../core/clock';
import type { Directory } from '../../core/directory';
import { iso } from './dates';
import { expand, type RecurrenceRule } from './recurrence';
import type { ItemType } from './wire';

/**
 * The calendar items of one sandbox world. A recurring item is stored as a series: one item per
 * occurrence, each carrying the recurrence, linked by a series id that stays inside the sandbox
 * (Learn's item has no such field). Permissions and HTTP live elsewhere; this is the data.
 */

export interface StoredRecurrence extends RecurrenceRule {
  /** Items in the series when it was made (the request's count, or what `until` produced). */
  count: number;
  originalStart: string;
  originalEnd: string;
  /** This item was moved away from its place in the series by a single-item update. */
  repeatBroken: boolean;
}

/** What a GradebookColumn item shows of its grade column (`dynamicCalendarItemProps`). */
export interface GradebookColumnFacts {
  categoryId: string;
  eventType: string;
  dateRangeLimited: boolean;
}

export interface StoredCalendarItem {
  id: string;
  type: ItemType;
  /** `PERSONAL`, `INSTITUTION`, or a course's primary id. */
  calendarId: string;
  title: string;
  description?: string;
  location?: string;
  start: string;
  end: string;
  modified: string;
  disableResizing: boolean;
  createdByUserId?: string;
  /** Personal and OfficeHours items belong to the user who made them. */
  ownerUserId?: string;
  seriesId?: string;
  recurrence?: StoredRecurrence;
  gradebook?: GradebookColumnFacts;
  ltiLaunchDeepLink?: Record<string, unknown>;
}

/** Everything an item (or each item of a series) is made from. */
export interface ItemDraft {
  type: ItemType;
  calendarId: string;
  title: string;
  description?: string | undefined;
  location?: string | undefined;
  start: number;
  end: number;
  disableResizing?: boolean | undefined;
  createdByUserId?: string | undefined;
  ownerUserId?: string | undefined;
  gradebook?: GradebookColumnFacts | undefined;
  ltiLaunchDeepLink?: Record<string, unknown> | undefined;
}

export class CalendarStore {
  readonly items = new Map<string, StoredCalendarItem>();

  constructor(
    private readonly directory: Directory,
    private readonly clock: Clock,
  ) {}

  /** One item, or with a recurrence the whole series; returns the items in start order. */
  create(draft: ItemDraft, recurrence?: RecurrenceRule): StoredCalendarItem[] {
    const modified = this.clock.iso();
    const occurrences = recurrence ? expand(recurrence, draft.start, draft.end) : [{ start: draft.start, end: draft.end }];
    const made: StoredCalendarItem[] = [];
    for (const occurrence of occurrences) {
      const item: StoredCalendarItem = {
        id: this.directory.newId(),
        type: draft.type,
        calendarId: draft.calendarId,
        title: draft.title,
        start: iso(occurrence.start),
        end: iso(occurrence.end),
        modified,
        disableResizing: draft.disableResizing ?? false,
        ...defined({
          description: draft.description,
          location: draft.location,
          createdByUserId: draft.createdByUserId,
          ownerUserId: draft.ownerUserId,
          gradebook: draft.gradebook,
          ltiLaunchDeepLink: draft.ltiLaunchDeepLink,
        }),
      };
      if (recurrence) {
        item.seriesId = made[0]?.id ?? item.id;
        item.recurrence = {
          ...recurrence,
          count: occurrences.length,
          originalStart: item.start,
          originalEnd: item.end,
          repeatBroken: false,
        };
      }
      this.items.set(item.id, item);
      made.push(item);
    }
    return made;
  }

  /** The item's series in start order; a single item is a series of one. */
  seriesOf(item: StoredCalendarItem): StoredCalendarItem[] {
    if (!item.seriesId) return [item];
    return [...this.items.values()].filter((i) => i.seriesId === item.seriesId).sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  }

  remove(items: readonly StoredCalendarItem[]): void {
    for (const item of items) this.items.delete(item.id);
  }

  /** A single-item change; moving an item of a series marks it as broken away from the series. */
  touch(item: StoredCalendarItem): void {
    item.modified = this.clock.iso();
    if (item.recurrence && (item.start !== item.recurrence.originalStart || item.end !== item.recurrence.originalEnd)) {
      item.recurrence.repeatBroken = true;
    }
  }
}

/** Drops undefined properties (a stored item keeps no empty fields). */
export function defined<T extends Record<string, unknown>>(value: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as { [K in keyof T]?: Exclude<T[K], undefined> };
}
