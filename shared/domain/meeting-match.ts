import type { Meeting } from '../api/attendance';
import type { MeetingFields } from './outbox';

/**
 * How the sync engine recognises a meeting it created earlier but never heard back about (a lost
 * answer, a crash): Learn cannot deduplicate creates and meetings carry no field a client could
 * use as an idempotency key without the user seeing it. So a create is matched to an existing
 * meeting with the same title, description, start, end and link (times compared as instants,
 * since Learn answers in UTC with milliseconds), one meeting per create. Two meetings alike in all
 * of that are the same class to anyone reading the roll, so adopting the existing one is what the
 * user would want. Recorded in docs/decisions/sync-engine.md, "Sync engine".
 */
export function sameMeeting(server: Meeting, fields: MeetingFields): boolean {
  return (
    (server.title ?? '') === fields.title &&
    (server.description ?? '') === fields.description &&
    Date.parse(server.start) === Date.parse(fields.start) &&
    server.end != null &&
    Date.parse(server.end) === Date.parse(fields.end) &&
    (server.externalLink ?? '') === (fields.externalLink ?? '')
  );
}

/** The first meeting matching `fields` that no other create of this push has taken. */
export function findCreatedMeeting(meetings: readonly Meeting[], fields: MeetingFields, taken: ReadonlySet<number>): Meeting | undefined {
  return meetings.find((m) => !taken.has(m.id) && sameMeeting(m, fields));
}
