import { isKnownStatus } from '../../../shared/api/attendance';
import type { RecordIntent } from '../../../shared/domain/coalesce';
import type { BulkPlan, RecordWrite, ServerRecord } from '../../../shared/domain/record-plan';
import { createLogger } from '../../../shared/logger';
import { SignInRequiredError } from '../auth/access-token';
import { ApiError } from '../http/api-error';
import type { BulkCheck } from './engine-memory';
import type { PushContext } from './push-context';
import { readRecords, writeOne } from './record-create';
import { repeatPost } from './repeat';

const log = createLogger('sync');

export interface BulkSend {
  courseId: string;
  meetingId: number;
  /** Learn's records before the bulk. */
  server: ReadonlyMap<string, ServerRecord>;
  students: readonly string[];
  /** The push's writes at this meeting. */
  writes: readonly RecordWrite[];
  /** The ops re-asserting a status already on Learn that the bulk moves (bulk.exceptions with `reassert`). */
  reasserts: readonly RecordIntent[];
  bulk: BulkPlan;
  /** Record by record from Learn's records as read again (the bulk failed, and may or may not have landed). */
  fallback: (server: Map<string, ServerRecord>, intents: RecordIntent[]) => Promise<void>;
}

/**
 * The bulk, then one read of the meeting's records to see what it really did (Learn documents it
 * as covering "all users in the course", the client's roll is the students: docs/api-notes/attendance.md),
 * then in one round: the exceptions, the students it missed, the users off the roll it wrote for,
 * and the off-roll records it created or changed put back (deleted, or their status restored).
 */
