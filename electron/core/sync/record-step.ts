import type { AttendanceRecord } from '../../../shared/api/attendance';
import type { MeetingPlan, RecordIntent } from '../../../shared/domain/coalesce';
import { bulkMightPay, chooseBulk, decideRecords, type RecordWrite, type ServerRecord } from '../../../shared/domain/record-plan';
import { createLogger } from '../../../shared/logger';
import { SignInRequiredError } from '../auth/access-token';
import { ApiError } from '../http/api-error';
import type { MeetingTarget } from './meeting-step';
import type { PushContext } from './push-context';
import { createRecord, updateRecord, type RecordTarget } from './record-create';
import { repeatPost } from './repeat';

const log = createLogger('sync');

type Target = Extract<MeetingTarget, { ok: true }>;

/**
 * Sends one meeting's statuses: read the meeting's records (skipped for a meeting this push just
 * created: it has none), decide per record (record-plan.ts: done, conflict, or write), then one
 * bulk plus its exceptions when that is fewer requests and safe, else a POST per new record (an
 * existing one -> PATCH, record-create.ts) and a PATCH per existing one.
 */
export async function syncRecords(ctx: PushContext, plan: MeetingPlan, target: Target): Promise<void> {
  if (plan.records.length === 0) return;
  let server: Map<string, ServerRecord>;
  try {
    server = target.fresh ? new Map<string, ServerRecord>() : await readRecords(ctx, plan.courseId, target.serverId);
  } catch (error) {
    for (const intent of plan.records) ctx.book.fail(intent.opId, error);
    ctx.tick('records', plan.records.length);
    return;
  }
  const intents = plan.records.map((intent) => {
    const own = ctx.ownStatus(plan.courseId, target.serverId, intent.userId);
    return own === undefined ? intent : { ...intent, acceptable: [...intent.acceptable, own] };
  });
  await writeRecords(ctx, plan, target, server, intents, true);
}

async function readRecords(ctx: PushContext, courseId: string, meetingId: number): Promise<Map<string, ServerRecord>> {
  return ctx.reading(async () => {
    const out = new Map<string, ServerRecord>();
    for await (const r of ctx.learn.attendance.listRecords(courseId, meetingId, { signal: ctx.signal, policy: ctx.retry })) out.set(r.userId, { id: r.id, status: r.status });
    return out;
  });
}

async function writeRecords(ctx: PushContext, plan: MeetingPlan, target: Target, server: Map<string, ServerRecord>, intents: readonly RecordIntent[], mayBulk: boolean): Promise<void> {
  const decisions = decideRecords(intents, server);
  for (const d of decisions) {
    if (d.kind === 'done') {
      ctx.book.set({ opId: d.intent.opId, outcome: 'done', serverMeetingId: target.serverId, serverRecordId: d.server.id, serverStatus: d.server.status });
      ctx.forgetOwn(plan.courseId, target.serverId, d.intent.userId);
    }
    if (d.kind === 'conflict') ctx.book.set({ opId: d.intent.opId, outcome: 'conflict', local: d.intent.status, server: d.server?.status ?? null, ...(d.server ? { serverRecordId: d.server.id } : {}) });
  }
  ctx.tick('records', decisions.filter((d) => d.kind !== 'write').length);
  const writes = decisions.filter((d): d is RecordWrite => d.kind === 'write');

  if (mayBulk && bulkMightPay(decisions, server, ctx.hasStudents(plan.courseId) ? 0 : 1)) {
    const students = await ctx.studentsOf(plan.courseId).catch(() => undefined);
    const bulk = students && chooseBulk(decisions, server, [...students.keys()]);
    if (bulk && !ctx.stopped) {
      await sendBulk(ctx, plan, target, writes, bulk);
      return;
    }
  }
  await Promise.all(writes.map((d) => writeOne(ctx, plan.courseId, target, d)));
}

async function sendBulk(ctx: PushContext, plan: MeetingPlan, target: Target, writes: RecordWrite[], bulk: NonNullable<ReturnType<typeof chooseBulk>>): Promise<void> {
  const { courseId } = plan;
  // From here on only a sign-in that ended stops the meeting: a bulk without its exceptions would
  // leave the exceptions at the bulk's status, which a replay would have to call a conflict.
  for (const d of writes) ctx.rememberOwn(courseId, target.serverId, d.intent.userId, bulk.status);
  try {
    await ctx.run((signal) => repeatPost(() => ctx.learn.attendance.setStatusForAll(courseId, target.serverId, bulk.status, { signal }), { signal, policy: ctx.retry }), true);
  } catch (error) {
    if (error instanceof SignInRequiredError) return;
    // The bulk may or may not have landed: read again and write record by record, accepting the bulk's status as ours.
    log.warn('bulk status failed; writing record by record', { meetingId: target.serverId, error: String(error) });
    const again = await readRecords(ctx, courseId, target.serverId).catch(() => undefined);
    const intents = writes.map((d) => ({ ...d.intent, acceptable: [...d.intent.acceptable, bulk.status] }));
    if (!again) {
      for (const i of intents) ctx.book.fail(i.opId, error);
      return;
    }
    await writeRecords(ctx, plan, target, again, intents, false);
    return;
  }
  const exceptionOps = new Set(bulk.exceptions.map((e) => e.opId));
  const outside = new Set(bulk.outside.map((d) => d.intent.opId));
  const covered = writes.filter((d) => !exceptionOps.has(d.intent.opId) && !outside.has(d.intent.opId));
  for (const d of covered) {
    ctx.book.set({ opId: d.intent.opId, outcome: 'done', serverMeetingId: target.serverId, serverStatus: bulk.status });
    ctx.forgetOwn(courseId, target.serverId, d.intent.userId);
  }
  ctx.tick('records', covered.length);

  const byOp = new Map(writes.map((d) => [d.intent.opId, d]));
  await Promise.all([
    ...bulk.exceptions.map((e) => {
      const d = byOp.get(e.opId);
      return d ? writeOne(ctx, courseId, target, { ...d, method: 'PATCH' }, true) : Promise.resolve();
    }),
    ...bulk.outside.map((d) => writeOne(ctx, courseId, target, d)),
  ]);
}

/**
 * One record: POST when new (record-create.ts: an existing record, however Learn says so, is
 * updated), PATCH otherwise (a 404 means it is gone: POST if that is no conflict).
 */
async function writeOne(ctx: PushContext, courseId: string, target: Target, d: RecordWrite, hard = false): Promise<void> {
  const { userId, status, opId } = d.intent;
  const meetingId = target.serverId;
  const t: RecordTarget = { courseId, meetingId, userId, status, hard };
  const patch = (): Promise<AttendanceRecord> => updateRecord(ctx, t);
  const post = (): Promise<AttendanceRecord> => createRecord(ctx, t);
  try {
    let record: AttendanceRecord;
    if (d.method === 'POST') record = await post();
    else {
      try {
        record = await patch();
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) throw error;
        if (!d.intent.acceptable.includes(null)) {
          ctx.book.set({ opId, outcome: 'conflict', local: status, server: null });
          return;
        }
        record = await post();
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
