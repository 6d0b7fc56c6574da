import {
  AttendanceRecord,
  Meeting,
  type AttendanceRecordInput,
  type AttendanceRecordPatch,
  type AttendanceStatus,
  type MeetingInput,
  type MeetingPatch,
} from '../../../shared/api/attendance';
import { path, type LearnHttp } from './learn-http';
import { itemSchema, listQuery, toQuery, type FieldsOption, type PageOptions, type Read, type SortOptions } from './paging';

/**
 * The Attendance API (seed 001): a course's meetings and each student's status at each meeting.
 * `courseId` takes the primary id or a secondary id (`courseId:PSYC-101-F26`); `userId` the primary
 * id, `me`, or `userName:`, `externalId:`, `uuid:`, `studentId:`. Meeting ids are integers.
 *
 * Writes are not repeated by the client when their answer is lost (POST): `createMeeting` in
 * particular cannot be deduplicated by Learn, so a caller that gets ApiError `outcomeUnknown`
 * looks the meeting up before creating it again. PATCH, DELETE and the bulk status are repeated.
 */

export type MeetingSortField = 'id' | 'start' | 'end' | 'title';
export type RecordSortField = 'id' | 'userId' | 'status' | 'meetingId' | 'createdTime' | 'modifiedTime';
export type MeetingListOptions = PageOptions<Meeting> & SortOptions<MeetingSortField>;
export type RecordListOptions = PageOptions<AttendanceRecord> & SortOptions<RecordSortField>;
type ReadOptions<T> = FieldsOption<T> & { signal?: AbortSignal };

const meetings = (courseId: string) => path`/api/public/v1/courses/${courseId}/meetings`;
const meeting = (courseId: string, meetingId: number) => path`/api/public/v1/courses/${courseId}/meetings/${meetingId}`;
const records = (courseId: string, meetingId: number) => path`/api/public/v1/courses/${courseId}/meetings/${meetingId}/users`;
const record = (courseId: string, meetingId: number, userId: string) => path`/api/public/v1/courses/${courseId}/meetings/${meetingId}/users/${userId}`;
const userRecords = (courseId: string, userId: string) => path`/api/public/v1/courses/${courseId}/meetings/users/${userId}`;

export class AttendanceApi {
  constructor(private readonly learn: LearnHttp) {}

  /** Every meeting of the course, all pages. Meetings made in Learn's own screens may have only id, courseId, start and end. */
  listMeetings<O extends MeetingListOptions>(courseId: string, options?: O): AsyncGenerator<Read<Meeting, O>> {
    const o: MeetingListOptions = options ?? {};
    return this.learn.list(
      { path: meetings(courseId), query: listQuery(o), operation: `list the meetings of ${courseId}`, signal: o.signal },
      itemSchema(Meeting, o.fields),
    );
  }

  /** Creates a meeting (Learn answers 200; 201 is accepted too). Never repeated by the client: see the file comment. */
  createMeeting(courseId: string, input: MeetingInput, options: ReadOptions<Meeting> = {}): Promise<Meeting> {
    return this.learn.read(
      { method: 'POST', path: meetings(courseId), query: toQuery({ fields: options.fields }), json: input, operation: `create the meeting "${input.title}" in ${courseId}`, signal: options.signal },
      Meeting,
    );
  }

  getMeeting<O extends ReadOptions<Meeting>>(courseId: string, meetingId: number, options?: O): Promise<Read<Meeting, O>> {
    return this.learn.read(
      { method: 'GET', path: meeting(courseId, meetingId), query: toQuery({ fields: options?.fields }), operation: `open meeting ${meetingId} of ${courseId}`, signal: options?.signal },
      itemSchema(Meeting, options?.fields),
    );
  }

  /** Changes only the fields sent; Learn refuses an empty change. */
  updateMeeting(courseId: string, meetingId: number, patch: MeetingPatch, options: { signal?: AbortSignal } = {}): Promise<Meeting> {
    return this.learn.read({ method: 'PATCH', path: meeting(courseId, meetingId), json: patch, operation: `change meeting ${meetingId} of ${courseId}`, signal: options.signal }, Meeting);
  }

  /** Deletes the meeting and every record of it. */
  deleteMeeting(courseId: string, meetingId: number, options: { signal?: AbortSignal } = {}): Promise<void> {
    return this.learn.send({ method: 'DELETE', path: meeting(courseId, meetingId), operation: `delete meeting ${meetingId} of ${courseId}`, signal: options.signal });
  }

  /** Deletes every meeting of the course and all their records. */
  deleteAllMeetings(courseId: string, options: { signal?: AbortSignal } = {}): Promise<void> {
    return this.learn.send({ method: 'DELETE', path: meetings(courseId), operation: `delete all meetings of ${courseId}`, signal: options.signal });
  }

