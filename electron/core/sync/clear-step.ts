import { clearRequests, planClears } from '../../../shared/domain/clear-plan';
import type { MeetingPlan } from '../../../shared/domain/coalesce';
import type { ServerRecord } from '../../../shared/domain/record-plan';
import { ApiError } from '../http/api-error';
import type { MeetingTarget } from './meeting-step';
import type { PushContext } from './push-context';
import { readRecord, readRecords } from './record-create';

type Target = Extract<MeetingTarget, { ok: true }>;

/**
 * Takes one meeting's cleared records off Learn (an undo of marks that reached it): read what
 * Learn holds (one student's record for a single clear, else the meeting's pages), then delete as
 * clear-plan.ts decides: every record of the meeting at once when that is all of them, else one
 * by one. A record Learn changed since is kept and reported with Learn's status, so the screen
 * shows what Learn holds. Runs before the meeting's statuses (record-step.ts), so a student
 * marked after the clear is created again, never deleted.
 */
export async function syncClears(ctx: PushContext, plan: MeetingPlan, target: Target): Promise<void> {
  const { courseId, clears } = plan;
  if (clears.length === 0) return;
  const meetingId = target.serverId;
  let server: Map<string, ServerRecord>;
  try {
    server = target.fresh ? new Map<string, ServerRecord>() : clears.length === 1 ? await readOne(ctx, courseId, meetingId, clears[0]!.userId) : await readRecords(ctx, courseId, meetingId);
  } catch (error) {
    for (const c of clears) ctx.book.fail(c.opId, error);
    ctx.tick('records', clears.length);
    return;
  }
  const decided = planClears(clears, server);
  for (const c of decided.done) ctx.book.set({ opId: c.opId, outcome: 'done', serverMeetingId: meetingId, serverStatus: null });
  for (const { clear, server: now } of decided.kept) {
    ctx.book.set({ opId: clear.opId, outcome: 'done', serverMeetingId: meetingId, serverRecordId: now.id, serverStatus: now.status });
  }
  ctx.tick('records', decided.done.length + decided.kept.length);
  if (clearRequests(decided) === 0 || ctx.stopped) return;
  if (decided.all) {
    try {
      await ctx.run((signal) => ctx.learn.attendance.deleteAllRecords(courseId, meetingId, { signal }));
      for (const { clear } of decided.deletes) ctx.book.set({ opId: clear.opId, outcome: 'done', serverMeetingId: meetingId, serverStatus: null });
      ctx.memory.sawRecords(courseId, meetingId, 0);
    } catch (error) {
      for (const { clear } of decided.deletes) ctx.book.fail(clear.opId, error);
    }
    ctx.tick('records', decided.deletes.length);
    return;
  }
  await Promise.all(
    decided.deletes.map(async ({ clear }) => {
      try {
        await ctx.run((signal) => ctx.learn.attendance.deleteRecord(courseId, meetingId, clear.userId, { signal }));
        ctx.book.set({ opId: clear.opId, outcome: 'done', serverMeetingId: meetingId, serverStatus: null });
      } catch (error) {
        // Gone already (a delete whose answer was lost, or another's): what the clear wanted.
        if (error instanceof ApiError && error.status === 404) ctx.book.set({ opId: clear.opId, outcome: 'done', serverMeetingId: meetingId, serverStatus: null });
        else ctx.book.fail(clear.opId, error);
      } finally {
        ctx.tick('records');
      }
    }),
  );
}

async function readOne(ctx: PushContext, courseId: string, meetingId: number, userId: string): Promise<Map<string, ServerRecord>> {
  const record = await readRecord(ctx, courseId, meetingId, userId);
  return new Map(record ? [[userId, record]] : []);
}
