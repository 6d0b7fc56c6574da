import type { AttendanceStatus, LearnStatus } from '../../../shared/api/attendance';
import type { MeetingFields } from '../../../shared/domain/outbox';
import { recordRows, writeStatuses } from './attendance-repo';
import { batchEntryIds, batchRows, detachEntries, expandOutbox, recordKeyOf } from './outbox-batches';
import { dropUnsentMeeting, newMeetingRows } from './meetings-repo';
import { recordClearRows } from './ops';
import type { RollbookDb } from './rollbook-db';
import { undoOf } from './undo-choice';
import type { AttendanceRecordRow, ImportRow, MeetingRow, OutboxBatchRow, OutboxRow } from './rows';

/**
 * Confirming and undoing a CSV import. A confirmed import writes the records exactly as
 * taps on the roll call do (attendance-repo.ts recordRows), and their ops one outbox row per
 * meeting (outbox-batches.ts: each still its own op to every reader); meetings it needs are
 * created exactly like the Meetings screen creates them (meetingsRepo), and all of it — records,
 * ops, meetings, the import's own row — lands in ONE transaction: an import is all or nothing.
 */
export type ImportStatuses = { userId: string; status: AttendanceStatus }[];

export interface ImportRequest {
  courseId: string;
  fileName: string;
  /** Statuses per existing meeting key. */
  existing: ReadonlyMap<string, ImportStatuses>;
  /** Meetings to create, each with its statuses, and the time before which it is not sent (sent over several days). */
  created: readonly { fields: MeetingFields; records: ImportStatuses; heldUntil?: string }[];
  counts: NonNullable<ImportRow['counts']>;
  /**
   * Existing meetings' keys whose ops wait until a later day of the site's request quota (ISO):
   * an import sent over several days (docs/decisions/import-over-several-days.md, "An import over several days").
   */
  held?: ReadonlyMap<string, string>;
}

export interface ImportDone {
  id: string;
  /** Records written (a status already equal by now is skipped). */
  written: number;
  meetingsCreated: number;
}

export interface ImportUndone {
  /** Statuses put back. */
  restored: number;
  /** Changes Learn already has and that had no status before: Learn cannot clear a status. */
  notUndoable: number;
  meetingsRemoved: number;
  /** Statuses changed again after the import (by a tap, or Learn): the later change is kept. */
  changedSince: number;
  /** Meetings created by the import that Learn already has: kept (delete them in Meetings). */
  meetingsKept: number;
}

const tables = (db: RollbookDb) => [db.meetings, db.attendanceRecords, db.outbox, db.undoLog, db.imports];

/**
 * Rows put per bulkPut / bulkAdd. IndexedDB's cost is per request, so an import is written in a
 * few large requests rather than one per meeting; chunks, not one, so progress can be shown.
 */
export const IMPORT_CHUNK = 10_000;

/**
 * `onProgress(done, total)`: records written so far, for the progress bar of a long import. Runs
 * wherever `db` is open: the app runs it in a worker (attendance-csv/import-writer.ts) so the
 * window never pays for the requests' cloning.
 *
 * Every request is issued without waiting for the one before (a transaction runs them in order
 * all the same): the store writes one chunk while the next is being built, and no request waits
 * for a round trip to the one before it. Awaiting each chunk left the store idle while the next
 * was built, and each new meeting's own transaction cost three round trips in turn.
 */
