import {
  Calendar,
  CalendarItem,
  CALENDAR_WINDOW_WEEKS,
  type CalendarItemPatch,
  type CalendarItemType,
  type NewCalendarItem,
} from '../../../shared/api/calendar';
import { path, type LearnHttp } from './learn-http';
import { itemSchema, listQuery, toQuery, type FieldsOption, type PageOptions, type Read, type SortOptions } from './paging';

/**
 * Calendars and calendar items (seed 000). Learn answers at most 16 weeks of items per query and
 * silently drops the rest, so a longer span is read as consecutive windows of at most 16 weeks;
 * an item that overlaps two windows comes back once. Without `since`/`until` Learn uses its own
 * default (two weeks from now).
 */

export type CalendarSortField = 'id' | 'calendarId' | 'title' | 'start' | 'end' | 'modified';

export interface CalendarItemListOptions extends PageOptions<CalendarItem>, SortOptions<CalendarSortField> {
  /** A course (primary or secondary id): its Course, OfficeHours and GradebookColumn items. */
  courseId?: string;
  /** Narrows to one type (alone: across every calendar the user can see). */
  type?: CalendarItemType;
  /** Inclusive start of the span. */
  since?: Date;
  /** Inclusive end of the span; may be more than 16 weeks after `since` (read in windows). */
  until?: Date;
}

type Signal = { signal?: AbortSignal };
const WINDOW_MS = CALENDAR_WINDOW_WEEKS * 7 * 24 * 3600 * 1000;
const ITEMS = '/api/public/v1/calendars/items';
const item = (type: CalendarItemType, id: string) => path`/api/public/v1/calendars/items/${type}/${id}`;

/**
 * The windows a span is read in: [since, since + 16 weeks], then from the next millisecond, until
 * `until`. Learn's bounds are inclusive, so windows do not overlap.
 */
export function calendarWindows(since: Date, until: Date): { since: Date; until: Date }[] {
  if (until.getTime() < since.getTime()) throw new RangeError('The end of the span is before its start');
  const windows: { since: Date; until: Date }[] = [];
  for (let start = since.getTime(); start <= until.getTime(); start += WINDOW_MS + 1) {
    windows.push({ since: new Date(start), until: new Date(Math.min(start + WINDOW_MS, until.getTime())) });
  }
  return windows;
}

export class CalendarApi {
  constructor(private readonly learn: LearnHttp) {}

  /** The calendars the user can see: INSTITUTION, PERSONAL, then each course with its calendar on; all pages. */
  listCalendars(options: PageOptions<Calendar> = {}): AsyncGenerator<Calendar> {
    return this.learn.list({ path: '/api/public/v1/calendars', query: listQuery(options), operation: 'list your calendars', signal: options.signal }, itemSchema(Calendar, options.fields));
  }

  /**
   * Calendar items between `since` and `until` (both inclusive; an item counts when it overlaps),
   * every page of every 16-week window, each item once. `sort` orders items within a window;
   * windows come in time order.
   */
  async *listCalendarItems<O extends CalendarItemListOptions>(options?: O): AsyncGenerator<Read<CalendarItem, O>> {
    const o: CalendarItemListOptions = options ?? {};
    const spans = o.since && o.until ? calendarWindows(o.since, o.until) : [{ since: o.since, until: o.until }];
    const seen = new Set<string>();
    const what = o.courseId ? `the calendar of ${o.courseId}` : 'your calendar';
    for (const span of spans) {
      const query = listQuery(o, { courseId: o.courseId, type: o.type, since: span.since, until: span.until });
      const items = this.learn.list<Read<CalendarItem, O>>({ path: ITEMS, query, operation: `list ${what}`, signal: o.signal }, itemSchema(CalendarItem, o.fields));
      for await (const found of items) {
        // An item overlapping two windows is listed in both; `fields` without id/type cannot be deduplicated.
        const key = found.id !== undefined && found.type !== undefined ? `${found.type}/${found.id}` : undefined;
        if (key !== undefined && spans.length > 1) {
          if (seen.has(key)) continue;
          seen.add(key);
        }
        yield found;
      }
    }
  }

  getCalendarItem<O extends FieldsOption<CalendarItem> & Signal>(type: CalendarItemType, id: string, options?: O): Promise<Read<CalendarItem, O>> {
    return this.learn.read(
      { method: 'GET', path: item(type, id), query: toQuery({ fields: options?.fields }), operation: `open calendar item ${id}`, signal: options?.signal },
      itemSchema(CalendarItem, options?.fields),
    );
  }

  /** Creates an item, or a series with `recurrence` (answered with its first item). Not repeated when the answer is lost (POST). */
  createCalendarItem(input: NewCalendarItem, options: Signal = {}): Promise<CalendarItem> {
    return this.learn.read({ method: 'POST', path: ITEMS, json: input, operation: `add "${input.title}" to the calendar`, signal: options.signal }, CalendarItem);
  }

  /**
   * Changes one item, or with `updateSeries: true` replaces its whole series (a complete
   * `recurrence` is then required; without it, sending `recurrence` is refused by Learn).
   */
  updateCalendarItem(type: CalendarItemType, id: string, change: CalendarItemPatch, options: Signal & { updateSeries?: boolean } = {}): Promise<CalendarItem> {
    return this.learn.read(
      {
        method: 'PATCH',
        path: item(type, id),
        query: toQuery({ updateSeries: options.updateSeries }),
        json: change,
        operation: options.updateSeries ? `change the series of calendar item ${id}` : `change calendar item ${id}`,
        signal: options.signal,
      },
      CalendarItem,
    );
  }

  /** Deletes one item, or with `deleteSeries: true` every item of its series. */
  deleteCalendarItem(type: CalendarItemType, id: string, options: Signal & { deleteSeries?: boolean } = {}): Promise<void> {
    return this.learn.send({
      method: 'DELETE',
      path: item(type, id),
      query: toQuery({ deleteSeries: options.deleteSeries }),
      operation: options.deleteSeries ? `delete the series of calendar item ${id}` : `delete calendar item ${id}`,
      signal: options.signal,
    });
  }
}
