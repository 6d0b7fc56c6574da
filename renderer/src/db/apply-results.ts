import { OpResult, type OutboxOp } from '../../../shared/domain/outbox';
import { isKnownStatus } from '../../../shared/api/attendance';
import { createLogger } from '../../../shared/logger';
import { mapLocalId } from './changes-repo';
import { applyClearDone } from './apply-clear-results';
import { applyRecordResults, conflictRow, failedRow, recordRowOf, withBase, type RecordResult } from './apply-record-results';
import { addOp, newOpId } from './ops';
import { batchesHolding, detachEntries, entryRows, isOpRow, putBatch } from './outbox-batches';
import { remapMeeting } from './remap';
import type { RollbookDb } from './rollbook-db';
import type { OutboxRow } from './rows';
import { sliceIsOver, yieldToPage } from './yield-to-page';

const log = createLogger('db.sync');

type RecordOp = Extract<OutboxOp, { kind: 'record.set' }>;

/**
 * Results applied per transaction. A roll call key press writes the same tables, so its
 * transaction waits for the one applying results; and a chunk's reads, rules and
 * writes run on the main thread, so its size sets part of the page's longest task while results
 * land. But every commit also re-runs the screens' live queries that read the outbox (the waiting
 * count, past imports' standing): at 25 a transaction a push's results landed about five times
 * slower than the push; at 100, about x4 for 12,000 waiting against x2.9 at 200, and sizing each
 * chunk by how long the last one's transaction took shrank it to the minimum on a busy machine
 * (x9), with tasks no shorter (bench `sync.applyResults`, docs/decisions/push-results-landing.md). Since the live queries
 * hold their answer while results land (ui/landing.svelte.ts), a commit costs no re-reads, and 120
 * (not a multiple of an import batch's 50, so chunk ends inside batches stay tested) shortens the chunk's own task.
 */
export const RESULTS_PER_TRANSACTION = 120;

/** Progress of one push's results: how many have landed of how many. */
export type ApplyProgress = (landed: number, total: number) => void;

/**
 * Apply one push's results, in short transactions. Each result is applied whole in one (its op
 * removed with its base value recorded, or kept with its error), so a crash between two leaves
 * every op either settled or still in the outbox, to be sent again (record writes are repeatable,
 * creates are looked up first). Creates go first, each in a transaction of its own with its remap:
 * every later result, and every op written since the push began, must see the server id, and a
 * meeting is never mapped to its server id while its pending records still name the local id. A
 * crash between two creates leaves the meetings before it wholly remapped and the ones after it
 * wholly local, their creates still queued (looked up before they are sent again).
 * The push's history entry is written with the last. The results are checked (all of them, before
 * any lands) and applied a chunk a task, the page getting a task between two (a key press, a
 * frame), so no task of the window grows with the push. `oneByOne` applies every chunk a result at a time, as a
 * chunk holding other ops is: the reference the bulk path is tested against.
 */
export async function applyResults(db: RollbookDb, input: readonly OpResult[], options: { oneByOne?: boolean; onProgress?: ApplyProgress } = {}): Promise<void> {
  const at = new Date().toISOString();
  const tables = [db.meetings, db.attendanceRecords, db.outbox, db.conflicts, db.undoLog, db.syncHistory, db.syncState];
  // Checked first, all of them, before any lands; a slice of time a task.
  const parsed: OpResult[] = [];
  let slice = performance.now();
  for (const r of input) {
    if (sliceIsOver(slice)) {
      await yieldToPage();
      slice = performance.now();
    }
    parsed.push(OpResult.parse(r));
  }
  const creates = parsed.filter(isCreate);
  const rest = parsed.filter((r) => !isCreate(r));
  const counts = { done: 0, superseded: 0, failed: 0, conflicts: 0 };
  let landed = 0;
  const chunks = chunksOf(creates, rest);
  for (const [i, chunk] of chunks.entries()) {
    const last = i === chunks.length - 1;
    if (i > 0) await yieldToPage();
    await db.transaction('rw', tables, async () => {
      // An import's ops leave their batches first, each batch rewritten once for the chunk; from
      // there on each is settled exactly like a row of its own.
      const detached = await detachEntries(db, chunk.map((r) => r.opId));
      for (const result of chunk) counts[result.outcome === 'conflict' ? 'conflicts' : result.outcome]++;
      // A roll call's and an import's results, the whole of a push but its creates, in bulk;
      // a chunk with any other op, one result at a time.
      const records = options.oneByOne ? undefined : await recordResults(db, chunk, detached);
      if (records) await applyRecordResults(db, records, at);
      else for (const result of chunk) await applyOne(db, result, at, detached.get(result.opId));
      if (!last) return;
      // Ops undone before this push read the outbox were never sent: nothing more to wait for.
      await db.outbox.where('state').equals('withdrawn').delete();
      await db.syncHistory.add({ at, sent: input.length, ...counts });
      await db.syncState.put({ key: 'lastSync', value: { at, ok: counts.failed === 0 } });
      // Partial success is success for what landed: "Last sync" must not say "never" while records
      // reach Learn around one failure (the failure is listed on its own).
      if (counts.failed === 0 || counts.done > 0) await db.syncState.put({ key: 'lastSuccessAt', value: at });
    });
    landed += chunk.length;
    options.onProgress?.(landed, input.length);
  }
}