export async function confirmImport(db: RollbookDb, request: ImportRequest, onProgress?: (done: number, total: number) => void): Promise<ImportDone> {
  return db.transaction('rw', tables(db), async () => {
    const at = new Date().toISOString();
    const row: ImportRow = { id: crypto.randomUUID(), courseId: request.courseId, at, fileName: request.fileName, changes: [], createdMeetings: [], counts: request.counts };
    // The preview may be minutes old: write only what still differs, so undo restores truly. One
    // range read of the course's records (cheap even at 100,000 rows), not a lookup per row.
    const keys = [...request.existing.keys()];
    const [courseRecords, found] = await Promise.all([db.attendanceRecords.where('courseId').equals(request.courseId).toArray(), db.meetings.bulkGet(keys)]);
    const current = new Map<string, AttendanceRecordRow>();
    for (const r of courseRecords) current.set(recordKeyOf(r.meetingKey, r.userId), r);
    const meetings: [MeetingRow, ImportStatuses][] = [];
    for (const [i, statuses] of [...request.existing.values()].entries()) {
      const meeting = found[i];
      if (!meeting || meeting.deleted || meeting.courseId !== request.courseId) {
        throw new Error(`A meeting in this import was deleted after the preview was made. Nothing was imported: preview the file again.`);
      }
      meetings.push([meeting, statuses]);
    }
    // New meetings: exactly the rows the Meetings screen writes (newMeetingRows), in one request per table.
    const heldUntil = new Map(request.held ?? []);
    const made = request.created.map(({ fields, records, heldUntil: until }) => {
      const rows = newMeetingRows(request.courseId, fields, at);
      if (until !== undefined) heldUntil.set(rows.meeting.key, until);
      return { ...rows, op: until === undefined ? rows.op : { ...rows.op, heldUntil: until }, records };
    });
    const writes: Promise<unknown>[] = [db.meetings.bulkAdd(made.map((m) => m.meeting)), db.outbox.bulkAdd(made.map((m) => m.op))];
    for (const { meeting, records } of made) {
      row.createdMeetings!.push(meeting.key);
      meetings.push([meeting, records]);
    }
    // The records exactly as a tap writes them (recordRows), gathered across meetings and put in
    // large chunks; their ops in batches of a meeting's (outbox-batches.ts): 240 puts, not 12,000.
    const changedOf = (meeting: MeetingRow, statuses: ImportStatuses): ImportStatuses =>
      statuses.filter((s) => current.get(recordKeyOf(meeting.key, s.userId))?.status !== s.status);
    const changed = meetings.map(([meeting, statuses]) => [meeting, changedOf(meeting, statuses)] as const);
    const total = changed.reduce((n, [, statuses]) => n + statuses.length, 0);
    let records: AttendanceRecordRow[] = [];
    let ops: OutboxBatchRow[] = [];
    let done = 0;
    const flush = (): void => {
      const n = records.length;
      writes.push(
        Promise.all([db.attendanceRecords.bulkPut(records), db.outbox.bulkAdd(ops)]).then(() => {
          done += n;
          onProgress?.(done, total);
        }),
      );
      records = [];
      ops = [];
    };
    try {
      for (const [meeting, statuses] of changed) {
        if (statuses.length === 0) continue;
        const before = statuses.map((s) => current.get(recordKeyOf(meeting.key, s.userId)));
        const rows = recordRows(meeting, statuses, at, before);
        const batch = batchRows(meeting, at, rows.opChanges, heldUntil.get(meeting.key));
        for (const [i, s] of statuses.entries()) row.changes.push({ meetingKey: meeting.key, userId: s.userId, before: before[i]?.status ?? null, opId: batch.opIds[i]!, after: s.status });
        records.push(...rows.records);
        ops.push(...batch.rows);
        if (records.length >= IMPORT_CHUNK) flush();
      }
    } catch (error) {
      // An invalid row: the transaction aborts, and with it the requests already issued.
      await Promise.allSettled(writes);
      throw error;
    }
    flush();
    writes.push(db.imports.add(row));
    await Promise.all(writes);
    return { id: row.id, written: row.changes.length, meetingsCreated: request.created.length };
  });
}

/** Where an import stands: how many of its changes still wait to reach Learn, and how many of those wait for a later day. */
export interface ImportStanding {
  waiting: number;
  sent: number;
  /** Of `waiting`, held for a later day of the site's request quota (sent over several days). */
  held: number;
  /** When the last of them is planned to go (ISO); absent when none is held. */
  heldUntil?: string;
}

/** Every op still meant for Learn, by id, with the time it is held until ('' when it is not held). */
type LiveOps = ReadonlyMap<string, string>;

export async function importStanding(db: RollbookDb, row: ImportRow, live?: LiveOps): Promise<ImportStanding> {
  const waitingOps = live ?? (await liveOps(db));
  const now = new Date().toISOString();
  let waiting = 0;
  let held = 0;
  let last = '';
  for (const c of row.changes) {
    const until = waitingOps.get(c.opId);
    if (until === undefined) continue;
    waiting++;
    if (until > now) {
      held++;
      if (until > last) last = until;
    }
  }
  return { waiting, sent: row.changes.length - waiting, held, ...(last ? { heldUntil: last } : {}) };
}

