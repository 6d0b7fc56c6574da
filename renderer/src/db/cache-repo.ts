import type { LearnStatus, Meeting } from '../../../shared/api/attendance';
import { expandOutbox } from './outbox-batches';
import { COURSES_READ_KEY, meetingReadKey, recordsReadKey, rosterReadKey } from './read-freshness';
import type { RollbookDb } from './rollbook-db';
import { sortNameOf } from './rollbook-db';
import type { AttendanceRecordRow, CourseRow, MeetingRow, RosterMemberRow } from './rows';

/** Shapes as the IPC contract returns them (learn.myCourses / learn.roster / learn.records). */
export type FetchedCourse = CourseRow;
export type FetchedMember = Omit<RosterMemberRow, 'courseId' | 'sortName'>;
export interface FetchedRecord {
  id: number;
  userId: string;
  status: LearnStatus;
}

/** One course's meetings as Learn sent them, and when that read was sent. */
export interface MeetingsRead {
  courseId: string;
  meetings: readonly Meeting[];
  readSince: string;
}

/** What Today writes of Learn's lists at once: the course list (when it is part of it) and meetings. */
export interface LearnLists {
  courses?: readonly FetchedCourse[] | undefined;
  meetings: readonly MeetingsRead[];
}

/**
 * The syncState key of the last time a course's meetings were read from Learn: until then the
 * device does not know the course's meetings, so Today shows them loading, never "None planned".
 */
export function meetingsReadKey(courseId: string): string {
  return `meetingsRead:${courseId}`;
}

/**
 * `readSince` (an ISO time) is when the read of Learn was sent. A row Learn confirmed later, by
 * answering this device's own change (`confirmedAt`), is newer than the read and stays as it is:
 * a list sent before a meeting was created would otherwise delete it, one sent before a delete
 * would bring it back, a roll sent before a press would undo it on screen. The next read has them.
 */
export interface CacheRepo {
  putCourses(courses: readonly FetchedCourse[]): Promise<void>;
  /**
   * Learn's course list and several courses' meetings in one transaction (Today's read of Learn):
   * one commit, and one re-read for the screens that watch them, instead of one per course.
   */
  putLists(lists: LearnLists): Promise<void>;
  putRoster(courseId: string, members: readonly FetchedMember[]): Promise<void>;
  putMeetings(courseId: string, meetings: readonly Meeting[], readSince: string): Promise<void>;
  putRecords(courseId: string, meetingId: number, records: readonly FetchedRecord[], readSince: string): Promise<void>;
}

/** Whether Learn confirmed this row after the read was sent (the same millisecond counts: keeping the row is safe, the next read settles it). */
function newerThan(readSince: string, row: { confirmedAt?: string | undefined } | undefined): boolean {
  return row?.confirmedAt !== undefined && row.confirmedAt >= readSince;
}

/**
 * Server data coming in. The rule throughout: what the user did and has not yet synced (a row
 * with an op in the outbox) is never replaced by the server's copy; the server's value still
 * becomes the record's base, so the sync engine can tell a conflict from a plain change.
 */
