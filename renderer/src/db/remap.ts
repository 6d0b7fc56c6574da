import { Dexie } from 'dexie';
import type { OutboxOp } from '../../../shared/domain/outbox';
import type { RollbookDb } from './rollbook-db';
import { isOpRow, remappedBatch } from './outbox-batches';

/** Records of a remapped meeting written per request (see below). */
const RECORDS_PER_PUT = 75;

/**
 * A meeting created offline got its server id: rename its key from the local id to the server id
 * in every table that names it, and make every op still queued for it (including ones written
 * after the push started) carry `{ serverId }`. Runs inside applyResults' transaction; `at` is
 * when Learn answered.
 */
export async function remapMeeting(db: RollbookDb, localId: string, serverId: number, at: string): Promise<void> {
  const newKey = String(serverId);
  const meeting = await db.meetings.get(localId);
  if (meeting) {
    await db.meetings.delete(localId);
    await db.meetings.put({ ...meeting, key: newKey, serverId, localId, confirmedAt: at });
  }

  const records = await db.attendanceRecords.where('meetingKey').equals(localId).toArray();
  // One range of primary keys, not a key a record: the commit tells every live query what changed,
  // and 300 keys a meeting (3,900 for a term's first push) made that notice a long task of its own.
  await db.attendanceRecords.where('[meetingKey+userId]').between([localId, Dexie.minKey], [localId, Dexie.maxKey], true, true).delete();
  // A share of them a request: each request's puts (and their copies) run in one task, and a
  // lecture's 300 in one held the page for 60 ms; the next share goes when the last one is stored.
  for (let i = 0; i < records.length; i += RECORDS_PER_PUT) {
    await db.attendanceRecords.bulkPut(records.slice(i, i + RECORDS_PER_PUT).map((r) => ({ ...r, meetingKey: newKey })));
  }

  await db.outbox
    .where('meetingKey')
    .equals(localId)
    .modify((row, ref) => {
      if (isOpRow(row)) {
        row.meetingKey = newKey;
        row.op = withServerId(row.op, localId, serverId);
      } else ref.value = remappedBatch(row, newKey, serverId);
    });

  if (meeting) {
    await db.undoLog
      .where('[courseId+meetingKey]')
      .equals([meeting.courseId, localId])
      .modify((e) => {
        e.meetingKey = newKey;
      });
  }
  const conflicts = await db.conflicts.where('meetingKey').equals(localId).toArray();
  await db.conflicts.bulkDelete(conflicts.map((c) => c.id));
  await db.conflicts.bulkPut(conflicts.map((c) => ({ ...c, id: `${newKey}|${c.userId}`, meetingKey: newKey })));
}

function withServerId(op: OutboxOp, localId: string, serverId: number): OutboxOp {
  if (op.kind === 'meeting.create' || op.kind === 'change') return op; // a create is being removed by the caller; keeps its local id
  if ('localId' in op.meeting && op.meeting.localId === localId) return { ...op, meeting: { serverId } };
  return op;
}