/**
 * The ids of every op still meant for Learn: the rows' keys, and the ops of the imports' batches
 * (a few rows). Two requests: looking up a 100,000-record import's ops one by one would issue
 * 100,000 requests from one task and freeze the window for seconds (the 100,000-row E2E test measures this).
 * An op row is never held (only an import's batches and meeting creates are), so the keys suffice for them.
 */
async function liveOps(db: RollbookDb): Promise<LiveOps> {
  const [ids, batches] = await Promise.all([db.outbox.where('state').anyOf('pending', 'failed').primaryKeys(), db.outbox.where('size').above(0).toArray()]);
  const live = new Map(ids.map((id) => [id, '']));
  // Only the entries' ids and the batch's hold are needed: checking and expanding every entry of a
  // term's import (12,000) ran in one task after each commit of a push's results.
  for (const row of batches) for (const opId of batchEntryIds(row)) live.set(opId, row.heldUntil ?? '');
  return live;
}

/**
 * Undo a whole import. Per change, as the roll call's undo does it:
 * - its op still waits: withdrawn (never sent) and the status before put back;
 * - its op already reached Learn: a new op sends the status before back;
 * - reached Learn and there was no status before: Learn cannot "unmark", so it stays (counted).
 * Meetings the import created that Learn has not seen go with their ops; ones Learn has stay.
 *
 * The course's meetings, records and ops are read in three range requests and each change is
 * decided in memory (looking up 100,000 records and ops one by one was 200,000 requests). A
 * meeting that goes as a whole is deleted with its rows, without first withdrawing its ops and
 * putting back its records one by one (the deletion removes them all the same).
 */