export async function sendBulk(ctx: PushContext, s: BulkSend): Promise<void> {
  const { courseId, meetingId, bulk } = s;
  // From here on only a sign-in that ended stops the meeting: a bulk without its exceptions would
  // leave the exceptions at the bulk's status, which a replay would have to call a conflict.
  for (const d of s.writes) ctx.rememberOwn(courseId, meetingId, d.intent.userId, bulk.status);
  const roll = new Set(s.students);
  const check: BulkCheck = { roll, before: new Map([...s.server].filter(([u]) => !roll.has(u)).map(([u, r]) => [u, r.status])) };
  ctx.memory.needCheck(courseId, meetingId, check);
  try {
    await ctx.run((signal) => repeatPost(() => ctx.learn.attendance.setStatusForAll(courseId, meetingId, bulk.status, { signal }), { signal, policy: ctx.retry }), true);
  } catch (error) {
    if (error instanceof SignInRequiredError) return;
    log.warn('bulk status failed; writing record by record', { meetingId, error: String(error) });
    const again = await readRecords(ctx, courseId, meetingId, true).catch(() => undefined);
    const intents = [...s.writes.map((d) => d.intent), ...s.reasserts].map((i) => ({ ...i, acceptable: [...i.acceptable, bulk.status] }));
    if (!again) {
      for (const i of intents) ctx.book.fail(i.opId, error);
      return;
    }
    await putBack(ctx, courseId, meetingId, again, check, new Set(intents.map((i) => i.userId)));
    await s.fallback(again, intents);
    return;
  }

  const checked = await readRecords(ctx, courseId, meetingId, true).then(
    (records) => ({ ok: true as const, records }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  const exceptionOps = new Set(bulk.exceptions.map((e) => e.opId));
  const outside = new Set(bulk.outside.map((d) => d.intent.opId));
  const covered = s.writes.filter((d) => !exceptionOps.has(d.intent.opId) && !outside.has(d.intent.opId));
  const reassertOf = new Map(s.reasserts.map((i) => [i.opId, i]));
  const writeOf = new Map(s.writes.map((d) => [d.intent.opId, d]));
  const exceptions = bulk.exceptions.flatMap((e): RecordWrite[] => {
    const intent = writeOf.get(e.opId)?.intent ?? reassertOf.get(e.opId);
    return intent ? [{ intent, kind: 'write', method: 'PATCH' }] : [];
  });

  if (!checked.ok) {
    // Learn did not say what the bulk did: the ops it covered fail (retryable), so the meeting is
    // read and mended at the next push; its off-roll records are put back then (engine-memory.ts).
    for (const d of covered) ctx.book.fail(d.intent.opId, checked.error);
    ctx.tick('records', covered.length);
    await Promise.all([...exceptions.map((d) => writeOne(ctx, courseId, meetingId, d, true)), ...bulk.outside.map((d) => writeOne(ctx, courseId, meetingId, d))]);
    return;
  }

  const after = checked.records;
  const missed: RecordWrite[] = [];
  let landed = 0;
  for (const d of covered) {
    const now = after.get(d.intent.userId);
    if (now?.status !== bulk.status) {
      missed.push({ ...d, method: now ? 'PATCH' : 'POST' });
      continue;
    }
    ctx.book.set({ opId: d.intent.opId, outcome: 'done', serverMeetingId: meetingId, serverRecordId: now.id, serverStatus: bulk.status });
    ctx.forgetOwn(courseId, meetingId, d.intent.userId);
    landed++;
  }
  ctx.tick('records', landed);
  if (missed.length > 0) log.warn('the bulk status missed students on the roll; writing them one by one', { meetingId, missed: missed.length });
  const methodFor = (d: RecordWrite): RecordWrite => ({ ...d, method: after.has(d.intent.userId) ? 'PATCH' : 'POST' });
  const writers = new Set([...s.writes.map((d) => d.intent.userId), ...s.reasserts.map((i) => i.userId)]);
  await Promise.all([
    ...[...exceptions, ...missed].map((d) => writeOne(ctx, courseId, meetingId, methodFor(d), true)),
    ...bulk.outside.map((d) => writeOne(ctx, courseId, meetingId, methodFor(d))),
    putBack(ctx, courseId, meetingId, after, check, writers),
  ]);
}

/**
 * Puts back the records off the bulk's roll that it created or changed: a record it created is
 * deleted (seed 001's delete of one record), a changed one gets its status again. `skip`: users
 * the push writes itself. Forgets the check once all are put back; else the next sync of the
 * meeting tries again.
 */
export async function putBack(ctx: PushContext, courseId: string, meetingId: number, now: ReadonlyMap<string, ServerRecord>, check: BulkCheck, skip: ReadonlySet<string>): Promise<void> {
  const touched = [...now].filter(([u, r]) => !check.roll.has(u) && !skip.has(u) && check.before.get(u) !== r.status);
  const results = await Promise.all(
    touched.map(async ([userId]) => {
      const before = check.before.get(userId);
      try {
        if (before === undefined) await ctx.run((signal) => ctx.learn.attendance.deleteRecord(courseId, meetingId, userId, { signal }), true);
        else if (isKnownStatus(before)) await ctx.run((signal) => ctx.learn.attendance.updateRecord(courseId, meetingId, userId, { status: before }, { signal }), true);
        else log.warn('a record the bulk status touched had a status Rollbook cannot write back', { meetingId, status: before });
        return true;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404 && before === undefined) return true;
        log.warn('could not put back a record the bulk status touched', { meetingId, error: String(error) });
        return false;
      }
    }),
  );
  if (touched.length > 0) log.info('put back records off the roll that the bulk status touched', { meetingId, count: touched.length });
  ctx.memory.sawOffRoll(courseId, Math.max(ctx.memory.offRollTouched(courseId), touched.length));
  if (results.every(Boolean)) ctx.memory.checked(courseId, meetingId);
}

/**
 * Puts back what earlier bulks left off the roll at meetings this push did not sync (their own
 * ops all landed, so no later push would visit them): one read of the meeting's records and the
 * put-backs, only while such a check is kept. `synced`: `courseId|meetingId` of the meetings this
 * push synced, which mended their own. A meeting Learn no longer has needs nothing put back.
 */
export async function mendLeftChecks(ctx: PushContext, synced: ReadonlySet<string>): Promise<void> {
  await Promise.all(
    ctx.memory
      .leftChecks()
      .filter(({ courseId, meetingId }) => !synced.has(`${courseId}|${meetingId}`))
      .map(async ({ courseId, meetingId, check }) => {
        try {
          await putBack(ctx, courseId, meetingId, await readRecords(ctx, courseId, meetingId), check, new Set());
        } catch (error) {
          if (error instanceof ApiError && error.status === 404) ctx.memory.checked(courseId, meetingId);
          else log.warn('could not read a meeting to put back what a bulk touched; trying at the next push', { meetingId, error: String(error) });
        }
      }),
  );
}
