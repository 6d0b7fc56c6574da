import type { AttendanceRecord, AttendanceStatus } from '../../../shared/api/attendance';
import type { RecordWrite, ServerRecord } from '../../../shared/domain/record-plan';
import { ApiError } from '../http/api-error';
import type { PushContext } from './push-context';
import { repeatPost } from './repeat';

/** One student's record at one meeting, as the record step writes it. */
export interface RecordTarget {
  courseId: string;
  meetingId: number;
  userId: string;
  status: AttendanceStatus;
  /** Runs on the hard signal: only a sign-in that ended stops it (record-step.ts, bulk exceptions). */
  hard: boolean;
}

/** Sets the status of an existing record, with the full body seed 001 lists (learn/attendance.ts). */
export function updateRecord(ctx: PushContext, t: RecordTarget): Promise<AttendanceRecord> {
  return ctx.run((signal) => ctx.learn.attendance.updateRecord(t.courseId, t.meetingId, t.userId, { status: t.status }, { signal }), t.hard);
}

/**
 * Creates one student's record. What Learn answers to a second create for the same student and
 * meeting is documented nowhere (seed 001 and the Swagger list no 409; Learn may answer 400), so
 * the status code is not trusted to say "it exists" (docs/api-notes/attendance.md "Duplicate records"):
 * - a 409 to the first POST: the record was made since the meeting was read; update it;
 * - a POST whose answer was lost, or that failed in a way worth repeating, is repeated; when the
 *   repeat (or the lost POST, if there is no repeat) then fails with any error, the record is read:
 *   if it exists, the earlier POST landed and it is updated; if not, the error stands.
 */
export async function createRecord(ctx: PushContext, t: RecordTarget): Promise<AttendanceRecord> {
  let repeated = false;
  try {
    return await repeatPost(
      async (attempt) => {
        repeated = attempt > 1;
        try {
          return await ctx.run((signal) => ctx.learn.attendance.createRecord(t.courseId, t.meetingId, { userId: t.userId, status: t.status }, { signal }), t.hard);
        } catch (error) {
          if (!repeated && error instanceof ApiError && error.status === 409) return updateRecord(ctx, t);
          throw error;
        }
      },
      { signal: t.hard ? ctx.hardSignal : ctx.signal, policy: ctx.retry },
    );
  } catch (error) {
    if (!(error instanceof ApiError) || error.kind === 'aborted' || !(repeated || error.outcomeUnknown)) throw error;
    const existing = await findRecord(ctx, t).catch(() => undefined);
    if (!existing) throw error;
    return updateRecord(ctx, t);
  }
}

/** The student's record at the meeting, or undefined when Learn has none (404). */
function findRecord(ctx: PushContext, t: RecordTarget): Promise<ServerRecord | undefined> {
  return ctx.run((signal) => getRecord(ctx, t.courseId, t.meetingId, t.userId, signal), t.hard);
}

/**
 * One student's record (seed 001 "Get record": `GET .../meetings/{meetingId}/users/{userId}`), or
 * undefined when Learn answers 404: no record for that user at that meeting (docs/api-notes/attendance.md).
 */
async function getRecord(ctx: PushContext, courseId: string, meetingId: number, userId: string, signal: AbortSignal): Promise<ServerRecord | undefined> {
  try {
    const r = await ctx.learn.attendance.getRecord(courseId, meetingId, userId, { signal });
    return { id: r.id, status: r.status };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return undefined;
    throw error;
  }
}

/** One student's record as Learn holds it now, read on its own (record-step.ts: fewer requests than the meeting's pages). */
export function readRecord(ctx: PushContext, courseId: string, meetingId: number, userId: string): Promise<ServerRecord | undefined> {
  return ctx.reading(() => getRecord(ctx, courseId, meetingId, userId, ctx.signal));
}

/** A meeting's records as Learn holds them now (all pages), userId -> record. `hard`: read even after the caller's abort. */
export async function readRecords(ctx: PushContext, courseId: string, meetingId: number, hard = false): Promise<Map<string, ServerRecord>> {
  const out = await ctx.reading(async () => {
    const read = new Map<string, ServerRecord>();
    const signal = hard ? ctx.hardSignal : ctx.signal;
    for await (const r of ctx.learn.attendance.listRecords(courseId, meetingId, { signal, policy: ctx.retry })) read.set(r.userId, { id: r.id, status: r.status });
    return read;
  }, hard);
  ctx.memory.sawRecords(courseId, meetingId, out.size);
  return out;
}

/**
 * One record: POST when new (createRecord: an existing record, however Learn says so, is
 * updated), PATCH otherwise (a 404 means it is gone: POST if that is no conflict).
 */
export async function writeOne(ctx: PushContext, courseId: string, meetingId: number, d: RecordWrite, hard = false): Promise<void> {
  const { userId, status, opId } = d.intent;
  const t: RecordTarget = { courseId, meetingId, userId, status, hard };
  try {
    let record: AttendanceRecord;
    if (d.method === 'POST') {
      record = await createRecord(ctx, t);
      ctx.memory.createdRecord(courseId, meetingId);
    } else {
      try {
        record = await updateRecord(ctx, t);
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) throw error;
        if (!d.intent.acceptable.includes(null)) {
          ctx.book.set({ opId, outcome: 'conflict', local: status, server: null });
          return;
        }
        record = await createRecord(ctx, t);
        ctx.memory.createdRecord(courseId, meetingId);
      }
    }
    ctx.book.set({ opId, outcome: 'done', serverMeetingId: meetingId, serverRecordId: record.id, serverStatus: record.status });
    ctx.forgetOwn(courseId, meetingId, userId);
  } catch (error) {
    ctx.book.fail(opId, error);
  } finally {
    ctx.tick('records');
  }
}
