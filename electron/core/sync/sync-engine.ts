import { coalesce } from '../../../shared/domain/coalesce';
import type { OpResult, OutboxOp } from '../../../shared/domain/outbox';
import { createLogger } from '../../../shared/logger';
import { hostWords } from '../host-words';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from '../http/retry-policy';
import { CourseRosters, type RollReader } from '../learn/course-rosters';
import type { LearnClient } from '../learn/learn-client';
import { EngineMemory } from './engine-memory';
import { settleMeeting, type MeetingTarget } from './meeting-step';
import { PushContext, type SyncProgress } from './push-context';
import { syncChanges, type ChangeOp, type ChangeWriter } from './change-step';
import { syncClears } from './clear-step';
import { mendLeftChecks } from './bulk-step';
import { syncRecords } from './record-step';

export type { SyncProgress } from './push-context';

const log = createLogger('sync');

export interface SyncEngine {
  /** Sends the ops; exactly one result per op, in input order. Never throws for a failed op. */
  push(ops: OutboxOp[], options?: { signal?: AbortSignal; onProgress?: (p: SyncProgress) => void }): Promise<OpResult[]>;
}

/**
 * The sync engine: the renderer's pending outbox ops in, one result per op out.
 *
 * 1. Coalesce (shared/domain/coalesce.ts): last status per meeting and user, merged meeting
 *    updates, create+delete cancelled.
 * 2. Meetings, one after another (creates are few, and in sequence two alike can never take the
 *    same server meeting): list the course's meetings once (or use the engine's list of them made
 *    within minutes), adopt one this device already created (a lost answer, a crash) or create it;
 *    PATCH merged updates; DELETE (404 = already gone).
 * 3. Records, meetings side by side: read what Learn holds (the meeting's records' pages, or each
 *    written record when that is fewer requests), decide done / conflict / write, then bulk +
 *    exceptions or per-record writes (record-step.ts, record-plan.ts).
 * 4. Content-review changes (content, release rules, calendar, announcements), one at a time in
 *    the user's order, creates reconciled by looking first (change-step.ts, change-match.ts).
 * Every request goes through one pool of `concurrency` (default 6); `retry` is the schedule for the
 * POSTs the engine repeats itself (default the client's DEFAULT_RETRY_POLICY); the HTTP client adds
 * Retry-After, backoff and the one token refresh on 401. A sign-in that ended stops the push; the
 * caller's abort signal too (requests already sent still finish: push-context.ts `run`): every op
 * not settled then fails as retryable, so nothing is lost.
 *
 * Fewest requests, the rule the tests assert. For a push that creates one meeting M in a course
 * and marks all S students, with K of them away from the cheapest bulk status B (any status, not
 * only a majority: shared/domain/bulk-choice.ts; used when the bulk path is fewer requests):
 *   1 list of the course's meetings (the look-before-create that makes creates idempotent;
 *     ceil(meetings / 100) pages; none when this engine listed them within minutes)
 *   + 1 create
 *   + 0 reads of M's records (this push created M: it has none)
 *   + ceil(S / 100) roster pages (the bulk may only run when every student has a status), read
 *     once and kept for five minutes, shared with the roll call screen (learn/course-rosters.ts)
 *   + 1 bulk + ceil(records / 100) pages of M's records to check what it did + K PATCHes
 *     (+ one request per record off the roll it set, put back).
 * For edits of R existing records at a meeting with a server id: min(ceil(records / 100), R) reads
 * (its records' pages, or one GET per record when R is fewer) + R PATCHes, no roster read unless
 * the bulk could pay off (record-plan.ts `bulkMightPay`). Students
 * whose status is already on Learn are moved by a bulk only when the push carries an op
 * re-asserting it (queued by the renderer before the push: renderer/src/db/reassert-repo.ts).
 */
export function createSyncEngine(deps: { learn: LearnClient; concurrency?: number; retry?: RetryPolicy; writeChange?: ChangeWriter; roll?: RollReader }): SyncEngine {
  const concurrency = deps.concurrency ?? 6;
  const memory = new EngineMemory();
  const roll = deps.roll ?? new CourseRosters(() => undefined).of(deps.learn);
  return {
    async push(ops, options = {}) {
      const ctx = new PushContext(deps.learn, memory, roll, deps.retry ?? DEFAULT_RETRY_POLICY, concurrency, options.signal, options.onProgress);
      const plan = coalesce(ops);
      const changes = ops.filter((op): op is ChangeOp => op.kind === 'change');
      const started = Date.now();
      ctx.plan('meetings', plan.meetings.filter((m) => m.create || m.delete || m.update).length);
      ctx.plan('records', plan.meetings.reduce((n, m) => n + m.records.length + m.clears.length, 0));

      const targets: MeetingTarget[] = [];
      for (const meeting of plan.meetings) {
        if (ctx.stopped) break;
        targets.push(await settleMeeting(ctx, meeting));
      }
      await Promise.all(
        plan.meetings.map(async (meeting, i) => {
          const target = targets[i];
          if (!target || ctx.stopped) return;
          if (target.ok) return syncClears(ctx, meeting, target).then(() => syncRecords(ctx, meeting, target));
          if (target.why) {
            for (const r of [...meeting.records, ...meeting.clears]) ctx.book.set({ opId: r.opId, outcome: 'failed', ...target.why });
          }
        }),
      );
      if (!ctx.stopped) {
        const synced = new Set(targets.flatMap((t, i) => (t.ok && plan.meetings[i]!.records.length > 0 ? [`${plan.meetings[i]!.courseId}|${t.serverId}`] : [])));
        await mendLeftChecks(ctx, synced);
      }
      if (changes.length > 0 && !ctx.stopped) {
        const write = deps.writeChange;
        if (write) await syncChanges(ctx, changes, write);
        else for (const op of changes) ctx.book.set({ opId: op.opId, outcome: 'failed', retryable: true, ...hostWords('sync.cannotSendChanges') });
      }
      const results = ctx.book.finish(ops, plan.followers, ctx.stopReason);
      const count = (o: OpResult['outcome']): number => results.filter((r) => r.outcome === o).length;
      log.info('push finished', {
        ops: ops.length,
        done: count('done'),
        superseded: count('superseded'),
        conflict: count('conflict'),
        failed: count('failed'),
        ms: Date.now() - started,
      });
      return results;
    },
  };
}
