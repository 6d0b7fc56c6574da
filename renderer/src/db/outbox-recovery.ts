import { createLogger } from '../../../shared/logger';
import { expandOutbox } from './outbox-batches';
import type { RollbookDb } from './rollbook-db';
import { StoredOutboxRow, type AttendanceRecordRow, type MeetingRow } from './rows';

/** A store found new at start gets back what the host's outbox journal holds (docs/decisions/outbox-journal-kept-by-the-host.md). */
const log = createLogger('db.outbox-journal');

/** The settings key a store has from its first start with the journal: a store without it is new. */
const JOURNAL_MARK = 'outboxJournal.since';

/**
 * Puts back what the journal holds and a new store lacks (the browser cleared the old one): each
 * row whole, by op id, with `add`, so a row already there is never put back twice. A store that is
 * not new is the journal's truth instead: its rows missing from the store were sent or discarded
 * while the host could not be told, and go from the journal (returned as `stale`), never to Learn again.
 * `recovered` counts the changes, a batch row counting each of its entries.
 */
export async function recoverOutbox(db: RollbookDb, journaled: readonly unknown[]): Promise<{ recovered: number; stale: string[] }> {
  const rows = journaled.flatMap((row) => {
    const parsed = StoredOutboxRow.safeParse(row);
    if (!parsed.success) log.warn('Skipped a journaled outbox row that is not one', { opId: String((row as { opId?: unknown }).opId) });
    return parsed.success ? [parsed.data] : [];
  });
  return db.transaction('rw', [db.outbox, db.settings, db.meetings, db.attendanceRecords], async () => {
    const isNew = !(await db.settings.get(JOURNAL_MARK));
    if (isNew) await db.settings.put({ key: JOURNAL_MARK, value: new Date().toISOString() });
    const present = new Set((await db.outbox.bulkGet(rows.map((row) => row.opId))).flatMap((row) => (row ? [row.opId] : [])));
    const missing = rows.filter((row) => !present.has(row.opId));
    if (!isNew) return { recovered: 0, stale: missing.map((row) => row.opId) };
    await db.outbox.bulkAdd(missing);
    await restoreViews(db, missing);
    return { recovered: missing.reduce((n, row) => n + ('size' in row ? row.size : 1), 0), stale: [] };
  });
}

/**
 * What the screens show of the changes put back, as the taps and the import first wrote it: the
 * meetings made on this device and each record's status (the last op of a record wins). The rest
 * (Learn's meetings, rosters, the records' base) comes back with the next read of Learn, which keeps
 * a status waiting to be sent. Only rows the store lacks are written. The caller holds the transaction.
 */
async function restoreViews(db: RollbookDb, rows: readonly StoredOutboxRow[]): Promise<void> {
  const ops = expandOutbox(rows)
    .filter((row) => row.state !== 'withdrawn')
    .sort((a, b) => (a.opId < b.opId ? -1 : a.opId > b.opId ? 1 : 0));
  const meetings = new Map<string, MeetingRow>();
  const records = new Map<string, AttendanceRecordRow>();
  for (const { op, meetingKey } of ops) {
    if (op.kind === 'meeting.create') {
      meetings.set(meetingKey, { key: meetingKey, courseId: op.courseId, localId: op.localMeetingId, title: op.fields.title, description: op.fields.description, start: op.fields.start, end: op.fields.end, ...(op.fields.externalLink !== undefined ? { externalLink: op.fields.externalLink } : {}), savedAt: op.at });
    } else if (op.kind === 'meeting.update' || op.kind === 'meeting.delete') {
      const meeting = meetings.get(meetingKey);
      if (meeting) meetings.set(meetingKey, op.kind === 'meeting.update' ? { ...meeting, ...op.fields, savedAt: op.at } : { ...meeting, deleted: true, savedAt: op.at });
    } else if (op.kind === 'record.set' || op.kind === 'record.clear') {
      const status = op.kind === 'record.set' ? op.status : null;
      records.set(`${meetingKey}\u0000${op.userId}`, { courseId: op.courseId, meetingKey, userId: op.userId, status, baseStatus: op.baseStatus, savedAt: op.at });
    }
  }
  const keptMeetings = await db.meetings.bulkGet([...meetings.keys()]);
  await db.meetings.bulkAdd([...meetings.values()].filter((_, i) => !keptMeetings[i]));
  const keptRecords = await db.attendanceRecords.bulkGet([...records.values()].map((r) => [r.meetingKey, r.userId]));
  await db.attendanceRecords.bulkAdd([...records.values()].filter((_, i) => !keptRecords[i]));
}
