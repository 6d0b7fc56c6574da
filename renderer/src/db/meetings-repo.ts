import { MeetingFields, type MeetingRef } from '../../../shared/domain/outbox';
import { addOp, newOpId, outboxRow, refOf, requireMeeting } from './ops';
import type { RollbookDb } from './rollbook-db';
import type { MeetingRow, OutboxRow } from './rows';

export interface MeetingsRepo {
  /** A new meeting, usable at once (offline too): its ref is `{ localId }` until synced. */
  createMeeting(courseId: string, fields: MeetingFields): Promise<{ localId: string }>;
  /** The meeting and one more every 7 days (same local time) up to and including `untilDate` (YYYY-MM-DD, local). */
  createWeeklySeries(courseId: string, fields: MeetingFields, untilDate: string): Promise<MeetingRef[]>;
  updateMeeting(courseId: string, meetingRef: MeetingRef, fields: Partial<MeetingFields>): Promise<void>;
  deleteMeeting(courseId: string, meetingRef: MeetingRef): Promise<void>;
}

/** A series longer than this is a typo in the end date, not a term. */
const MAX_SERIES = 60;

function occurrences(fields: MeetingFields, untilDate: string): MeetingFields[] {
  const start = new Date(fields.start);
  const duration = new Date(fields.end).getTime() - start.getTime();
  const last = new Date(`${untilDate}T23:59:59.999`); // local end of day
  if (Number.isNaN(last.getTime())) throw new Error(`Not a date: ${untilDate}`);
  const out: MeetingFields[] = [];
  for (let i = 0; i < MAX_SERIES; i++) {
    const s = new Date(start);
    s.setDate(s.getDate() + 7 * i); // calendar days, so the wall-clock time survives a DST change
    if (s > last) break;
    out.push({ ...fields, start: s.toISOString(), end: new Date(s.getTime() + duration).toISOString() });
  }
  return out;
}

/**
 * The rows a new meeting writes: the meeting, usable at once under a local id, and the op that
 * creates it on Learn (validated). Written together, in one transaction, by `createMeeting` and by
 * a CSV import (which adds all its meetings in one request per table).
 */
export function newMeetingRows(courseId: string, fields: MeetingFields, at: string): { meeting: MeetingRow; op: OutboxRow } {
  const valid = MeetingFields.parse(fields);
  const localId = crypto.randomUUID();
  const meeting: MeetingRow = {
    key: localId,
    courseId,
    localId,
    title: valid.title,
    description: valid.description,
    start: valid.start,
    end: valid.end,
    ...(valid.externalLink !== undefined ? { externalLink: valid.externalLink } : {}),
    savedAt: at,
  };
  return { meeting, op: outboxRow({ opId: newOpId(), kind: 'meeting.create', courseId, at, localMeetingId: localId, fields: valid }, localId) };
}

/**
 * Removes a meeting Learn has never seen, with its ops, undo steps and records: nothing to send.
 * The caller holds the transaction (deleteMeeting's, or undoing the import that created it).
 */
export async function dropUnsentMeeting(db: RollbookDb, meeting: MeetingRow): Promise<void> {
  await Promise.all([
    db.outbox.where('meetingKey').equals(meeting.key).delete(),
    db.undoLog.where('[courseId+meetingKey]').equals([meeting.courseId, meeting.key]).delete(),
    db.attendanceRecords.where('meetingKey').equals(meeting.key).delete(),
    db.meetings.delete(meeting.key),
  ]);
}

export function meetingsRepo(db: RollbookDb): MeetingsRepo {
  // A meeting and its outbox op are written in one transaction: a meeting on screen always has
  // the op that will create (or change, or delete) it on Learn, and a failed op leaves no meeting.
  const tables = [db.meetings, db.attendanceRecords, db.outbox, db.undoLog];

  async function create(courseId: string, fields: MeetingFields, at: string): Promise<string> {
    const { meeting, op } = newMeetingRows(courseId, fields, at);
    await db.meetings.add(meeting);
    await db.outbox.add(op);
    return meeting.key;
  }

  return {
    async createMeeting(courseId, fields) {
      const at = new Date().toISOString();
      const localId = await db.transaction('rw', tables, () => create(courseId, fields, at));
      return { localId };
    },

    async createWeeklySeries(courseId, fields, untilDate) {
      const at = new Date().toISOString();
      const all = occurrences(MeetingFields.parse(fields), untilDate);
      // The whole series or none of it.
      return db.transaction('rw', tables, async () => {
        const refs: MeetingRef[] = [];
        for (const f of all) refs.push({ localId: await create(courseId, f, at) });
        return refs;
      });
    },

    async updateMeeting(courseId, meetingRef, fields) {
      const valid = MeetingFields.partial().parse(fields);
      await db.transaction('rw', tables, async () => {
        const meeting = await requireMeeting(db, courseId, meetingRef);
        const at = new Date().toISOString();
        await db.meetings.put({ ...meeting, ...valid, savedAt: at });
        await addOp(db, { opId: newOpId(), kind: 'meeting.update', courseId, at, meeting: refOf(meeting), fields: valid }, meeting.key);
      });
    },

    /**
     * A meeting Learn has never seen (no server id) just disappears with its ops and records:
     * nothing to send. One Learn has is hidden at once, its pending ops dropped (Learn deletes the
     * meeting's records with it) and a delete op queued; the row goes when the delete is done.
     */
    async deleteMeeting(courseId, meetingRef) {
      await db.transaction('rw', tables, async () => {
        const meeting = await requireMeeting(db, courseId, meetingRef);
        const at = new Date().toISOString();
        if (meeting.serverId === undefined) return dropUnsentMeeting(db, meeting);
        await db.outbox.where('meetingKey').equals(meeting.key).delete();
        await db.undoLog.where('[courseId+meetingKey]').equals([courseId, meeting.key]).delete();
        await db.meetings.put({ ...meeting, deleted: true, savedAt: at });
        await addOp(db, { opId: newOpId(), kind: 'meeting.delete', courseId, at, meeting: refOf(meeting) }, meeting.key);
      });
    },
  };
}
