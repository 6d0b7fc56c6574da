import { badRequest } from '../../core/errors';
import { parseLearnDateTime } from './dates';
import { readRecurrence, type RecurrenceRule } from './recurrence';
import type { ItemDraft } from './state';
import { ItemType, LOCATION_MAX, TITLE_MAX } from './wire';

/**
 * Request bodies of Create and Update Calendar Item, checked field by field so each 400 names the
 * field, the value's problem and the limit. Read-only fields a client may echo back from a GET are
 * accepted and ignored; a null field counts as not sent (a Jackson client writes every unset
 * field as null); any other unknown field is refused (a typo would otherwise be lost).
 */

const READ_ONLY = ['id', 'calendarName', 'modified', 'color', 'createdByUserId', 'dynamicCalendarItemProps'];
const CREATE_FIELDS = ['type', 'calendarId', 'title', 'description', 'location', 'start', 'end', 'disableResizing', 'recurrence', 'ltiLaunchDeepLink'];
const UPDATE_FIELDS = ['title', 'description', 'location', 'start', 'end', 'disableResizing', 'recurrence', 'ltiLaunchDeepLink', 'type', 'calendarId'];

/** Where a GradebookColumn item is really made, changed or deleted (seed 000). */
export function gradebookColumnsPath(courseId: string, columnId?: string): string {
  return `/learn/api/public/v2/courses/${courseId}/gradebook/columns${columnId ? `/${columnId}` : ''}`;
}

/** A create request: the fields of an item the client may send, plus the series rule. */
export interface NewItemRequest extends Omit<ItemDraft, 'createdByUserId' | 'ownerUserId' | 'gradebook'> {
  recurrence?: RecurrenceRule | undefined;
}

export function readNewItem(sent: Record<string, unknown>): NewItemRequest {
  const body = withoutNulls(sent);
  refuseUnknown(body, CREATE_FIELDS);
  const type = ItemType.safeParse(body.type);
  if (!type.success) {
    throw badRequest(`type is ${body.type === undefined ? 'missing' : `not valid: ${JSON.stringify(body.type)}`}; use one of ${ItemType.options.join(', ')}`);
  }
  if (type.data === 'GradebookColumn') {
    const course = typeof body.calendarId === 'string' ? body.calendarId : '{courseId}';
    throw badRequest(`GradebookColumn calendar items cannot be created here; create a grade column with POST ${gradebookColumnsPath(course)} and give it a due date`);
  }
  if (typeof body.calendarId !== 'string' || body.calendarId.trim() === '') {
    throw badRequest('calendarId is missing; use PERSONAL, INSTITUTION or a course id such as _12_1');
  }
  if (body.title === undefined) throw badRequest('title is missing; a calendar item needs a title of 1 to 255 characters');
  const start = readDate(body.start, 'start');
  const end = readDate(body.end, 'end');
  if (start === undefined || end === undefined) throw badRequest(`${start === undefined ? 'start' : 'end'} is missing; a calendar item needs both start and end`);
  checkOrder(start, end);
  const recurrence = body.recurrence === undefined ? undefined : readRecurrence(body.recurrence);
  if (type.data === 'OfficeHours' && !recurrence) {
    throw badRequest('OfficeHours items need a recurrence (Swagger: "This object must be defined for OfficeHours"), e.g. {"frequency":"Weekly","interval":1,"weekDays":["Tu"],"count":14}');
  }
  return {
    type: type.data,
    calendarId: body.calendarId,
    title: readTitle(body.title),
    description: readDescription(body.description),
    location: readLocation(body.location),
    start,
    end,
    disableResizing: readBoolean(body.disableResizing, 'disableResizing'),
    recurrence,
    ltiLaunchDeepLink: readLink(body.ltiLaunchDeepLink),
  };
}