/**
 * The transactions of one push's results: each create alone, first (a created meeting with its
 * remap, which re-keys its every record and op: one meeting's worth is a short task, a term's 40
 * in one transaction held the page for 80 ms as it committed), then the rest a chunk a task; one
 * empty chunk for an empty push, to hold its history entry.
 */
function chunksOf(creates: readonly OpResult[], rest: readonly OpResult[]): OpResult[][] {
  const chunks = creates.map((c) => [c]);
  for (let next = 0; next < rest.length; next += RESULTS_PER_TRANSACTION) chunks.push(rest.slice(next, next + RESULTS_PER_TRANSACTION));
  return chunks.length > 0 ? chunks : [[]];
}

/** The chunk as record results (applyRecordResults), if every result is one, for a distinct op; else undefined. */
async function recordResults(db: RollbookDb, chunk: readonly OpResult[], detached: ReadonlyMap<string, OutboxRow>): Promise<RecordResult[] | undefined> {
  if (chunk.length === 0 || new Set(chunk.map((r) => r.opId)).size !== chunk.length) return undefined;
  const stored = await db.outbox.bulkGet(chunk.filter((r) => !detached.has(r.opId)).map((r) => r.opId));
  let next = 0;
  const out: RecordResult[] = [];
  for (const result of chunk) {
    const own = detached.get(result.opId);
    const row = recordRowOf(own ?? stored[next++]);
    if (!row) return undefined;
    out.push({ result, row, detached: own !== undefined });
  }
  return out;
}

/**
 * A create's result: a content change's (`createdId`) or a meeting's (its Learn id, and no record's
 * status). A record the engine wrote names its meeting's Learn id too, with the status Learn holds:
 * taken for a create, every record of a push went into the first transaction, and a key press
 * waited behind all of them.
 */
function isCreate(r: OpResult): boolean {
  return r.outcome === 'done' && (r.createdId !== undefined || (r.serverMeetingId !== undefined && r.serverStatus === undefined));
}

/** One result; the caller holds the transaction. `detached`: the op's row, just taken out of its batch. */
async function applyOne(db: RollbookDb, result: OpResult, at: string, detached: OutboxRow | undefined): Promise<void> {
  const stored = detached ?? (await db.outbox.get(result.opId));
  // A batch's own id is never an op the engine was given; a result for it is no result.
  const row = stored && isOpRow(stored) ? stored : undefined;
  if (!row) {
    log.debug('result for an op no longer in the outbox', { opId: result.opId, outcome: result.outcome });
    return;
  }
  if (row.state === 'withdrawn') return settleWithdrawn(db, row, result, at);
  const op = row.op;
  switch (result.outcome) {
    case 'done':
      if (op.kind === 'meeting.create' && result.serverMeetingId !== undefined) {
        if (await db.meetings.get(op.localMeetingId)) {
          await remapMeeting(db, op.localMeetingId, result.serverMeetingId, at);
        } else {
          // Deleted here while its create was on the way: delete it on Learn too.
          const meeting = { serverId: result.serverMeetingId };
          await addOp(db, { opId: newOpId(), kind: 'meeting.delete', courseId: op.courseId, at, meeting }, String(result.serverMeetingId));
        }
      } else if (op.kind === 'change') {
        if (op.localId && result.createdId !== undefined) await mapLocalId(db, op.localId, result.createdId);
      } else if (op.kind === 'meeting.update') {
        await db.meetings.update(row.meetingKey, { confirmedAt: at });
      } else if (op.kind === 'meeting.delete') {
        await db.attendanceRecords.where('meetingKey').equals(row.meetingKey).delete();
        // Kept as a hidden marker: a meeting list read before the delete landed must not bring it back (cache-repo.ts).
        await db.meetings.update(row.meetingKey, { deleted: true, confirmedAt: at });
      } else if (op.kind === 'record.clear') {
        await applyClearDone(db, row, op, result, at);
      } else if (op.kind === 'record.set') {
        const learnHas = result.serverStatus ?? op.status;
        await setBase(db, row.meetingKey, op, learnHas, result.serverRecordId, at);
        await rebaseLaterPresses(db, row, op, learnHas);
        // An older failure of the same record is settled by this newer status: stop showing it.
        await db.outbox
          .where('[meetingKey+userId]')
          .equals([row.meetingKey, op.userId])
          .filter((o) => o.state === 'failed' && o.opId < row.opId)
          .delete();
      }
      await db.outbox.delete(result.opId);
      break;
    case 'superseded':
      await db.outbox.delete(result.opId);
      break;
    case 'failed':
      await db.outbox.put(failedRow(row, result));
      break;
    case 'conflict': {
      // The op leaves the queue: nothing is sent for this record until the user chooses.
      await db.outbox.delete(result.opId);
      if (op.kind !== 'record.set') break;
      await setBase(db, row.meetingKey, op, result.server, result.serverRecordId, at);
      await db.conflicts.put(conflictRow(row, op, result, at));
      break;
    }
  }
}

