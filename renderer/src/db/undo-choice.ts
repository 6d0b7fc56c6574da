import { isKnownStatus, type AttendanceStatus, type LearnStatus } from '../../../shared/api/attendance';
import type { AttendanceRecordRow, OutboxRow, UndoChange } from './rows';

/** What taking back one change writes (see undoOf); `withdraw`: the change's own op is withdrawn. */
export type UndoChoice =
  | { kind: 'changed since' | 'not undoable'; withdraw: false }
  /** `record`: the record as it was before the change; undefined: there was none, it goes. */
  | { kind: 'put back'; withdraw: true; record: AttendanceRecordRow | undefined }
  /** `known`: the record the new op is based on. */
  | { kind: 'send back'; withdraw: boolean; status: AttendanceStatus; known: AttendanceRecordRow }
  /** There was no record before and Learn has (or may have) the change's: it goes, here and on Learn; `base`: what Learn holds. */
  | { kind: 'clear'; withdraw: boolean; base: LearnStatus };

/**
 * How to take back one change of a record, from the record and the change's op as they stand now
 * (`op` undefined: gone, Learn took it). Both undos follow it (the roll call's Ctrl+Z in
 * attendance-repo.ts, a whole import in import-repo.ts), so the screen and Learn end equal
 * whatever became of the op:
 * - changed since (the record no longer shows the change's status; or, where the op would only be
 *   withdrawn, a later op of the record still waits, `laterOpWaits`, even of the same status):
 *   kept, since putting back the status before would show one status while a later op sends
 *   another. (Sending the status before back is a newer op: it wins over a later one.)
 * - pending: withdrawn and the status before put back; if a push has it on its way, that push's
 *   results settle it (apply-results.ts, settleWithdrawn);
 * - refused or stopped ('failed'): it was sent, and Learn may have applied it with the answer
 *   lost. It is withdrawn and the status before sent back, based on the op's status, so Learn
 *   holding it or already holding the status before are both no conflict. With no status
 *   before, nothing can express "not marked": the op stays to be retried, so Learn ends with
 *   what the screen keeps;
 * - gone or withdrawn: the status before is sent back; with none, the record is cleared: taken
 *   off here and deleted on Learn (record.clear), so Learn holds no record again.
 * A failed change with no status before is cleared too (withdrawn): Learn may hold it or nothing,
 * and a clear is done either way.
 */
export function undoOf(change: Pick<UndoChange, 'before' | 'after'>, record: AttendanceRecordRow, op: OutboxRow | undefined, laterOpWaits: boolean, at: string): UndoChoice {
  const sent = op?.op.kind === 'record.set' ? op.op : undefined;
  const after = change.after ?? sent?.status;
  if (after !== undefined && record.status !== after) return { kind: 'changed since', withdraw: false };
  if (op?.state === 'pending') {
    if (laterOpWaits) return { kind: 'changed since', withdraw: false };
    const none = change.before === null && record.baseStatus === null && record.serverRecordId === undefined;
    return { kind: 'put back', withdraw: true, record: none ? undefined : { ...record, status: change.before, savedAt: at } };
  }
  if (change.before === null) {
    const base = op?.state === 'failed' && sent ? sent.status : (record.baseStatus ?? after);
    if (base === undefined || base === null) return { kind: 'not undoable', withdraw: false };
    return { kind: 'clear', withdraw: op?.state === 'failed', base };
  }
  // A status Learn had that Rollbook does not know cannot be sent back.
  if (!isKnownStatus(change.before)) return { kind: 'not undoable', withdraw: false };
  if (op?.state === 'failed' && sent) return { kind: 'send back', status: change.before, known: { ...record, baseStatus: sent.status }, withdraw: true };
  return { kind: 'send back', status: change.before, known: record, withdraw: false };
}
