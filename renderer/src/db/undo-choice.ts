import type { AttendanceStatus } from '../../../shared/api/attendance';
import type { OutboxRow } from './rows';

/**
 * How to take back one change, from its op as it stands now (`undefined`: gone, Learn took it).
 * Both undos follow it (the roll call's Ctrl+Z in attendance-repo.ts, a whole import in
 * import-repo.ts), so the screen and Learn end equal whatever became of the change's op:
 * - pending: withdrawn and the status before put back; if a push has it on its way, that push's
 *   results settle it (apply-results.ts, settleWithdrawn);
 * - refused or stopped ('failed'): it was sent, and Learn may have applied it with the answer
 *   lost. It is withdrawn and the status before sent back, over either value (`learnMayHave`,
 *   the op's status, is the base: Learn holding it, or already holding the status before, are
 *   both no conflict). With no status before, nothing can express "not marked": the op stays
 *   to be retried, so Learn ends with what the screen keeps;
 * - gone or withdrawn: the status before is sent back; with none, it is not undoable.
 */
export function undoOf(
  op: OutboxRow | undefined,
  before: AttendanceStatus | null,
): { kind: 'put back' | 'not undoable'; withdraw: boolean } | { kind: 'send back'; status: AttendanceStatus; withdraw: boolean; learnMayHave?: AttendanceStatus } {
  if (op?.state === 'pending') return { kind: 'put back', withdraw: true };
  const failed = op?.state === 'failed' && op.op.kind === 'record.set' ? op.op : undefined;
  if (before === null) return { kind: 'not undoable', withdraw: false };
  return failed ? { kind: 'send back', status: before, withdraw: true, learnMayHave: failed.status } : { kind: 'send back', status: before, withdraw: false };
}
