import 'fake-indexeddb/auto'; // first: Dexie looks for indexedDB when it loads
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyResults } from '../../renderer/src/db/apply-results';
import { entryOpId, recordKeyOf } from '../../renderer/src/db/outbox-batches';
import type { RollbookDb } from '../../renderer/src/db';
import type { AttendanceRecordRow, OutboxBatchRow, OutboxRow, StoredOutboxRow } from '../../renderer/src/db/rows';
import type { AttendanceStatus } from '../../shared/api/attendance';
import type { OpResult } from '../../shared/domain/outbox';
import { COURSE, freshDb } from './db-fixtures';

/**
 * A push's record results are applied a chunk at a time with their reads and writes in
 * bulk (apply-record-results.ts). Whatever the outbox holds (taps pending, failed or withdrawn, an
 * import's batches, several ops of one student) and whatever Learn answered, in any order, the
 * store must end exactly as applying the results one at a time leaves it.
 */
const STATUSES: AttendanceStatus[] = ['Present', 'Absent', 'Late', 'Excused'];
const SEEDED = '2026-01-01T00:00:00.000Z';
const MEETINGS = [1001, 1002];
const USERS = ['_1_1', '_2_1', '_3_1'];

const status = fc.constantFrom(...STATUSES);
const maybeStatus = fc.option(status, { nil: null });
const place = fc.record({ m: fc.constantFrom(...MEETINGS), u: fc.constantFrom(...USERS) });

const scenario = fc.record({
  records: fc.array(fc.record({ at: place, status: maybeStatus, base: maybeStatus, id: fc.option(fc.integer({ min: 1, max: 9 }), { nil: undefined }) }), { maxLength: 6 }),
  rows: fc.array(
    fc.oneof(
      fc.record({ kind: fc.constant('op' as const), at: place, status, base: maybeStatus, state: fc.constantFrom('pending', 'pending', 'failed', 'withdrawn') }),
      fc.record({ kind: fc.constant('batch' as const), m: fc.constantFrom(...MEETINGS), entries: fc.uniqueArray(fc.record({ u: fc.constantFrom(...USERS), status, base: maybeStatus }), { selector: (e) => e.u, minLength: 1 }) }),
    ),
    { maxLength: 12 },
  ),
  answers: fc.array(
    fc.oneof(
      fc.record({ outcome: fc.constant('done' as const), status: fc.option(maybeStatus, { nil: undefined }), id: fc.option(fc.integer({ min: 10, max: 99 }), { nil: undefined }) }),
      fc.record({ outcome: fc.constant('superseded' as const) }),
      fc.record({ outcome: fc.constant('failed' as const), retryable: fc.boolean(), detail: fc.option(fc.constant('HTTP 500'), { nil: undefined }) }),
      fc.record({ outcome: fc.constant('conflict' as const), local: status, server: maybeStatus, id: fc.option(fc.integer({ min: 10, max: 99 }), { nil: undefined }) }),
    ),
    { maxLength: 40 },
  ),
  order: fc.array(fc.nat(), { maxLength: 40 }),
  stranger: fc.boolean(),
});
type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

