import { describe, expect, it } from 'vitest';
import type { AttendanceStatus, LearnStatus } from '../../shared/api/attendance';
import type { RecordIntent } from '../../shared/domain/coalesce';
import { bulkMightPay, chooseBulk, decideRecords, type ServerRecord } from '../../shared/domain/record-plan';

/** The per-record and bulk rules of one meeting, without a server. */

const intent = (userId: string, status: AttendanceStatus, acceptable: (LearnStatus | null)[] = [null]): RecordIntent => ({ userId, status, opId: `op-${userId}`, acceptable });
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

  it('never bulks when a student would be left unmarked, over a conflict, or when it saves nothing', () => {
    const partial = decideRecords(roll.slice(1).map((u) => intent(u, 'Present')), new Map());
    expect(chooseBulk(partial, new Map(), roll)).toBeUndefined();
    const server = new Map<string, ServerRecord>([['_0_1', { id: 1, status: 'Late' }]]);
    const withConflict = decideRecords(roll.map((u) => intent(u, 'Present')), server);
    expect(chooseBulk(withConflict, server, roll)).toBeUndefined();
    // Four students, four statuses: 1 bulk + 1 check + 3 exceptions = 5 requests, more than the 4 writes.
    const four = roll.slice(0, 4);
    const spread = decideRecords(four.map((u, i) => intent(u, (['Present', 'Absent', 'Late', 'Excused'] as const)[i]!)), new Map());
    expect(chooseBulk(spread, new Map(), four)).toBeUndefined();
  });

  it('bulks for the plurality when it pays, though no status has more than half', () => {
    // 40 / 25 / 20 / 15 of 100: 1 bulk + 1 check + 60 exceptions = 62 < 100 writes.
    const students = Array.from({ length: 100 }, (_, i) => `_${i}_1`);
    const status = (i: number): AttendanceStatus => (i < 40 ? 'Late' : i < 65 ? 'Present' : i < 85 ? 'Absent' : 'Excused');
    const decisions = decideRecords(students.map((u, i) => intent(u, status(i))), new Map());
    const plan = chooseBulk(decisions, new Map(), students);
    expect(plan?.status).toBe('Late');
    expect(plan?.exceptions).toHaveLength(60);
    // A bulk known to touch records off the roll costs their putting back: 6 of 10 Present pays
    // (1 + 1 + 4 = 6 < 10) until it touches 4 (10 requests).
    const six = decideRecords(roll.map((u, i) => intent(u, i < 6 ? 'Present' : 'Absent')), new Map());
    expect(chooseBulk(six, new Map(), roll, 3)?.status).toBe('Present');
    expect(chooseBulk(six, new Map(), roll, 4)).toBeUndefined();
  });

  it('moves a student whose status is already on Learn only when a re-assert op accepts the bulk\'s status', () => {
    // Absences landed before "mark everyone": Learn holds them; the others are new Present marks.
    const server = new Map<string, ServerRecord>([
      ['_0_1', { id: 1, status: 'Absent' }],
      ['_1_1', { id: 2, status: 'Absent' }],
    ]);
    const marks = roll.slice(2).map((u) => intent(u, 'Present'));
    expect(chooseBulk(decideRecords(marks, server), server, roll)).toBeUndefined();
    // The renderer queued re-asserts (status Absent, base Present): done on Learn, PATCHed after the bulk.
    const reasserts = ['_0_1', '_1_1'].map((u) => intent(u, 'Absent', ['Present']));
    const plan = chooseBulk(decideRecords([...reasserts, ...marks], server), server, roll);
    expect(plan?.status).toBe('Present');
    expect(plan?.exceptions).toEqual([
      { userId: '_0_1', status: 'Absent', opId: 'op-_0_1', reassert: true },
      { userId: '_1_1', status: 'Absent', opId: 'op-_1_1', reassert: true },
    ]);
    // An op that landed but does not accept the bulk's status is no re-assert: no bulk.
    const landed = ['_0_1', '_1_1'].map((u) => intent(u, 'Absent', [null]));
    expect(chooseBulk(decideRecords([...landed, ...marks], server), server, roll)).toBeUndefined();
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
    expect(plan?.exceptions).toEqual([{ userId: '_0_1', status: 'Excused', opId: 'op-_0_1', reassert: false }]);
  });

  it('takes a status Learn has that Rollbook does not know as another status: a conflict, never overwritten or bulked over', () => {
    const server = new Map<string, ServerRecord>([['_0_1', { id: 1, status: 'Remote' }]]);
    // Seen as Absent here, "Remote" on Learn now: the instructor chooses.
    expect(decideRecords([intent('_0_1', 'Present', ['Absent'])], server)[0]?.kind).toBe('conflict');
    // Seen as "Remote" and marked Present: written.
    expect(decideRecords([intent('_0_1', 'Present', ['Remote'])], server)[0]).toMatchObject({ kind: 'write', method: 'PATCH' });
    // The rest of the roll marked Present: no bulk would put "Remote" back, so none is sent.
    const decisions = decideRecords(roll.slice(1).map((u) => intent(u, 'Present')), server);
    expect(chooseBulk(decisions, server, roll)).toBeUndefined();
    expect(bulkMightPay(decisions, server, 0)).toBe(false);
  });

  it('does not read the roster for a handful of edits', () => {
    const server = new Map<string, ServerRecord>(roll.map((u, i) => [u, { id: i + 1, status: i < 3 ? 'Absent' : 'Present' }]));
    const decisions = decideRecords([intent('_0_1', 'Present', ['Absent']), intent('_5_1', 'Late', ['Present'])], server);
    expect(bulkMightPay(decisions, server, 1)).toBe(false);
  });
});
