import { z } from 'zod';
import { openEnum, DateTime, optional, pagedEnvelope } from './common';

/**
 * Learn calendars and calendar items (`/learn/api/public/v1/calendars`, `/calendars/items`),
 * as seed 000 and the Swagger file (release 3900.121.0) describe them. Readers: the shape of an
 * item is checked where the app relies on it (type, dates), the rest is tolerated: every optional
 * field may be absent or null (common.ts `optional`), and day names are read in both spellings.
 */

/** Limits of seed 000 ("Limits"): shared so the app can check before it sends. */
export const CALENDAR_TITLE_MAX = 255;
export const CALENDAR_LOCATION_MAX = 1024;
/** Get Calendar Items returns at most this many weeks from `since`. */
export const CALENDAR_WINDOW_WEEKS = 16;

/** The calendar ids that are not course ids. */
export const PERSONAL_CALENDAR = 'PERSONAL';
export const INSTITUTION_CALENDAR = 'INSTITUTION';

/** Strict: the type picks the URL an item is read, changed and deleted at. */
export const CalendarItemType = z.enum(['Course', 'GradebookColumn', 'Institution', 'OfficeHours', 'Personal']);
export type CalendarItemType = z.infer<typeof CalendarItemType>;

/** Day names as the Swagger's `repeatDay` enum spells them: what Rollbook writes, and what it reads them as. */
export const Weekday = z.enum(['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa']);
export type Weekday = z.infer<typeof Weekday>;

/** Seed 000 ("`repeatDay` (enum, `Sunday` among the values)") and the vendor calendar page spell days in full. */
const FULL_DAY_NAMES = { Sunday: 'Su', Monday: 'Mo', Tuesday: 'Tu', Wednesday: 'We', Thursday: 'Th', Friday: 'Fr', Saturday: 'Sa' } as const satisfies Record<string, Weekday>;
const FullDayName = z.enum(['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']);

/**
 * A day name as Learn may answer it, `Su` or `Sunday` (any letter case), read as the Swagger's
 * short form; any other value is kept as it came (the readers' open-enum rule, common.ts).
 */
const fullDays = openEnum(FullDayName.options);
export const WeekdayRead = openEnum(Weekday.options).transform((day) => {
  const full = fullDays.parse(day);
  return Object.hasOwn(FULL_DAY_NAMES, full) ? FULL_DAY_NAMES[full as keyof typeof FULL_DAY_NAMES] : day;
});

export const RecurrenceFrequency = z.enum(['Daily', 'Weekly', 'Monthly']);
export type RecurrenceFrequency = z.infer<typeof RecurrenceFrequency>;

export const CalendarItemRecurrence = z.looseObject({
  frequency: optional(openEnum(RecurrenceFrequency.options)),
  interval: optional(z.number().int()),
  count: optional(z.number().int()),
  until: optional(DateTime),
  weekDays: optional(z.array(WeekdayRead)),
  monthRepeatDay: optional(z.number().int()),
  monthPosition: optional(z.number().int()),
  repeatDay: optional(WeekdayRead),
  originalStart: optional(DateTime),
  originalEnd: optional(DateTime),
  repeatBroken: optional(z.boolean()),
});
export type CalendarItemRecurrence = z.infer<typeof CalendarItemRecurrence>;

/** Present on GradebookColumn items only. */
export const DynamicCalendarItemProps = z.looseObject({
  attemptable: optional(z.boolean()),
  categoryId: optional(z.string()),
  dateRangeLimited: optional(z.boolean()),
  eventType: optional(z.string()),
  gradable: optional(z.boolean()),
});
export type DynamicCalendarItemProps = z.infer<typeof DynamicCalendarItemProps>;

export const CalendarItem = z.looseObject({
  id: z.string(),
  type: openEnum(CalendarItemType.options),
  calendarId: z.string(),
  calendarName: optional(z.string()),
  title: optional(z.string()),
  description: optional(z.string()),
  location: optional(z.string()),
  start: DateTime,
  end: DateTime,
  modified: optional(DateTime),
  color: optional(z.string()),
  disableResizing: optional(z.boolean()),
  createdByUserId: optional(z.string()),
  dynamicCalendarItemProps: optional(DynamicCalendarItemProps),
  recurrence: optional(CalendarItemRecurrence),
  ltiLaunchDeepLink: optional(z.looseObject({})),
});
export type CalendarItem = z.infer<typeof CalendarItem>;

/** An item read with `fields=`: any subset of the properties. */
export const PartialCalendarItem = CalendarItem.partial();
export type PartialCalendarItem = z.infer<typeof PartialCalendarItem>;

export const PagedCalendarItems = pagedEnvelope(CalendarItem);
export type PagedCalendarItems = z.infer<typeof PagedCalendarItems>;

/** A calendar the user can see: `INSTITUTION`, `PERSONAL`, or a course id with its name. */
export const Calendar = z.looseObject({
  id: z.string(),
  name: optional(z.string()),
});
export type Calendar = z.infer<typeof Calendar>;

export const PagedCalendars = pagedEnvelope(Calendar);
export type PagedCalendars = z.infer<typeof PagedCalendars>;

/** The recurrence the app sends: complete, as a series update requires (docs/api-notes/calendar.md). */
export const RecurrenceInput = z.strictObject({
  frequency: RecurrenceFrequency,
  interval: z.number().int().min(1).max(100),
  count: z.number().int().min(1).optional(),
  until: DateTime.optional(),
  weekDays: z.array(Weekday).min(1).optional(),
  monthRepeatDay: z.number().int().min(1).max(31).optional(),
  monthPosition: z.number().int().min(-1).max(4).optional(),
  repeatDay: Weekday.optional(),
});
export type RecurrenceInput = z.infer<typeof RecurrenceInput>;

/** Body of Create Calendar Item (GradebookColumn items are made through the gradebook API). */
export const NewCalendarItem = z.strictObject({
  type: CalendarItemType.exclude(['GradebookColumn']),
  calendarId: z.string().min(1),
  title: z.string().min(1).max(CALENDAR_TITLE_MAX),
  description: z.string().optional(),
  location: z.string().max(CALENDAR_LOCATION_MAX).optional(),
  start: DateTime,
  end: DateTime,
  disableResizing: z.boolean().optional(),
  recurrence: RecurrenceInput.optional(),
});
export type NewCalendarItem = z.infer<typeof NewCalendarItem>;

/** Body of Update Calendar Item; `recurrence` only with `updateSeries=true`. */
export const CalendarItemPatch = z.strictObject({
  title: z.string().min(1).max(CALENDAR_TITLE_MAX).optional(),
  description: z.string().optional(),
  location: z.string().max(CALENDAR_LOCATION_MAX).optional(),
  start: DateTime.optional(),
  end: DateTime.optional(),
  disableResizing: z.boolean().optional(),
  recurrence: RecurrenceInput.optional(),
});
export type CalendarItemPatch = z.infer<typeof CalendarItemPatch>;
