import type { BulkCoverage } from '../../core/context';
import { meetingAnswer, recordAnswer, type MeetingAnswer, type RecordAnswer, type RecordStatus } from './wire';

/**
 * The attendance book of every course: meetings and the records of who was there. Meeting and
 * record ids are integers from two sequences that start far apart, so an app that mixes the two
 * up finds nothing instead of the wrong row.
 */

/** Where a meeting was made. The seed's origin rule: API meetings can be marked only through the API. */
export type MeetingOrigin = 'api' | 'gui';

export interface StoredMeeting {
  id: number;
  /** Primary id of the course. */
  courseId: string;
  title?: string;
  description?: string;
  start: string;
  end: string | null;
  externalLink?: string;
  origin: MeetingOrigin;
}

export interface StoredRecord {
  id: number;
  meetingId: number;
  userId: string;
  status: RecordStatus;
  modifiedByUserId?: string;
  createdTime: string;
  modifiedTime: string;
}

export const FIRST_MEETING_ID = 1001;
export const FIRST_RECORD_ID = 50001;

export class AttendanceState {
  /**
   * Whom the bulk status covers. Swagger: "for all users in the course" (`course`, the default:
   * every member, instructors and TAs included); `students` is the roll alone (docs/api-notes/attendance.md).
   * Set by `--bulk-covers` and `POST /__sandbox/attendance`.
   */
  constructor(public bulkCovers: BulkCoverage = 'course') {}

  readonly #meetings = new Map<number, StoredMeeting>();
  /** meetingId -> userId -> record: one record per user per meeting. */
  readonly #records = new Map<number, Map<string, StoredRecord>>();
  #nextMeetingId = FIRST_MEETING_ID;
  #nextRecordId = FIRST_RECORD_ID;

  meeting(id: number): StoredMeeting | undefined {
    return this.#meetings.get(id);
  }

  meetingsOf(courseId: string): StoredMeeting[] {
    return [...this.#meetings.values()].filter((m) => m.courseId === courseId);
  }

  addMeeting(fields: Omit<StoredMeeting, 'id'>): StoredMeeting {
    const meeting: StoredMeeting = { ...fields, id: this.#nextMeetingId++ };
    this.#meetings.set(meeting.id, meeting);
    this.#records.set(meeting.id, new Map());
    return meeting;
  }

  /** Deletes the meeting and every record taken at it. */
  deleteMeeting(id: number): void {
    this.#meetings.delete(id);
    this.#records.delete(id);
  }

  recordsOf(meetingId: number): StoredRecord[] {
    return [...(this.#records.get(meetingId)?.values() ?? [])];
  }

  record(meetingId: number, userId: string): StoredRecord | undefined {
    return this.#records.get(meetingId)?.get(userId);
  }

  /** A user's records at the given meetings (all meetings when omitted), in id order. */
  recordsOfUser(userId: string, meetingIds?: ReadonlySet<number>): StoredRecord[] {
    const out: StoredRecord[] = [];
    for (const [meetingId, byUser] of this.#records) {
      if (meetingIds && !meetingIds.has(meetingId)) continue;
      const record = byUser.get(userId);
      if (record) out.push(record);
    }
    return out.sort((a, b) => a.id - b.id);
  }

  /** Creates or changes the one record of a user at a meeting; says which it did. */
  setStatus(meetingId: number, userId: string, status: RecordStatus, now: string, byUserId?: string): { record: StoredRecord; created: boolean } {
    const byUser = this.#records.get(meetingId);
    if (!byUser) throw new Error(`meeting ${meetingId} does not exist`);
    const existing = byUser.get(userId);
    if (existing) {
      existing.status = status;
      existing.modifiedTime = now;
      if (byUserId) existing.modifiedByUserId = byUserId;
      else delete existing.modifiedByUserId;
      return { record: existing, created: false };
    }
    const record: StoredRecord = {
      id: this.#nextRecordId++,
      meetingId,
      userId,
      status,
      createdTime: now,
      modifiedTime: now,
      ...(byUserId ? { modifiedByUserId: byUserId } : {}),
    };
    byUser.set(userId, record);
    return { record, created: true };
  }

  deleteRecord(meetingId: number, userId: string): boolean {
    return this.#records.get(meetingId)?.delete(userId) ?? false;
  }

  deleteRecordsOf(meetingId: number): void {
    this.#records.get(meetingId)?.clear();
  }

  /** Deletes a user's records at the given meetings; returns how many went. */
  deleteRecordsOfUser(userId: string, meetingIds: ReadonlySet<number>): number {
    let count = 0;
    for (const meetingId of meetingIds) if (this.#records.get(meetingId)?.delete(userId)) count++;
    return count;
  }

  /**
   * A status set in Learn's own grid (demo data, and tests that play "someone marked it in
   * Learn"). The origin rule: a meeting created through the API cannot be marked in the GUI.
   */
  setStatusInGui(meetingId: number, userId: string, status: RecordStatus, now: string, byUserId: string): StoredRecord {
    const meeting = this.#meetings.get(meetingId);
    if (!meeting) throw new Error(`meeting ${meetingId} does not exist`);
    if (meeting.origin === 'api') {
      throw new Error(`Meeting ${meetingId} was created through the REST API; its attendance can be changed only through the API`);
    }
    return this.setStatus(meetingId, userId, status, now, byUserId).record;
  }
}

/**
 * A meeting as the API shows it. Meetings made in the GUI carry only id, courseId, start and end
 * (null when never set), plus whatever the API has since written to them.
 */
export function meetingView(meeting: StoredMeeting): MeetingAnswer {
  const { origin: _origin, ...facts } = meeting;
  return meetingAnswer(facts);
}

/** A record as the API shows it: `meetingId` as a string, the record id as an integer. */
export function recordView(record: StoredRecord): RecordAnswer {
  return recordAnswer(record);
}