/** The outbox rows, records and results a scenario describes. */
function build(s: Scenario): { outbox: StoredOutboxRow[]; records: AttendanceRecordRow[]; results: OpResult[] } {
  const outbox: StoredOutboxRow[] = [];
  const candidates: string[] = [];
  for (const [i, r] of s.rows.entries()) {
    const opId = `op${String(i).padStart(3, '0')}`;
    if (r.kind === 'op') {
      const meetingKey = String(r.at.m);
      const op = { opId, kind: 'record.set' as const, courseId: COURSE, at: SEEDED, meeting: { serverId: r.at.m }, userId: r.at.u, status: r.status, baseStatus: r.base };
      const row: OutboxRow = { opId, courseId: COURSE, meetingKey, userId: r.at.u, op, state: r.state, ...(r.state === 'failed' ? { error: 'earlier', retryable: true } : {}) };
      outbox.push(row);
      candidates.push(opId);
    } else {
      const meetingKey = String(r.m);
      const entries = r.entries.map((e, n) => ({ n, userId: e.u, status: e.status, baseStatus: e.base }));
      const batch: OutboxBatchRow = { opId, courseId: COURSE, meetingKey, userId: '', state: 'pending', size: entries.length, recordKeys: entries.map((e) => recordKeyOf(meetingKey, e.userId)), batch: { at: SEEDED, meeting: { serverId: r.m }, entries } };
      outbox.push(batch);
      for (const e of entries) candidates.push(entryOpId(opId, e.n));
    }
  }
  const records = new Map<string, AttendanceRecordRow>();
  for (const r of s.records) {
    const meetingKey = String(r.at.m);
    records.set(recordKeyOf(meetingKey, r.at.u), { courseId: COURSE, meetingKey, userId: r.at.u, status: r.status, baseStatus: r.base, savedAt: SEEDED, ...(r.id !== undefined ? { serverRecordId: r.id } : {}) });
  }
  // Each op answered at most once, in an order the scenario picks; now and then an op the store no longer holds.
  const picked: string[] = [];
  const left = [...candidates];
  for (const n of s.order) {
    if (left.length === 0) break;
    picked.push(...left.splice(n % left.length, 1));
  }
  if (s.stranger) picked.push('op999');
  const results = picked.flatMap((opId, i): OpResult[] => {
    const a = s.answers[i];
    if (!a) return [];
    const meetingId = MEETINGS[0]!;
    if (a.outcome === 'done') return [{ opId, outcome: 'done', serverMeetingId: meetingId, ...(a.status !== undefined ? { serverStatus: a.status } : {}), ...(a.id !== undefined ? { serverRecordId: a.id } : {}) }];
    if (a.outcome === 'superseded') return [{ opId, outcome: 'superseded', by: 'op998' }];
    if (a.outcome === 'failed') return [{ opId, outcome: 'failed', retryable: a.retryable, message: 'Learn refused it', ...(a.detail !== undefined ? { detail: a.detail } : {}) }];
    return [{ opId, outcome: 'conflict', local: a.local, server: a.server, ...(a.id !== undefined ? { serverRecordId: a.id } : {}) }];
  });
  return { outbox, records: [...records.values()], results };
}

/** The tables results touch, with the time of the landing (which differs between runs) made one. */
async function tables(db: RollbookDb): Promise<unknown> {
  const landed = (v: string | undefined): string | undefined => (v === undefined || v === SEEDED ? v : 'landing');
  const records = (await db.attendanceRecords.toArray()).map((r) => ({ ...r, savedAt: landed(r.savedAt), confirmedAt: landed(r.confirmedAt) }));
  const conflicts = (await db.conflicts.toArray()).map((c) => ({ ...c, at: landed(c.at) }));
  const history = (await db.syncHistory.toArray()).map(({ at: _at, id: _id, ...rest }) => rest);
  // An op the landing queues itself (an undone tap Learn took anyway) has a new id and time.
  const outbox = (await db.outbox.orderBy('opId').toArray()).map((r) => (r.opId.startsWith('op') || !('op' in r) ? r : { ...r, opId: 'queued', op: { ...r.op, opId: 'queued', at: 'landing' } }));
  return { outbox, records, conflicts, history };
}

async function landing(s: Scenario, oneByOne: boolean): Promise<unknown> {
  const { outbox, records, results } = build(s);
  const db = await freshDb();
  try {
    await db.outbox.bulkPut(outbox);
    await db.attendanceRecords.bulkPut(records);
    await applyResults(db, results, { oneByOne });
    return await tables(db);
  } finally {
    db.close();
  }
}

describe('record results applied in bulk', () => {
  it('leave the store exactly as applying them one at a time does', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        expect(await landing(s, false)).toEqual(await landing(s, true));
      }),
      { numRuns: 150 },
    );
  }, 60_000);
});