export interface ItemChanges {
  title?: string | undefined;
  /** An empty string clears the field; null or absent leaves it. */
  description?: string | undefined;
  location?: string | undefined;
  start?: number | undefined;
  end?: number | undefined;
  disableResizing?: boolean | undefined;
  ltiLaunchDeepLink?: Record<string, unknown> | undefined;
  /** Present only (and always) for a series update. */
  recurrence?: RecurrenceRule | undefined;
}

/**
 * An update body. With `updateSeries=false` the recurrence must not be sent at all; with true it
 * must be sent complete. type and calendarId may be echoed unchanged, never changed.
 */
export function readChanges(sent: Record<string, unknown>, updateSeries: boolean, current: { type: string; calendarId: string; id: string }): ItemChanges {
  const body = withoutNulls(sent);
  refuseUnknown(body, UPDATE_FIELDS);
  for (const key of ['type', 'calendarId'] as const) {
    if (body[key] !== undefined && body[key] !== current[key]) {
      throw badRequest(`${key} of calendar item ${current.id} cannot change (${current[key]} -> ${JSON.stringify(body[key])}); delete the item and create a new one instead`);
    }
  }
  if (!updateSeries && 'recurrence' in body) {
    throw badRequest(`recurrence must not be sent when updating the single calendar item ${current.id}; to change the whole series, send updateSeries=true with the full recurrence`);
  }
  if (updateSeries && body.recurrence === undefined) {
    throw badRequest(`updateSeries=true replaces the whole series of calendar item ${current.id}: send the full recurrence (frequency, interval, count or until, and weekDays or the monthly day)`);
  }
  return {
    title: body.title === undefined ? undefined : readTitle(body.title),
    description: readDescription(body.description),
    location: readLocation(body.location),
    start: readDate(body.start, 'start'),
    end: readDate(body.end, 'end'),
    disableResizing: readBoolean(body.disableResizing, 'disableResizing'),
    ltiLaunchDeepLink: readLink(body.ltiLaunchDeepLink),
    recurrence: updateSeries ? readRecurrence(body.recurrence) : undefined,
  };
}

/** start strictly before end (seed: "must be before end"). */
export function checkOrder(start: number, end: number): void {
  if (start >= end) {
    throw badRequest(`end (${new Date(end).toISOString()}) is ${start === end ? 'the same as' : 'before'} start (${new Date(start).toISOString()}); end must be after start`);
  }
}

/** The body without its null fields: Learn reads null as "not sent" (Swagger: Jackson bodies). */
function withoutNulls(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== null));
}

function refuseUnknown(body: Record<string, unknown>, allowed: string[]): void {
  const unknown = Object.keys(body).filter((k) => !allowed.includes(k) && !READ_ONLY.includes(k));
  if (unknown.length) throw badRequest(`Unknown calendar item field(s): ${unknown.join(', ')}. Allowed: ${allowed.join(', ')}`);
}

function readTitle(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') throw badRequest('title must be a non-empty string');
  if (value.length > TITLE_MAX) throw badRequest(`Calendar item title is ${value.length} characters; the limit is ${TITLE_MAX}`);
  return value;
}

function readDescription(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw badRequest('description must be a string');
  return value;
}

function readLocation(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw badRequest('location must be a string');
  if (value.length > LOCATION_MAX) throw badRequest(`Calendar item location is ${value.length} characters; the limit is ${LOCATION_MAX}`);
  return value;
}

function readDate(value: unknown, name: string): number | undefined {
  if (value === undefined) return undefined;
  const parsed = typeof value === 'string' ? parseLearnDateTime(value) : undefined;
  if (parsed === undefined) throw badRequest(`${name} is not an ISO 8601 date-time: ${JSON.stringify(value)}. Use e.g. 2026-09-01T14:00:00.000Z`);
  return parsed;
}

function readBoolean(value: unknown, name: string): boolean | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') throw badRequest(`${name} must be true or false; got ${JSON.stringify(value)}`);
  return value;
}

function readLink(value: unknown): Record<string, unknown> | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw badRequest('ltiLaunchDeepLink must be an object {placementHandle, uuid, url, title, customParameters}');
  return value as Record<string, unknown>;
}
