import type { OpResult, OutboxOp } from '../../../shared/domain/outbox';
import { applyResults, type ApplyProgress } from './apply-results';
import { readValid } from './integrity';
import { addOp, newOpId } from './ops';
import { batchesHolding, expandOutbox, isOpRow, putBatch } from './outbox-batches';
import type { RollbookDb } from './rollbook-db';
import { ConflictRow, type StoredOutboxRow } from './rows';
import { sliceIsOver, yieldToPage } from './yield-to-page';

export interface OutboxRepo {
  /**
   * Ops to hand to `sync.push`, oldest first: pending ones and failures worth retrying (none for a
   * record in conflict), and of those held for a later day (an import over several days) only
   * the ones `released` lets go (by default: their time has come).
   */
  pending(released?: (heldUntil: string) => boolean): Promise<OutboxOp[]>;
  /** Apply one push's results, a chunk a transaction, each result whole (apply-results.ts). */
  applyResults(results: readonly OpResult[], onProgress?: ApplyProgress): Promise<void>;
  /** Records changed on the server since this device read them, waiting for the user. */
  conflicts(courseId?: string): Promise<ConflictRow[]>;
  /** 'mine': send my status again over the server's; 'server': take the server's status. */
  resolveConflict(id: string, keep: 'mine' | 'server'): Promise<void>;
  /** The same choice for many conflicts at once ("Keep all mine"), in one transaction. */
  resolveConflicts(ids: readonly string[], keep: 'mine' | 'server'): Promise<void>;
  /** Put a failed op back in the queue (the "Retry" button). */
  retry(opId: string): Promise<void>;
  /** Give up on a failed op; the record keeps its status locally. */
  discard(opId: string): Promise<void>;
}

/** Outbox rows checked and expanded between two looks at the clock (a batch row holds up to 50 ops). */
const ROWS_PER_STEP = 2;
/**
 * Outbox rows read a page a request: each answer is taken apart (structured clone) in a task of its
 * own, and a term's import read in one answer (240 batch rows, 12,000 entries) was one long task.
 */
const ROWS_PER_PAGE = 20;

/** The whole outbox in op id order, a page a request, in one read transaction (so a consistent one). */
function outboxInPages(db: RollbookDb): Promise<unknown[]> {
  return db.transaction('r', db.outbox, async () => {
    const rows: StoredOutboxRow[] = [];
    for (;;) {
      const last = rows[rows.length - 1]?.opId;
      const page = await (last === undefined ? db.outbox.orderBy('opId') : db.outbox.where('opId').above(last)).limit(ROWS_PER_PAGE).toArray();
      rows.push(...page);
      if (page.length < ROWS_PER_PAGE) return rows;
    }
  });
}

/** A held op's default release: its time has come on this computer's clock. */
const timeHasCome = (heldUntil: string): boolean => Date.parse(heldUntil) <= Date.now();

export function outboxRepo(db: RollbookDb): OutboxRepo {
  async function resolveConflicts(ids: readonly string[], keep: 'mine' | 'server'): Promise<void> {
    // The choices, the records and the ops they imply land together or not at all.
    await db.transaction('rw', [db.meetings, db.attendanceRecords, db.outbox, db.conflicts], async () => {
      for (const id of ids) await resolveOne(id);
    });

    async function resolveOne(id: string): Promise<void> {
      const conflict = await db.conflicts.get(id);
      if (!conflict) return;
      const key: [string, string] = [conflict.meetingKey, conflict.userId];
      const record = await db.attendanceRecords.get(key);
      const meeting = await db.meetings.get(conflict.meetingKey);
      const at = new Date().toISOString();
      // Any op queued for this record meanwhile is replaced by the user's decision, an imported one too.
      await db.outbox.where('[meetingKey+userId]').equals(key).delete();
      for (const batch of await batchesHolding(db, conflict.meetingKey, conflict.userId)) {
        const keep = batch.batch.entries.filter((e) => e.userId !== conflict.userId);
        if (keep.length < batch.batch.entries.length) await putBatch(db, batch, keep);
      }
      if (keep === 'mine' && meeting?.serverId !== undefined) {
        await db.attendanceRecords.put({
          courseId: conflict.courseId,
          meetingKey: conflict.meetingKey,
          userId: conflict.userId,
          status: conflict.local,
          baseStatus: conflict.server,
          ...(conflict.serverRecordId !== undefined ? { serverRecordId: conflict.serverRecordId } : {}),
          savedAt: at,
        });
        await addOp(
          db,
          { opId: newOpId(), kind: 'record.set', courseId: conflict.courseId, at, meeting: { serverId: meeting.serverId }, userId: conflict.userId, status: conflict.local, baseStatus: conflict.server },
          conflict.meetingKey,
        );
      } else if (conflict.server === null) {
        await db.attendanceRecords.delete(key);
      } else {
        await db.attendanceRecords.put({
          courseId: conflict.courseId,
          meetingKey: conflict.meetingKey,
          userId: conflict.userId,
          status: conflict.server,
          baseStatus: conflict.server,
          ...(conflict.serverRecordId !== undefined ? { serverRecordId: conflict.serverRecordId } : record?.serverRecordId !== undefined ? { serverRecordId: record.serverRecordId } : {}),
          savedAt: at,
        });
      }
      await db.conflicts.delete(id);
    }
  }

  return {
    async pending(released = timeHasCome) {
      const stored = await outboxInPages(db);
      // A record in conflict waits for the user's choice: a tap on it meanwhile is held back, so
      // it cannot overwrite Learn's value before the user has seen both.
      const held = new Set(await db.conflicts.toCollection().primaryKeys());
      // Checked and expanded a slice of time a task: a term's import is 12,000 ops, read before every push.
      const due: ReturnType<typeof expandOutbox> = [];
      let slice = performance.now();
      for (let i = 0; i < stored.length; i += ROWS_PER_STEP) {
        if (sliceIsOver(slice)) {
          await yieldToPage();
          slice = performance.now();
        }
        for (const r of expandOutbox(stored.slice(i, i + ROWS_PER_STEP))) {
          if ((r.state === 'pending' || (r.state === 'failed' && r.retryable === true)) && !held.has(`${r.meetingKey}|${r.userId}`)) due.push(r);
        }
      }
      // A meeting an import creates on a later day is created sooner if anything else of it goes
      // now (a roll call taken in it today): its records would have nowhere to go.
      const goingNow = new Set(due.filter((r) => r.heldUntil === undefined).map((r) => r.meetingKey));
      return due.filter((r) => r.heldUntil === undefined || released(r.heldUntil) || (r.op.kind === 'meeting.create' && goingNow.has(r.meetingKey))).map((r) => r.op);
    },

    applyResults(results, onProgress) {
      return applyResults(db, results, onProgress ? { onProgress } : {});
    },

    async conflicts(courseId) {
      const rows = courseId === undefined ? await db.conflicts.toArray() : await db.conflicts.where('courseId').equals(courseId).toArray();
      return readValid('conflicts', ConflictRow, rows).sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id));
    },

    resolveConflict: (id, keep) => resolveConflicts([id], keep),
    resolveConflicts,

    async retry(opId) {
      // Only a row of its own can have failed (outbox-batches.ts).
      await db.outbox.where('opId').equals(opId).modify((r) => {
        if (!isOpRow(r)) return;
        r.state = 'pending';
        delete r.error;
        delete r.errorDetail;
        delete r.retryable;
      });
    },

    async discard(opId) {
      await db.outbox.delete(opId);
    },
  };
}
