import { z } from 'zod';
import { LONG_DAY_NAMES, SHORT_DAY_NAMES } from '../../core/shape-variety';

/**
 * The calendar API's wire vocabulary, as the sandbox reads it from seed 000 ("Calendar item",
 * "Calendar items"), the Swagger (CalendarItem, CalendarItemRecurrence) and the vendor page
 * learn-docs/learn/using-calendar-api.md. Written here, not taken from the app's readers, so
 * the sandbox can disagree with the app where the documents do (rule 1 of the house).
 */

/** Seed 000 "Limits" (and the Swagger's field texts). */
export const TITLE_MAX = 255;
export const LOCATION_MAX = 1024;
/** Get Calendar Items answers at most this many weeks after `since` (seed 000). */
export const WINDOW_WEEKS = 16;

/** The calendar ids that are not course ids (seed 000: "PERSONAL, INSTITUTION, or a course ID"). */
export const PERSONAL = 'PERSONAL';
export const INSTITUTION = 'INSTITUTION';

/** Seed 000 and the Swagger agree on these five types. */
export const ItemType = z.enum(['Course', 'GradebookColumn', 'Institution', 'OfficeHours', 'Personal']);
export type ItemType = z.infer<typeof ItemType>;

/** Seed 000 shows `Monthly`; the Swagger enum adds `Weekly` and `Daily`. */
export const Frequency = z.enum(['Daily', 'Weekly', 'Monthly']);
export type Frequency = z.infer<typeof Frequency>;

/**
 * Day names. The Swagger's `repeatDay` enum is `Su`..`Sa`; seed 000 says `repeatDay` has `Sunday`
 * among its values and the vendor page writes `"weekDays": ["Sunday"]`. Both are read, in the
 * case the documents print them; the sandbox keeps the Swagger's short form (Sunday first) and
 * answers in either (`ctx.variety.dayNames()`). The two spellings are core/shape-variety.ts's.
 */
export const WEEKDAYS = SHORT_DAY_NAMES;
export type Weekday = (typeof WEEKDAYS)[number];
export const LONG_WEEKDAYS = LONG_DAY_NAMES;
export const DAY_SPELLINGS = `${WEEKDAYS.join(', ')} or ${LONG_WEEKDAYS.join(', ')}`;

/** The short form of a documented day name, or undefined when `value` is none. */
export function readWeekday(value: unknown): Weekday | undefined {
  if (typeof value !== 'string') return undefined;
  const short = WEEKDAYS.find((d) => d === value);
  if (short) return short;
  const long = (LONG_WEEKDAYS as readonly string[]).indexOf(value);
  return long >= 0 ? WEEKDAYS[long] : undefined;
}

/** 0 for Sunday, as `ctx.variety.dayNames()` counts. */
export const dayIndex = (day: Weekday): number => WEEKDAYS.indexOf(day);

/** How an item's recurrence is written in an answer (day names spelled by the caller). */
export interface RecurrenceJson {
  frequency: Frequency;
  interval: number;
  count?: number | undefined;
  until?: string | undefined;
  weekDays?: string[] | undefined;
  monthRepeatDay?: number | undefined;
  monthPosition?: number | undefined;
  repeatDay?: string | undefined;
  originalStart: string;
  originalEnd: string;
  repeatBroken: boolean;
}

/** An item as Get Calendar Item answers it (Swagger CalendarItem). */
export interface CalendarItemJson {
  id: string;
  type: ItemType;
  calendarId: string;
  calendarName: string;
  title: string;
  description?: string | undefined;
  location?: string | undefined;
  start: string;
  end: string;
  modified: string;
  color: string;
  disableResizing: boolean;
  /** Null when the item has no creator (Swagger: "will be null ... when the creator has been deleted"). */
  createdByUserId: string | null;
  dynamicCalendarItemProps?: {
    attemptable: boolean;
    categoryId: string;
    dateRangeLimited: boolean;
    eventType: string;
    gradable: boolean;
  };
  recurrence?: RecurrenceJson;
  ltiLaunchDeepLink?: Record<string, unknown>;
}

/** A calendar the caller can see (Swagger Get Calendars: `{id, name}`). */
export interface CalendarJson {
  id: string;
  name: string;
}