/**
 * Presses of the same student made after this op, while it was on its way, were made on top of
 * it, but carry the base the store knew then (Learn's status before this op). Learn now holds this
 * op's status, which is their base: left as they were, the next push would call this device's own
 * write a conflict.
 */
async function rebaseLaterPresses(db: RollbookDb, row: OutboxRow, op: RecordOp, learnHas: RecordOp['baseStatus']): Promise<void> {
  await db.outbox
    .where('[meetingKey+userId]')
    .equals([row.meetingKey, op.userId])
    .filter((o) => o.opId > row.opId && isOpRow(o) && o.state !== 'withdrawn' && o.op.kind === 'record.set')
    .modify((o) => {
      if (isOpRow(o) && o.op.kind === 'record.set') o.op = { ...o.op, baseStatus: learnHas };
    });
  // An import confirmed while this op was on its way: its entry for the student is rebased too.
  for (const batch of await batchesHolding(db, row.meetingKey, op.userId)) {
    if (batch.opId <= row.opId) continue;
    await putBatch(db, batch, batch.batch.entries.map((e) => (e.userId === op.userId ? { ...e, baseStatus: learnHas } : e)));
  }
}

/** Learn answered this device's own change to a record: what Learn holds now becomes its base, as of `at`. */
async function setBase(db: RollbookDb, meetingKey: string, op: RecordOp, base: RecordOp['baseStatus'], serverRecordId: number | undefined, at: string): Promise<void> {
  const record = await db.attendanceRecords.get([meetingKey, op.userId]);
  if (!record) return;
  await db.attendanceRecords.put(withBase(record, base, serverRecordId, at));
}

/**
 * An op the user undid while it was on its way. If Learn applied it anyway, the undo must still
 * win: queue the status the user went back to (or, when they went back to "not marked", which no
 * op can express, show Learn's value so the screen tells the truth). Otherwise Learn has what it
 * had, and the record shows that.
 */
async function settleWithdrawn(db: RollbookDb, row: OutboxRow, result: OpResult, at: string): Promise<void> {
  await db.outbox.delete(row.opId);
  const op = row.op;
  if (op.kind !== 'record.set' || (result.outcome !== 'done' && result.outcome !== 'conflict')) return;
  const server = result.outcome === 'done' ? (result.serverStatus ?? op.status) : result.server;
  const key: [string, string] = [row.meetingKey, op.userId];
  const record = await db.attendanceRecords.get(key);
  const batched = (await batchesHolding(db, row.meetingKey, op.userId)).flatMap(entryRows).filter((o) => o.userId === op.userId);
  const live = [...(await db.outbox.where('[meetingKey+userId]').equals(key).toArray()), ...batched].filter((o) => o.state !== 'withdrawn');
  const base = {
    courseId: op.courseId,
    meetingKey: row.meetingKey,
    userId: op.userId,
    baseStatus: server,
    ...(result.serverRecordId !== undefined ? { serverRecordId: result.serverRecordId } : record?.serverRecordId !== undefined ? { serverRecordId: record.serverRecordId } : {}),
    savedAt: at,
    confirmedAt: at,
  };
  if (live.length > 0) {
    // A newer tap is queued and will be sent; only the base moves.
    if (record) await db.attendanceRecords.put({ ...record, baseStatus: server, confirmedAt: at });
    return;
  }
  const wanted = record?.status ?? null;
  if (result.outcome === 'done' && isKnownStatus(wanted) && wanted !== server) {
    await db.attendanceRecords.put({ ...base, status: wanted });
    await addOp(db, { opId: newOpId(), kind: 'record.set', courseId: op.courseId, at, meeting: op.meeting, userId: op.userId, status: wanted, baseStatus: server }, row.meetingKey);
  } else if (result.outcome === 'done' && wanted === null && server !== null) {
    // Undone back to "not marked" while Learn created the record: take it off Learn too.
    await db.attendanceRecords.delete(key);
    await addOp(db, { opId: newOpId(), kind: 'record.clear', courseId: op.courseId, at, meeting: op.meeting, userId: op.userId, baseStatus: server }, row.meetingKey);
  } else if (server === null) {
    await db.attendanceRecords.delete(key);
  } else {
    await db.attendanceRecords.put({ ...base, status: server });
  }
}
