import type { MeetingFields } from '../../../shared/domain/outbox';
import type { HostWords } from '../../../shared/ipc/host-words';
import type { MeetingPlan } from '../../../shared/domain/coalesce';
import { findCreatedMeeting } from '../../../shared/domain/meeting-match';
import { asPart, hostWords } from '../host-words';
import { ApiError } from '../http/api-error';
import type { PushContext } from './push-context';
import { repeatPost } from './repeat';
import { failureOf } from './results';

/** Where a meeting's records go: its server id, and whether this push just created it (so it has no records yet). */
export type MeetingTarget =
  | { ok: true; serverId: number; fresh: boolean }
  | { ok: false; why?: { retryable: boolean; message: string; detail?: string; words?: HostWords } };

/**
 * Creates, updates or deletes one meeting as planned, and says where its records go.
 * Creates are idempotent by looking first: the course's meetings are listed before any create (one
 * list per course per push, or the engine's list of them from minutes ago with the meetings it
 * created since: a create that failed in any way drops that list), and again after a create whose
 * answer was lost, so a replay after a crash or a dropped answer finds the meeting instead of
 * making a second (meeting-match.ts).
 */
export async function settleMeeting(ctx: PushContext, plan: MeetingPlan): Promise<MeetingTarget> {
  const { courseId } = plan;
  if (plan.delete) {
    const deleteOp = plan.delete.opId;
    try {
      let serverId = 'serverId' in plan.ref ? plan.ref.serverId : undefined;
      if (plan.create) {
        // Created and deleted before reaching Learn: nothing to send, unless an earlier push created it and lost the answer.
        serverId = findCreatedMeeting(await ctx.meetingsOf(courseId), plan.create.fields, ctx.claimed)?.id;
        if (serverId !== undefined) ctx.claimed.add(serverId);
      }
      if (serverId !== undefined) {
        ctx.memory.forgetMeetings(courseId);
        await deleteMeeting(ctx, courseId, serverId);
      }
      ctx.book.set({ opId: deleteOp, outcome: 'done' });
    } catch (error) {
      ctx.book.fail(deleteOp, error);
    }
    ctx.tick('meetings');
    return { ok: false };
  }

  if (plan.create) {
    const { opId, fields } = plan.create;
    try {
      const { serverId, fresh } = await ensureCreated(ctx, courseId, fields);
      ctx.book.set({ opId, outcome: 'done', serverMeetingId: serverId });
      return { ok: true, serverId, fresh };
    } catch (error) {
      const why = failureOf(error);
      ctx.book.set({ opId, outcome: 'failed', ...why });
      // Its records say why they wait: the meeting's own failure, with the same detail, inside a sentence of theirs.
      const { words: meetingWords, ...reason } = why;
      const part = asPart(meetingWords);
      const said = part ? hostWords('sync.meetingNotCreated', undefined, { reason: part }) : { message: `its meeting could not be created in Learn: ${why.message}` };
      return { ok: false, why: { ...reason, ...said } };
    } finally {
      ctx.tick('meetings');
    }
  }

  if (!('serverId' in plan.ref)) {
    return { ok: false, why: { retryable: true, ...hostWords('sync.meetingFirst') } };
  }
  const serverId = plan.ref.serverId;
  if (plan.update) {
    const { opIds, fields } = plan.update;
    try {
      await ctx.run((signal) => ctx.learn.attendance.updateMeeting(courseId, serverId, fields, { signal }));
      ctx.book.set({ opId: opIds[0]!, outcome: 'done', serverMeetingId: serverId });
    } catch (error) {
      ctx.book.fail(opIds[0]!, error);
    }
    ctx.tick('meetings');
  }
  return { ok: true, serverId, fresh: false };
}

async function deleteMeeting(ctx: PushContext, courseId: string, serverId: number): Promise<void> {
  try {
    await ctx.run((signal) => ctx.learn.attendance.deleteMeeting(courseId, serverId, { signal }));
  } catch (error) {
    // Already gone (deleted in Learn, or by an earlier push whose answer was lost): the intent holds.
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
}

/** The meeting's server id: found among the course's meetings, else created (looking again after each failed try). */
async function ensureCreated(ctx: PushContext, courseId: string, fields: MeetingFields): Promise<{ serverId: number; fresh: boolean }> {
  return repeatPost(
    async (attempt) => {
      let found = findCreatedMeeting(await ctx.meetingsOf(courseId, attempt > 1), fields, ctx.claimed);
      // A match in a list kept from an earlier push is confirmed by a list read now (it may be gone).
      if (found && ctx.remembered(courseId)) found = findCreatedMeeting(await ctx.meetingsOf(courseId, true), fields, ctx.claimed);
      if (found) {
        ctx.claimed.add(found.id);
        return { serverId: found.id, fresh: false };
      }
      const created = await ctx.run((signal) => ctx.learn.attendance.createMeeting(courseId, { courseId, ...fields }, { signal })).catch((error: unknown) => {
        // It may have landed unseen: the next look lists the meetings again, never from memory.
        ctx.memory.forgetMeetings(courseId);
        throw error;
      });
      ctx.claimed.add(created.id);
      ctx.memory.createdMeeting(courseId, created);
      return { serverId: created.id, fresh: true };
    },
    { signal: ctx.signal, policy: ctx.retry },
  );
}
