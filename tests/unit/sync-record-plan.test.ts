import { describe, expect, it } from 'vitest';
import type { AttendanceStatus } from '../../shared/api/attendance';
import type { RecordIntent } from '../../shared/domain/coalesce';
import { bulkMightPay, chooseBulk, decideRecords, type ServerRecord } from '../../shared/domain/record-plan';

/** The per-record and bulk rules of one meeting, without a server. */

const intent = (userId: string, status: AttendanceStatus, acceptable: (AttendanceStatus | null)[] = [null]): RecordIntent => ({ userId, status, opId: `op-${userId}`, acceptable });
const roll = Array.from({ length: 10 }, (_, i) => `_${i}_1`);

describe('record plan', () => {
  it('calls a record done when the server already holds the target, a conflict when someone else changed it, else writes', () => {
    const server = new Map<string, ServerRecord>([
      ['a', { id: 1, status: 'Late' }],
      ['b', { id: 2, status: 'Excused' }],
      ['c', { id: 3, status: 'Present' }],
    ]);
    const kinds = decideRecords([intent('a', 'Late'), intent('b', 'Absent', ['Present']), intent('c', 'Absent', ['Present']), intent('d', 'Absent')], server).map((d) =>
      d.kind === 'write' ? d.method : d.kind,
    );
    expect(kinds).toEqual(['done', 'conflict', 'PATCH', 'POST']);
  });

  it('bulks a new roll where most share one status, with the others as exceptions', () => {
    const intents = roll.map((u, i) => intent(u, i < 2 ? 'Absent' : 'Present'));
    const decisions = decideRecords(intents, new Map());
    expect(bulkMightPay(decisions, new Map(), 1)).toBe(true);
    const bulk = chooseBulk(decisions, new Map(), roll);
    expect(bulk?.status).toBe('Present');
    expect(bulk?.exceptions.map((e) => [e.userId, e.status])).toEqual([
      ['_0_1', 'Absent'],
      ['_1_1', 'Absent'],
    ]);
  });

  it('never bulks when a student would be left unmarked, over a conflict, or without a majority', () => {
    const partial = decideRecords(roll.slice(1).map((u) => intent(u, 'Present')), new Map());
    expect(chooseBulk(partial, new Map(), roll)).toBeUndefined();
    const server = new Map<string, ServerRecord>([['_0_1', { id: 1, status: 'Late' }]]);
    const withConflict = decideRecords(roll.map((u) => intent(u, 'Present')), server);
    expect(chooseBulk(withConflict, server, roll)).toBeUndefined();
    const split = decideRecords(roll.map((u, i) => intent(u, i % 2 === 0 ? 'Present' : 'Absent')), new Map());
    expect(chooseBulk(split, new Map(), roll)).toBeUndefined();
  });

  it('never bulks over a student nobody asked to change (no op would stand behind putting them back)', () => {
    const server = new Map<string, ServerRecord>([['_0_1', { id: 1, status: 'Excused' }]]);
    const decisions = decideRecords(roll.slice(1).map((u) => intent(u, 'Present')), server);
    expect(chooseBulk(decisions, server, roll)).toBeUndefined();
    // When that student's own op asks for a change (Late -> Excused), the roll is bulked with them as the exception.
    const late = new Map<string, ServerRecord>([['_0_1', { id: 1, status: 'Late' }]]);
    const asked = decideRecords([intent('_0_1', 'Excused', ['Late']), ...roll.slice(1).map((u) => intent(u, 'Present'))], late);
    const plan = chooseBulk(asked, late, roll);
    expect(plan?.status).toBe('Present');
    expect(plan?.exceptions).toEqual([{ userId: '_0_1', status: 'Excused', opId: 'op-_0_1' }]);
  });

  it('does not read the roster for a handful of edits', () => {
    const server = new Map<string, ServerRecord>(roll.map((u, i) => [u, { id: i + 1, status: i < 3 ? 'Absent' : 'Present' }]));
    const decisions = decideRecords([intent('_0_1', 'Present', ['Absent']), intent('_5_1', 'Late', ['Present'])], server);
    expect(bulkMightPay(decisions, server, 1)).toBe(false);
  });
});