export async function undoImport(db: RollbookDb, importId: string): Promise<ImportUndone> {
  return db.transaction('rw', tables(db), async () => {
    const row = await db.imports.get(importId);
    if (!row) throw new Error('This import is no longer in the list.');
    if (row.undoneAt) throw new Error('This import was already undone.');
    const at = new Date().toISOString();
    const out: ImportUndone = { restored: 0, notUndoable: 0, meetingsRemoved: 0, changedSince: 0, meetingsKept: 0 };
    const created = new Set(row.createdMeetings ?? []);
    const [meetingRows, courseRecords, storedOps] = await Promise.all([
      db.meetings.where('courseId').equals(row.courseId).toArray(),
      db.attendanceRecords.where('courseId').equals(row.courseId).toArray(),
      db.outbox.where('courseId').equals(row.courseId).toArray(),
    ]);
    const opRows = expandOutbox(storedOps);
    // A meeting the import created may have been synced since: its key is now the server id, and
    // its local id (the key the import recorded) still finds it.
    const meetingOf = new Map<string, MeetingRow>();
    for (const m of meetingRows) {
      meetingOf.set(m.key, m);
      if (m.localId !== undefined && !meetingOf.has(m.localId)) meetingOf.set(m.localId, m);
    }
    const recordOf = new Map(courseRecords.map((r) => [recordKeyOf(r.meetingKey, r.userId), r]));
    const opOf = new Map(opRows.map((o) => [o.opId, o]));
    // Per record, its latest op still meant for Learn: one later than the import's is a later change.
    const latestOp = new Map<string, string>();
    for (const o of opRows) {
      const key = recordKeyOf(o.meetingKey, o.userId);
      if (o.state !== 'withdrawn' && o.userId && o.opId > (latestOp.get(key) ?? '')) latestOp.set(key, o.opId);
    }
    const byMeeting = new Map<string, ImportRow['changes']>();
    for (const c of row.changes) {
      const list = byMeeting.get(c.meetingKey);
      if (list) list.push(c);
      else byMeeting.set(c.meetingKey, [c]);
    }

    /** What undo writes for one meeting, decided before anything is written. */
    interface MeetingUndo {
      meeting: MeetingRow;
      put: AttendanceRecordRow[];
      remove: [string, string][];
      resend: (ImportStatuses[number] & { record: AttendanceRecordRow })[];
      withdrawn: OutboxRow[];
      clears: { userId: string; base: LearnStatus }[];
    }
    const plans: MeetingUndo[] = [];
    for (const [key, changes] of byMeeting) {
      const meeting = meetingOf.get(key);
      if (!meeting || meeting.deleted) continue; // deleted since: Learn drops its records with it
      const plan: MeetingUndo = { meeting, put: [], remove: [], resend: [], withdrawn: [], clears: [] };
      for (const change of changes) {
        const record = recordOf.get(recordKeyOf(meeting.key, change.userId));
        const op = opOf.get(change.opId);
        if (!record) continue;
        // A later tap, or a later op still waiting, wins over the import (undo-choice.ts).
        const undo = undoOf(change, record, op, (latestOp.get(recordKeyOf(meeting.key, change.userId)) ?? '') > change.opId, at);
        if (op && undo.withdraw) plan.withdrawn.push({ ...op, state: 'withdrawn' });
        if (undo.kind === 'put back') {
          if (undo.record) plan.put.push(undo.record);
          else plan.remove.push([meeting.key, change.userId]);
          out.restored++;
        } else if (undo.kind === 'send back') {
          plan.resend.push({ userId: change.userId, status: undo.status, record: undo.known });
          out.restored++;
        } else if (undo.kind === 'clear') {
          plan.remove.push([meeting.key, change.userId]);
          plan.clears.push({ userId: change.userId, base: undo.base });
          out.restored++;
        } else if (undo.kind === 'changed since') {
          out.changedSince++;
        } else {
          out.notUndoable++;
        }
      }
      plans.push(plan);
    }

    // The meetings that go as a whole: created by this import, unknown to Learn, and waiting for
    // nothing but their create and this import's ops (nobody else's work goes with them).
    const removed = new Set<string>();
    const withdrawnNow = new Set(plans.flatMap((p) => p.withdrawn.map((o) => o.opId)));
    const resending = new Set(plans.filter((p) => p.resend.length > 0 || p.clears.length > 0).map((p) => p.meeting.key));
    for (const localId of created) {
      const meeting = meetingOf.get(localId);
      if (!meeting || meeting.deleted || removed.has(meeting.key)) continue;
      if (meeting.serverId !== undefined) {
        out.meetingsKept++;
        continue;
      }
      const others = opRows.some((o) => o.meetingKey === meeting.key && o.state !== 'withdrawn' && o.op.kind !== 'meeting.create' && !withdrawnNow.has(o.opId));
      if (others || resending.has(meeting.key)) continue;
      removed.add(meeting.key);
      out.meetingsRemoved++;
    }

    const kept = plans.filter((plan) => !removed.has(plan.meeting.key));
    // Withdrawn ops still in their import's batch leave it, to stay as rows of their own.
    const writes: Promise<unknown>[] = [detachEntries(db, kept.flatMap((plan) => plan.withdrawn.map((o) => o.opId)))];
    for (const plan of kept) {
      writes.push(db.outbox.bulkPut(plan.withdrawn), db.attendanceRecords.bulkPut(plan.put), db.attendanceRecords.bulkDelete(plan.remove));
      if (plan.resend.length > 0) writes.push(writeStatuses(db, plan.meeting, plan.resend, at, plan.resend.map((r) => r.record)));
      if (plan.clears.length > 0) writes.push(db.outbox.bulkAdd(recordClearRows(plan.meeting, at, plan.clears)));
    }
    for (const key of removed) writes.push(dropUnsentMeeting(db, meetingOf.get(key)!));
    writes.push(db.imports.put({ ...row, undoneAt: at }));
    await Promise.all(writes);
    return out;
  });
}

/** A course's imports, newest first, each with where it stands. */
export async function importsOf(db: RollbookDb, courseId: string): Promise<(ImportRow & ImportStanding)[]> {
  const rows = (await db.imports.where('courseId').equals(courseId).toArray()).sort((a, b) => b.at.localeCompare(a.at));
  const live = await liveOps(db);
  const out: (ImportRow & ImportStanding)[] = [];
  for (const row of rows) out.push({ ...row, ...(row.undoneAt ? { waiting: 0, sent: 0, held: 0 } : await importStanding(db, row, live)) });
  return out;
}