  /** Every record of one meeting (one per marked student), all pages. */
  listRecords<O extends RecordListOptions>(courseId: string, meetingId: number, options?: O): AsyncGenerator<Read<AttendanceRecord, O>> {
    const o: RecordListOptions = options ?? {};
    return this.learn.list(
      { path: records(courseId, meetingId), query: listQuery(o), operation: `list the attendance of meeting ${meetingId} of ${courseId}`, signal: o.signal },
      itemSchema(AttendanceRecord, o.fields),
    );
  }

  /** One student's records at this course's meetings, all pages. */
  listUserRecords<O extends RecordListOptions>(courseId: string, userId: string, options?: O): AsyncGenerator<Read<AttendanceRecord, O>> {
    const o: RecordListOptions = options ?? {};
    return this.learn.list(
      { path: userRecords(courseId, userId), query: listQuery(o), operation: `list the attendance of ${userId} in ${courseId}`, signal: o.signal },
      itemSchema(AttendanceRecord, o.fields),
    );
  }

  /**
   * Marks one student at one meeting (201). A second create for the same pair is refused, 400 or
   * 409 (neither seed 001 nor the Swagger says which): the sync engine reads the record and updates
   * it instead (sync/record-create.ts).
   */
  createRecord(courseId: string, meetingId: number, input: Omit<AttendanceRecordInput, 'meetingId'>, options: { signal?: AbortSignal } = {}): Promise<AttendanceRecord> {
    return this.learn.read(
      { method: 'POST', path: records(courseId, meetingId), json: { meetingId, ...input }, operation: `mark ${input.userId} ${input.status} at meeting ${meetingId} of ${courseId}`, signal: options.signal },
      AttendanceRecord,
    );
  }

  getRecord<O extends ReadOptions<AttendanceRecord>>(courseId: string, meetingId: number, userId: string, options?: O): Promise<Read<AttendanceRecord, O>> {
    return this.learn.read(
      { method: 'GET', path: record(courseId, meetingId, userId), query: toQuery({ fields: options?.fields }), operation: `open the attendance of ${userId} at meeting ${meetingId} of ${courseId}`, signal: options?.signal },
      itemSchema(AttendanceRecord, options?.fields),
    );
  }

  /**
   * Sets one student's status at one meeting (safe to repeat). Sends the full body seed 001 lists
   * (`meetingId, userId, status`), the ids being the path's.
   */
  updateRecord(courseId: string, meetingId: number, userId: string, change: Pick<AttendanceRecordPatch, 'status'>, options: { signal?: AbortSignal } = {}): Promise<AttendanceRecord> {
    const body: AttendanceRecordPatch = { meetingId, userId, status: change.status };
    return this.learn.read(
      { method: 'PATCH', path: record(courseId, meetingId, userId), json: body, operation: `mark ${userId} ${change.status} at meeting ${meetingId} of ${courseId}`, signal: options.signal },
      AttendanceRecord,
    );
  }

  deleteRecord(courseId: string, meetingId: number, userId: string, options: { signal?: AbortSignal } = {}): Promise<void> {
    return this.learn.send({ method: 'DELETE', path: record(courseId, meetingId, userId), operation: `clear the attendance of ${userId} at meeting ${meetingId} of ${courseId}`, signal: options.signal });
  }

  /** Clears every record of one meeting. */
  deleteAllRecords(courseId: string, meetingId: number, options: { signal?: AbortSignal } = {}): Promise<void> {
    return this.learn.send({ method: 'DELETE', path: records(courseId, meetingId), operation: `clear the attendance of meeting ${meetingId} of ${courseId}`, signal: options.signal });
  }

  /**
   * Sets one status for every student on the roll at one meeting ("mark everyone present"):
   * `POST .../meetings/{meetingId}/users/bulk` with `{status}`, answered 204. Learn treats it as
   * setting, not adding, so a repeat is harmless; but as a POST the client still does not repeat
   * it on its own: the caller (the sync engine) may.
   */
  setStatusForAll(courseId: string, meetingId: number, status: AttendanceStatus, options: { signal?: AbortSignal } = {}): Promise<void> {
    return this.learn.send({ method: 'POST', path: `${records(courseId, meetingId)}/bulk`, json: { status }, operation: `mark everyone ${status} at meeting ${meetingId} of ${courseId}`, signal: options.signal });
  }

  /** Clears one student's records at every meeting of this course. */
  deleteUserRecords(courseId: string, userId: string, options: { signal?: AbortSignal } = {}): Promise<void> {
    return this.learn.send({ method: 'DELETE', path: userRecords(courseId, userId), operation: `clear the attendance of ${userId} in ${courseId}`, signal: options.signal });
  }

  /** Clears one student's records in every course where the signed-in user may delete attendance. */
  deleteUserRecordsEverywhere(courseId: string, userId: string, options: { signal?: AbortSignal } = {}): Promise<void> {
    return this.learn.send({ method: 'DELETE', path: `${userRecords(courseId, userId)}/all`, operation: `clear the attendance of ${userId} in all your courses`, signal: options.signal });
  }
}