export function cacheRepo(db: RollbookDb): CacheRepo {
  const repo: CacheRepo = {
    async putLists({ courses, meetings }) {
      // The calls below join this transaction (Dexie nests a subset of its tables). The courses'
      // meetings side by side: each touches only its own course's rows, and its requests then
      // travel together instead of one course's after another's.
      await db.transaction('rw', [db.courses, db.meetings, db.outbox, db.attendanceRecords, db.syncState], async () => {
        await Promise.all([courses && repo.putCourses(courses), ...meetings.map((read) => repo.putMeetings(read.courseId, read.meetings, read.readSince))]);
      });
    },

    async putCourses(list) {
      // Replace, not merge: a course the user left must disappear. One transaction so a reader
      // never sees the table empty in between.
      await db.transaction('rw', [db.courses, db.syncState], async () => {
        await db.courses.clear();
        await db.courses.bulkPut(list.map((c) => ({ ...c })));
        await db.syncState.put({ key: COURSES_READ_KEY, value: new Date().toISOString() });
      });
    },

    async putRoster(courseId, members) {
      await db.transaction('rw', [db.rosterMembers, db.syncState], async () => {
        await db.syncState.put({ key: rosterReadKey(courseId), value: new Date().toISOString() });
        await db.rosterMembers.where('courseId').equals(courseId).delete();
        await db.rosterMembers.bulkPut(members.map((m) => ({ ...m, courseId, sortName: sortNameOf(m) })));
      });
    },

    async putMeetings(courseId, meetings, readSince) {
      const at = new Date().toISOString();
      await db.transaction('rw', [db.meetings, db.outbox, db.attendanceRecords, db.syncState], async () => {
        await db.syncState.put({ key: meetingsReadKey(courseId), value: at });
        const ops = await db.outbox.where('courseId').equals(courseId).toArray();
        const withOps = new Set(ops.filter((o) => o.state !== 'withdrawn').map((o) => o.meetingKey));
        const onServer = new Set(meetings.map((m) => String(m.id)));
        // Read and written in one request each, not one per meeting: every request is a round
        // trip to the browser's database process, and a term of meetings made a first start wait.
        const olds = await db.meetings.bulkGet(meetings.map((m) => String(m.id)));
        const rows: MeetingRow[] = [];
        meetings.forEach((m, i) => {
          const old = olds[i];
          // Local edit or delete pending: keep the user's version (none kept: a store the browser cleared, given its ops back).
          if (old && withOps.has(String(m.id))) return;
          if (newerThan(readSince, old)) return;
          rows.push({
            key: String(m.id),
            courseId,
            serverId: m.id,
            ...(old?.localId !== undefined ? { localId: old.localId } : {}),
            title: m.title ?? '',
            description: m.description ?? '',
            start: m.start,
            end: m.end ?? null,
            ...(m.externalLink !== undefined ? { externalLink: m.externalLink } : {}),
            savedAt: at,
          });
        });
        await db.meetings.bulkPut(rows);
        // Meetings deleted on Learn go (and the markers of deletes Learn took), unless this device
        // still has something to send for them or the read was sent before Learn confirmed them.
        // Keys first: only the rows Learn did not list are opened (each open is a decryption).
        const unlisted = (await db.meetings.where('courseId').equals(courseId).primaryKeys()).map(String).filter((key) => !onServer.has(key) && !withOps.has(key));
        const gone = (await db.meetings.bulkGet(unlisted)).filter((m): m is MeetingRow => m !== undefined && m.serverId !== undefined && !newerThan(readSince, m));
        for (const m of gone) {
          await db.attendanceRecords.where('meetingKey').equals(m.key).delete();
          await db.meetings.delete(m.key);
        }
      });
    },

    async putRecords(courseId, meetingId, records, readSince) {
      const meetingKey = String(meetingId);
      const at = new Date().toISOString();
      await db.transaction('rw', [db.attendanceRecords, db.outbox, db.conflicts, db.syncState], async () => {
        // When this device last read the course's records from Learn: an import planned offline says so.
        await db.syncState.bulkPut([
          { key: recordsReadKey(courseId), value: at },
          { key: meetingReadKey(courseId, meetingKey), value: at },
        ]);
        // Expanded: an import's batch holds the ops of many students (outbox-batches.ts).
        const ops = expandOutbox(await db.outbox.where('meetingKey').equals(meetingKey).toArray());
        const conflicted = await db.conflicts.where('meetingKey').equals(meetingKey).toArray();
        // Unsent taps and records in conflict keep the user's status: Learn's is only the base.
        const pendingUsers = new Set([...ops.filter((o) => o.state !== 'withdrawn').map((o) => o.userId), ...conflicted.map((c) => c.userId)]);
        const local = new Map((await db.attendanceRecords.where('meetingKey').equals(meetingKey).toArray()).map((r) => [r.userId, r]));
        const rows: AttendanceRecordRow[] = [];
        for (const r of records) {
          const mine = local.get(r.userId);
          local.delete(r.userId);
          if (mine && newerThan(readSince, mine)) {
            rows.push(mine);
            continue;
          }
          const keepMine = mine !== undefined && pendingUsers.has(r.userId);
          rows.push({
            courseId,
            meetingKey,
            userId: r.userId,
            status: keepMine ? mine.status : r.status,
            baseStatus: r.status,
            serverRecordId: r.id,
            savedAt: keepMine ? mine.savedAt : at,
          });
        }
        // Local rows the server has no record for: the base is "none"; unsent statuses stay.
        for (const mine of local.values()) {
          if (newerThan(readSince, mine)) continue;
          if (pendingUsers.has(mine.userId)) {
            const { serverRecordId: _gone, ...rest } = mine;
            rows.push({ ...rest, baseStatus: null });
          } else {
            await db.attendanceRecords.delete([meetingKey, mine.userId]);
          }
        }
        await db.attendanceRecords.bulkPut(rows);
      });
    },
  };
  return repo;
}
