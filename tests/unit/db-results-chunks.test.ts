import 'fake-indexeddb/auto'; // first: Dexie looks for indexedDB when it loads
import { afterEach, describe, expect, it } from 'vitest';
import { attendanceRepo, outboxRepo, pendingCount, rosterWithStatuses, syncHistory, type RollbookDb } from '../../renderer/src/db';
import { RESULTS_PER_TRANSACTION } from '../../renderer/src/db/apply-results';
import { COURSE, MEETING, MEETING_ID, seededDb } from './db-fixtures';

let db: RollbookDb;
afterEach(() => db?.close());

/**
 * A push's results are applied in short transactions, so a key press made while a
 * large push lands is saved after a few results, not after all of them; and every result still
 * lands whole (its op gone and its base value recorded), with one history entry for the push.
 */
describe('results of a large push, applied while keys are pressed', () => {
  it('saves a key press made during the landing before the rest of the results, and applies every result', { timeout: 30_000 }, async () => {
    const size = 2 * RESULTS_PER_TRANSACTION + 20;
    db = await seededDb(size + 1);
    const repo = attendanceRepo(db);
    const sent = Array.from({ length: size }, (_, i) => ({ userId: `_${100 + i}_1`, status: 'Present' as const }));
    await repo.setStatuses(COURSE, MEETING, sent);
    const ops = await outboxRepo(db).pending();
    expect(ops).toHaveLength(size);

    const order: string[] = [];
    const landing = outboxRepo(db)
      // As the engine answers a record it wrote (record-step.ts): with the meeting's Learn id.
      .applyResults(ops.map((op, i) => ({ opId: op.opId, outcome: 'done' as const, serverMeetingId: MEETING_ID, serverRecordId: 60001 + i, serverStatus: 'Present' as const })))
      .then(() => order.push('all results applied'));
    // The press comes once the landing has begun (its first transaction is open).
    await new Promise((resolve) => setTimeout(resolve, 0));
    const press = repo.setStatus(COURSE, MEETING, `_${100 + size}_1`, 'Late').then(() => order.push('key press saved'));
    await Promise.all([landing, press]);
    expect(order).toEqual(['key press saved', 'all results applied']);
    expect(size / RESULTS_PER_TRANSACTION).toBeGreaterThan(2);

    // Every result landed whole; only the press waits for Learn.
    expect(await pendingCount(db)).toBe(1);
    const rows = await rosterWithStatuses(db, COURSE, MEETING);
    const records = await db.attendanceRecords.where('meetingKey').equals(String(MEETING_ID)).toArray();
    expect(records.filter((r) => r.serverRecordId !== undefined && r.baseStatus === 'Present')).toHaveLength(size);
    expect(rows.find((r) => r.userId === `_${100 + size}_1`)?.status).toBe('Late');
    const history = await syncHistory(db);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ sent: size, done: size, failed: 0 });
  });
});
