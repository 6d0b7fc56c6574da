import type { OpResult, RecordClearOp } from '../../../shared/domain/outbox';
import type { RollbookDb } from './rollbook-db';
import type { OutboxRow } from './rows';

/**
 * Learn answered a clear (an undo's delete). Learn now holds no record: the local one was already
 * taken off when the user undid. Learn kept a status set there since (clear-step.ts): the screen
 * shows Learn's status, unless the student was marked again here meanwhile (that mark is sent).
 * Older failures of the same record are settled by this newer change.
 */
export async function applyClearDone(db: RollbookDb, row: OutboxRow, op: RecordClearOp, result: Extract<OpResult, { outcome: 'done' }>, at: string): Promise<void> {
  const key: [string, string] = [row.meetingKey, op.userId];
  const learnHas = result.serverStatus ?? null;
  if (learnHas !== null && !(await db.attendanceRecords.get(key))) {
    await db.attendanceRecords.put({
      courseId: op.courseId,
      meetingKey: row.meetingKey,
      userId: op.userId,
      status: learnHas,
      baseStatus: learnHas,
      ...(result.serverRecordId !== undefined ? { serverRecordId: result.serverRecordId } : {}),
      savedAt: at,
      confirmedAt: at,
    });
  }
  await db.outbox
    .where('[meetingKey+userId]')
    .equals(key)
    .filter((o) => o.state === 'failed' && o.opId < row.opId)
    .delete();
}
