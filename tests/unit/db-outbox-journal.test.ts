import 'fake-indexeddb/auto'; // first: Dexie looks for indexedDB when it loads
import { Dexie } from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { journalOutboxTo, serialSink, type OutboxChange } from '../../renderer/src/db/outbox-journal';
import { newMeetingRows } from '../../renderer/src/db/meetings-repo';
import { recoverOutbox } from '../../renderer/src/db/outbox-recovery';
import { openRollbookDb, type RollbookDb } from '../../renderer/src/db/rollbook-db';
import type { OutboxRow } from '../../renderer/src/db/rows';
import { batchRow as batch } from '../support/outbox-rows';

/** The store's half of the outbox journal: committed outbox writes mirrored, and a cleared store given its rows back once. */
const tap = (opId: string, userId: string): OutboxRow => ({
  opId,
  courseId: '_1_1',
  meetingKey: 's:5',
  userId,
  state: 'pending',
  op: { opId, kind: 'record.set', courseId: '_1_1', at: '2026-11-29T01:00:00.000Z', meeting: { serverId: 5 }, userId, status: 'Present', baseStatus: null },
} as unknown as OutboxRow);

const opened: RollbookDb[] = [];
const open = async (name: string): Promise<RollbookDb> => {
  const db = await openRollbookDb(name);
  opened.push(db);
  return db;
};
afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close();
    await Dexie.delete(db.name);
  }
});

describe('the outbox journal in the store', () => {
  it('mirrors committed outbox writes (puts, deletes, clears) and never an aborted one', async () => {
    const db = await open('journal-mirror');
    const changes: OutboxChange[] = [];
    journalOutboxTo(db, (change) => changes.push(change));
    await db.outbox.bulkPut([tap('a', '_9_1'), batch('b', 3)]);
    await db.outbox.delete('a');
    await db.transaction('rw', db.outbox, async () => {
      await db.outbox.put(tap('c', '_8_1'));
      throw new Error('the user cancelled');
    }).catch(() => undefined);
    await db.outbox.clear();
    await expect.poll(() => changes.length).toBe(3);
    expect(changes[0]?.put.map((r) => r.opId)).toEqual(['a', 'b']);
    expect(changes[1]).toEqual({ put: [], deleted: ['a'] });
    expect(changes[2]).toEqual({ put: [], deleted: ['b'] });
    // Other tables are not the journal's.
    await db.settings.put({ key: 'x', value: 1 });
    expect(changes).toHaveLength(3);
  });

  it('puts back into a cleared store every journaled row, a batch whole, and counts its entries', async () => {
    const db = await open('journal-cleared');
    const journaled = [tap('a', '_9_1'), batch('b', 3), { opId: 'not-a-row' }];
    expect(await recoverOutbox(db, journaled)).toEqual({ recovered: 4, stale: [] });
    expect(await db.outbox.get('b')).toEqual(batch('b', 3));
    expect((await db.outbox.toArray()).map((r) => r.opId).sort()).toEqual(['a', 'b']);
  });

  it('never puts a row back twice, and treats rows a kept store lacks as sent (stale), not lost', async () => {
    const db = await open('journal-kept');
    expect(await recoverOutbox(db, [])).toEqual({ recovered: 0, stale: [] });
    await db.outbox.put(tap('a', '_9_1'));
    // 'b' was sent while the host could not be told: it must not be sent to Learn again.
    expect(await recoverOutbox(db, [tap('a', '_9_1'), batch('b', 3)])).toEqual({ recovered: 0, stale: ['b'] });
    expect(await db.outbox.count()).toBe(1);
  });

  it('shows what it put back: the meeting made on this device and each record’s last status', async () => {
    const db = await open('journal-views');
    const { meeting, op } = newMeetingRows('_1_1', { title: 'Made offline', description: '', start: '2026-11-24T09:00:00.000Z', end: '2026-11-24T10:00:00.000Z' }, '2026-11-29T00:59:00.000Z');
    const onIt = (opId: string, userId: string, status: string): OutboxRow =>
      ({ ...tap(opId, userId), meetingKey: meeting.key, op: { ...tap(opId, userId).op, meeting: { localId: meeting.key }, status } }) as OutboxRow;
    // A tap changed its mind: the later op of the record wins. The batch is on a meeting Learn has.
    expect(await recoverOutbox(db, [op, onIt('m1', '_9_1', 'Late'), onIt('m0', '_9_1', 'Absent'), batch('b', 2)])).toEqual({ recovered: 5, stale: [] });
    expect(await db.meetings.get(meeting.key)).toEqual(meeting);
    expect((await db.attendanceRecords.toArray()).map((r) => [r.meetingKey, r.userId, r.status])).toEqual([
      [meeting.key, '_9_1', 'Late'],
      ['s:5', '_0_1', 'Absent'],
      ['s:5', '_1_1', 'Absent'],
    ].sort((a, b) => (a.join() < b.join() ? -1 : 1)));
  });

  it('keeps changes the host did not take and sends them again with the newer ones, unless told not to', async () => {
    vi.useFakeTimers();
    try {
      const sent: OutboxChange[] = [];
      let reachable = false;
      const sink = serialSink(
        (change) => (reachable ? Promise.resolve(sent.push(change)) : Promise.reject(new Error('host out of reach'))),
        (error) => String(error).includes('out of reach'),
      );
      sink({ put: [tap('a', '_9_1')], deleted: [] });
      await vi.advanceTimersByTimeAsync(0);
      sink({ put: [], deleted: ['b'] });
      await vi.advanceTimersByTimeAsync(3_000);
      expect(sent).toEqual([]);
      reachable = true;
      await vi.advanceTimersByTimeAsync(15_000);
      expect(sent).toEqual([{ put: [tap('a', '_9_1')], deleted: ['b'] }]);
    } finally {
      vi.useRealTimers();
    }
  });
});
