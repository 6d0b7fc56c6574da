import type { MeetingPlan, RecordIntent } from '../../../shared/domain/coalesce';
import { pagesOf } from '../../../shared/domain/bulk-choice';
import { bulkMightPay, chooseBulk, decideRecords, type RecordWrite, type ServerRecord } from '../../../shared/domain/record-plan';
import { putBack, sendBulk } from './bulk-step';
import type { MeetingTarget } from './meeting-step';
import type { PushContext } from './push-context';
import { readRecord, readRecords, writeOne } from './record-create';

type Target = Extract<MeetingTarget, { ok: true }>;

/**
 * Sends one meeting's statuses: read what Learn holds (nothing for a meeting this push just
 * created; else the cheaper of its records' pages and one GET per user written: `readEachRecord`),
 * decide per record (record-plan.ts: done, conflict, or write), then one bulk plus its exceptions
 * and re-asserts when that is fewer requests and safe (bulk-step.ts), else a POST per new record
 * (an existing one -> PATCH, record-create.ts) and a PATCH per existing one.
 * An earlier bulk's off-roll records not yet put back are put back first (engine-memory.ts).
 */
export async function syncRecords(ctx: PushContext, plan: MeetingPlan, target: Target): Promise<void> {
  if (plan.records.length === 0) return;
  const check = target.fresh ? undefined : ctx.memory.checkOf(plan.courseId, target.serverId);
  if (!target.fresh && !check && readEachRecord(ctx, plan.courseId, target.serverId, plan.records.length)) {
    const server = new Map<string, ServerRecord>();
    const read = await Promise.all(
      plan.records.map(async (intent) => {
        try {
          const record = await readRecord(ctx, plan.courseId, target.serverId, intent.userId);
          if (record) server.set(intent.userId, record);
          return [intent];
        } catch (error) {
          ctx.book.fail(intent.opId, error);
          ctx.tick('records');
          return [];
        }
      }),
    );
    // Too few writes for a bulk to pay (it costs more than the pages not read): record by record.
    await writeRecords(ctx, plan, target, server, withOwn(ctx, plan.courseId, target.serverId, read.flat()), false);
    return;
  }
  let server: Map<string, ServerRecord>;
  try {
    server = target.fresh ? new Map<string, ServerRecord>() : await readRecords(ctx, plan.courseId, target.serverId);
  } catch (error) {
    for (const intent of plan.records) ctx.book.fail(intent.opId, error);
    ctx.tick('records', plan.records.length);
    return;
  }
  if (check) {
    await putBack(ctx, plan.courseId, target.serverId, server, check, new Set(plan.records.map((r) => r.userId)));
    if (!ctx.memory.checkOf(plan.courseId, target.serverId)) {
      for (const [u, r] of [...server]) {
        if (check.roll.has(u) || plan.records.some((i) => i.userId === u)) continue;
        const before = check.before.get(u);
        if (before === undefined) server.delete(u);
        else server.set(u, { ...r, status: before });
      }
    }
  }
  await writeRecords(ctx, plan, target, server, withOwn(ctx, plan.courseId, target.serverId, plan.records), true);
}

/**
 * Seed 001 offers two reads of what a meeting holds before writing to it: its records, a page of
 * 100 at a time, or one student's record. Each written user read on their own is cheaper when
 * they are fewer than the pages. The pages are estimated from the records the engine last saw at
 * the meeting (read, or written since), else from the roll the core holds; with neither known, a
 * single user is one GET (never more than a list). A tie reads the list (it tells more).
 */
function readEachRecord(ctx: PushContext, courseId: string, meetingId: number, users: number): boolean {
  const records = ctx.memory.recordsAt(courseId, meetingId) ?? ctx.roll.known(courseId)?.length;
  return records === undefined ? users === 1 : users < pagesOf(records);
}

/** The intents, each also accepting the status a bulk of this engine left on Learn for it (push-context.ts `rememberOwn`). */
function withOwn(ctx: PushContext, courseId: string, meetingId: number, intents: readonly RecordIntent[]): RecordIntent[] {
  return intents.map((intent) => {
    const own = ctx.ownStatus(courseId, meetingId, intent.userId);
    return own === undefined ? intent : { ...intent, acceptable: [...intent.acceptable, own] };
  });
}

async function writeRecords(ctx: PushContext, plan: MeetingPlan, target: Target, server: Map<string, ServerRecord>, intents: readonly RecordIntent[], mayBulk: boolean): Promise<void> {
  const { courseId } = plan;
  const meetingId = target.serverId;
  const decisions = decideRecords(intents, server);
  const writes = decisions.filter((d): d is RecordWrite => d.kind === 'write');
  let students: readonly string[] | undefined;
  let bulk: ReturnType<typeof chooseBulk>;
  if (mayBulk && bulkMightPay(decisions, server, ctx.hasStudents(courseId) ? 0 : 1)) {
    const roster = await ctx.studentsOf(courseId).catch(() => undefined);
    students = roster && [...roster.keys()];
    bulk = students && chooseBulk(decisions, server, students, ctx.memory.offRollTouched(courseId));
  }
  // A re-assert's op is done only once its PATCH after the bulk lands.
  const reasserting = new Set(bulk?.exceptions.filter((e) => e.reassert).map((e) => e.opId));
  for (const d of decisions) {
    if (d.kind === 'done' && !reasserting.has(d.intent.opId)) {
      ctx.book.set({ opId: d.intent.opId, outcome: 'done', serverMeetingId: meetingId, serverRecordId: d.server.id, serverStatus: d.server.status });
      ctx.forgetOwn(courseId, meetingId, d.intent.userId);
    }
    if (d.kind === 'conflict') ctx.book.set({ opId: d.intent.opId, outcome: 'conflict', local: d.intent.status, server: d.server?.status ?? null, ...(d.server ? { serverRecordId: d.server.id } : {}) });
  }
  ctx.tick('records', decisions.filter((d) => d.kind !== 'write' && !reasserting.has(d.intent.opId)).length);

  if (bulk && students && !ctx.stopped) {
    const reasserts = intents.filter((i) => reasserting.has(i.opId));
    const fallback = (again: Map<string, ServerRecord>, retry: RecordIntent[]): Promise<void> => writeRecords(ctx, plan, target, again, retry, false);
    await sendBulk(ctx, { courseId, meetingId, server, students, writes, reasserts, bulk, fallback });
    return;
  }
  await Promise.all(writes.map((d) => writeOne(ctx, courseId, meetingId, d)));
}
