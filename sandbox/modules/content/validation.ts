import type { SandboxCourse } from '../../core/directory';
import type { SandboxRequest } from '../../core/http';
import { queryBoolean } from '../../core/http';
import { badRequest } from '../../core/errors';
import type { StoredAvailability } from './store';
import { Available, DESCRIPTION_MAX } from './wire';

/**
 * Checks on the fields Create Content and Create Assignment share. Each refusal is a 400 naming
 * the field, what was sent and what would be accepted. Unknown and read-only fields (id, created,
 * hasChildren, ...) are ignored, as Learn ignores them.
 */

export interface CommonFields {
  title: string;
  description?: string;
  parentId?: string;
  position?: number;
  availability: StoredAvailability;
}

type Body = Record<string, unknown>;

export function optionalString(body: Body, field: string): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw badRequest(`Field '${field}' must be a string, not ${JSON.stringify(value)}`);
  return value;
}

export function optionalBoolean(body: Body, field: string): boolean | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw badRequest(`Field '${field}' must be true or false, not ${JSON.stringify(value)}`);
  return value;
}

export function optionalObject(body: Body, field: string): Body | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw badRequest(`Field '${field}' must be a JSON object`);
  return value as Body;
}

/** An ISO 8601 date-time with a zone (`2026-09-01T09:00:00Z`), normalised to Learn's form. */
export function optionalDateTime(body: Body, field: string): string | undefined {
  const value = optionalString(body, field);
  if (value === undefined) return undefined;
  const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
  const time = Date.parse(value);
  if (!iso.test(value) || Number.isNaN(time)) {
    throw badRequest(`Field '${field}' is not an ISO 8601 date-time with a time zone: '${value}' (example: 2026-09-01T09:00:00Z)`);
  }
  return new Date(time).toISOString();
}

export function readTitle(body: Body): string {
  const title = optionalString(body, 'title');
  if (title === undefined || title.trim() === '') throw badRequest("Field 'title' is required: give the item a title");
  return title;
}

export function readDescription(body: Body): string | undefined {
  const description = optionalString(body, 'description');
  if (description !== undefined && description.length > DESCRIPTION_MAX) {
    throw badRequest(`Field 'description' is ${description.length} characters; the limit is ${DESCRIPTION_MAX}. Shorten it, or move the detail into the body`);
  }
  return description;
}

export function readPosition(body: Body): number | undefined {
  const value = body.position;
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 2147483647) {
    throw badRequest(`Field 'position' must be a zero-based whole number, not ${JSON.stringify(value)}`);
  }
  return value;
}

/** `availability`: every setting defaults as Learn documents (available Yes, guests and observers allowed). */
export function readAvailability(body: Body): StoredAvailability {
  const raw = optionalObject(body, 'availability') ?? {};
  const available = raw.available ?? 'Yes';
  const parsed = Available.safeParse(available);
  if (!parsed.success) throw badRequest(`Field 'availability.available' must be Yes, No or PartiallyVisible, not ${JSON.stringify(available)}`);
  const window = optionalObject(raw, 'adaptiveRelease') ?? {};
  const start = optionalDateTime(window, 'start');
  const end = optionalDateTime(window, 'end');
  if (start && end && Date.parse(start) >= Date.parse(end)) {
    throw badRequest(`Field 'availability.adaptiveRelease.start' (${start}) must be before 'end' (${end})`);
  }
  return {
    available: parsed.data,
    allowGuests: optionalBoolean(raw, 'allowGuests') ?? true,
    allowObservers: optionalBoolean(raw, 'allowObservers') ?? true,
    adaptiveRelease: { ...(start ? { start } : {}), ...(end ? { end } : {}) },
  };
}

export function readCommonFields(body: Body): CommonFields {
  const title = readTitle(body);
  const description = readDescription(body);
  const parentId = optionalString(body, 'parentId');
  const position = readPosition(body);
  return {
    title,
    ...(description !== undefined ? { description } : {}),
    ...(parentId !== undefined ? { parentId } : {}),
    ...(position !== undefined ? { position } : {}),
    availability: readAvailability(body),
  };
}

/**
 * A child course of a cross-listed set takes its content from the parent: writing to it is refused
 * unless the caller says `allowChildCourseContent=true`. The Swagger calls this a validation the
 * flag bypasses, so the refusal is a 400 (docs/api-notes/content.md).
 */
export function guardChildCourse(req: SandboxRequest, course: SandboxCourse, parent: SandboxCourse | undefined): void {
  if (!course.parentId) return;
  if (queryBoolean(req, 'allowChildCourseContent', false)) return;
  const parentName = parent ? parent.courseId : course.parentId;
  throw badRequest(
    `Course ${course.courseId} is a child of cross-listed course ${parentName}: change content in ${parentName}, or send allowChildCourseContent=true to write to the child anyway`,
  );
}
