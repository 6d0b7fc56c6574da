import { z } from 'zod';
import { Calendar, CALENDAR_WINDOW_WEEKS, CalendarItem, CalendarItemPatch, CalendarItemType, NewCalendarItem } from '../api/calendar';
import { DateTime } from '../api/common';

/**
 * IPC channels for calendar items across the user's courses. Spread into `contract` in contract.ts; same rules: a request schema
 * each, a response schema each, operations by name and never a URL or token.
 *
 * One `calendar.window` call is one of Learn's read windows: at most 16 weeks, so the renderer
 * caches exactly what Learn answered for that span and a window is never silently cut short.
 */

const WINDOW_MS = CALENDAR_WINDOW_WEEKS * 7 * 24 * 3600 * 1000;
const ItemId = z.string().min(1).max(200);
/** GradebookColumn items are changed in Learn's gradebook, never here (docs/api-notes/calendar.md). */
const EditableType = CalendarItemType.exclude(['GradebookColumn']);
/** "this event" or "the whole series": the two choices a user makes when changing a recurring item. */
export const ChangeScope = z.enum(['this', 'series']);
export type ChangeScope = z.infer<typeof ChangeScope>;

export const CalendarWindowRequest = z
  .strictObject({ since: DateTime, until: DateTime, type: CalendarItemType.optional() })
  .refine((w) => Date.parse(w.since) <= Date.parse(w.until), { message: 'the window ends before it starts' })
  .refine((w) => Date.parse(w.until) - Date.parse(w.since) <= WINDOW_MS, { message: `a window is at most ${CALENDAR_WINDOW_WEEKS} weeks (Learn cuts longer reads short)` });

export const CalendarUpdateRequest = z
  .strictObject({ type: EditableType, id: ItemId, change: CalendarItemPatch, scope: ChangeScope })
  // Learn refuses a recurrence on a one-item change, and needs a complete one to rebuild a series.
  .refine((r) => r.scope === 'series' || r.change.recurrence === undefined, { message: 'changing one event sends no recurrence' })
  .refine((r) => r.scope === 'this' || r.change.recurrence !== undefined, { message: 'changing the whole series needs its complete recurrence' });

export const calendarChannels = {
  /** The calendars the user can see (Institution, Personal, each course with its calendar on). */
  'calendar.calendars': { request: z.strictObject({}), response: z.strictObject({ calendars: z.array(Calendar) }) },
  /** Every item overlapping one read window (all pages), across every calendar the user can see. */
  'calendar.window': { request: CalendarWindowRequest, response: z.strictObject({ items: z.array(CalendarItem) }) },
  /** Creates an item, or a series with `recurrence`; answers the (first) item. */
  'calendar.create': { request: z.strictObject({ item: NewCalendarItem }), response: z.strictObject({ item: CalendarItem }) },
  /** Changes one event (no recurrence sent) or replaces the whole series (full recurrence sent). */
  'calendar.update': { request: CalendarUpdateRequest, response: z.strictObject({ item: CalendarItem }) },
  /** Deletes one event or every event of its series. */
  'calendar.delete': { request: z.strictObject({ type: EditableType, id: ItemId, scope: ChangeScope }), response: z.strictObject({}) },
} as const;
