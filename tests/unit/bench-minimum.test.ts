import { describe, expect, it } from 'vitest';
import type { AttendanceStatus } from '../../shared/api/attendance';
import type { OutboxOp } from '../../shared/domain/outbox';
import { minimumRequests, type ServerBefore } from '../../bench/sync/minimum';
import { buildScenario } from '../../bench/sync/scenario';

/** The fewest requests the rules allow: a wrong number here would make the sync benchmark's ratio lie. */

const COURSE = 'courseId:PSYC-101-F26';
const roster = (n: number): string[] => Array.from({ length: n }, (_, i) => `_${1000 + i}_1`);
const fields = { title: 'Lecture', description: '', start: '2026-11-30T10:00:00Z', end: '2026-11-30T11:15:00Z' };

function server(students: string[], meetings = 24, records: Record<number, Record<string, AttendanceStatus>> = {}): ServerBefore {
  return {
    meetingCount: () => meetings,
    records: (_c, id) => new Map(Object.entries(records[id] ?? {})),
    roster: () => students,
  };
}

class Ops {
  list: OutboxOp[] = [];
  #n = 0;
  #base() {
    this.#n++;
    return { opId: `op-${this.#n}`, courseId: COURSE, at: '2026-11-23T12:00:00Z' };
  }
  create(localMeetingId: string): this {
    this.list.push({ ...this.#base(), kind: 'meeting.create', localMeetingId, fields });
    return this;
  }
  set(meeting: { localId: string } | { serverId: number }, userId: string, status: AttendanceStatus, baseStatus: AttendanceStatus | null = null): this {
    this.list.push({ ...this.#base(), kind: 'record.set', meeting, userId, status, baseStatus });
    return this;
  }
}

describe('minimum requests for a push', () => {
  it('a new 300-student roll with 12 exceptions: look up, create, roster, bulk, its check, 12 PATCHes', () => {
    const students = roster(300);
    const ops = new Ops().create('m1');
    students.forEach((u, i) => ops.set({ localId: 'm1' }, u, i < 12 ? 'Absent' : 'Present'));
    expect(minimumRequests(ops.list, server(students))).toEqual({
      total: 1 + 1 + 3 + 1 + 3 + 12,
      meetingLists: 1,
      creates: 1,
      meetingUpdates: 0,
      deletes: 0,
      recordReads: 0,
      rosterReads: 3,
      bulks: 1,
      bulkChecks: 3,
      recordWrites: 12,
    });
  });

  it('pays the meeting look-up and the roster once per course, however many meetings', () => {
    const students = roster(150);
    const ops = new Ops();
    for (const m of ['a', 'b', 'c']) {
      ops.create(m);
      for (const u of students) ops.set({ localId: m }, u, 'Present');
    }
    const min = minimumRequests(ops.list, server(students, 250));
    expect(min).toMatchObject({ meetingLists: 3, creates: 3, rosterReads: 2, bulks: 3, bulkChecks: 6, recordWrites: 0 });
    expect(min.total).toBe(3 + 3 + 2 + 3 + 6);
  });

  it('reads an existing meeting\'s records first (one page even when empty), never a created one\'s', () => {
    const students = roster(5);
    const ops = new Ops().set({ serverId: 7 }, students[0]!, 'Late', 'Present').set({ serverId: 9 }, students[1]!, 'Absent');
    const min = minimumRequests(ops.list, server(students, 24, { 7: Object.fromEntries(students.map((u) => [u, 'Present' as const])) }));
    expect(min).toMatchObject({ meetingLists: 0, creates: 0, recordReads: 2, rosterReads: 0, bulks: 0, recordWrites: 2, total: 4 });
  });

  it('counts only the last status per student, and nothing for one the server already holds', () => {
    const students = roster(3);
    const ops = new Ops()
      .set({ serverId: 7 }, students[0]!, 'Absent', 'Present')
      .set({ serverId: 7 }, students[0]!, 'Present', 'Present') // put back: the server already says so
      .set({ serverId: 7 }, students[1]!, 'Absent', 'Present')
      .set({ serverId: 7 }, students[1]!, 'Late', 'Present');
    const min = minimumRequests(ops.list, server(students, 24, { 7: Object.fromEntries(students.map((u) => [u, 'Present' as const])) }));
    expect(min).toMatchObject({ recordReads: 1, recordWrites: 1, total: 2 });
  });

  it('sends nothing for a conflict, and then no bulk for that meeting', () => {
    const students = roster(4);
    const ops = new Ops();
    for (const u of students) ops.set({ serverId: 7 }, u, 'Present', null);
    // Someone else marked the first student Excused in Learn since this device read the meeting.
    const min = minimumRequests(ops.list, server(students, 24, { 7: { [students[0]!]: 'Excused' } }));
    expect(min).toMatchObject({ recordReads: 1, rosterReads: 0, bulks: 0, recordWrites: 3, total: 4 });
  });

  it('writes one by one when the bulk and the roster read would not save a request', () => {
    const students = roster(3);
    const ops = new Ops().create('m1');
    students.forEach((u, i) => ops.set({ localId: 'm1' }, u, i === 0 ? 'Absent' : 'Present'));
    // Bulk: 1 roster page + 1 bulk + 1 exception = 3, the same as 3 writes: not fewer, so no bulk.
    expect(minimumRequests(ops.list, server(students))).toMatchObject({ rosterReads: 0, bulks: 0, recordWrites: 3, total: 1 + 1 + 3 });
  });

  it('never uses the bulk when a student on the roll would be marked by it alone, or moved without an op', () => {
    const students = roster(10);
    const partial = new Ops().create('m1');
    for (const u of students.slice(0, 9)) partial.set({ localId: 'm1' }, u, 'Present');
    expect(minimumRequests(partial.list, server(students))).toMatchObject({ bulks: 0, recordWrites: 9 });

    // Meeting 7 already has one student Absent; the device marks the other nine Present.
    const moved = new Ops();
    for (const u of students.slice(1)) moved.set({ serverId: 7 }, u, 'Present');
    expect(minimumRequests(moved.list, server(students, 24, { 7: { [students[0]!]: 'Absent' } }))).toMatchObject({ bulks: 0, recordWrites: 9 });
  });

  it('bulks for the plurality, not only a majority, and only when it is fewer requests', () => {
    const students = roster(10);
    const half = new Ops().create('m1');
    students.forEach((u, i) => half.set({ localId: 'm1' }, u, i < 5 ? 'Absent' : 'Present'));
    // 1 roster page + 1 bulk + 1 check + 5 exceptions = 8 < 10 writes.
    expect(minimumRequests(half.list, server(students))).toMatchObject({ rosterReads: 1, bulks: 1, bulkChecks: 1, recordWrites: 5 });
    const spread = new Ops().create('m1');
    students.forEach((u, i) => spread.set({ localId: 'm1' }, u, (['Absent', 'Present', 'Late', 'Excused'] as const)[i % 4]!));
    // 1 + 1 + 1 + 7 = 10: not fewer than the 10 writes.
    expect(minimumRequests(spread.list, server(students))).toMatchObject({ bulks: 0, recordWrites: 10 });
  });

  it('lets re-asserts stand behind the students a bulk moves, and counts what it touches off the roll', () => {
    // Meeting 7: two absences already on Learn, the other 8 marked Present now, the two re-asserted.
    const students = roster(10);
    const ops = new Ops();
    for (const u of students.slice(0, 2)) ops.set({ serverId: 7 }, u, 'Absent', 'Present');
    for (const u of students.slice(2)) ops.set({ serverId: 7 }, u, 'Present');
    const held = server(students, 24, { 7: { [students[0]!]: 'Absent', [students[1]!]: 'Absent' } });
    // 1 read + 1 roster page + 1 bulk + 1 check + 2 re-asserts = 6 < 1 + 8.
    expect(minimumRequests(ops.list, held)).toMatchObject({ recordReads: 1, rosterReads: 1, bulks: 1, bulkChecks: 1, recordWrites: 2, total: 6 });
    // A bulk that also sets 2 members off the roll pays for putting them back: 8, still fewer than 9.
    expect(minimumRequests(ops.list, { ...held, offRoll: () => 2 })).toMatchObject({ bulks: 1, recordWrites: 4, total: 8 });
  });

  it('gives the benchmark\'s 40 meetings 664 requests: 1 look-up, 30 creates, 10 reads, 3 roster pages, 40 bulks and their checks, 460 exceptions', () => {
    const students = roster(300);
    const scenario = buildScenario(COURSE, students, 40, [101, 102, 103, 104, 105, 106, 107, 108, 109, 110]);
    expect(scenario.records).toBe(12_000);
    expect(scenario.meetings.map((m) => m.kind).slice(0, 4)).toEqual(['all present', 'exceptions', 'edited', 'existing']);
    const min = minimumRequests(scenario.ops, server(students, 34));
    // exceptions and existing meetings: 15 each; edited: 16 (8 Absent, 8 Late); all present: none.
    expect(min).toEqual({ total: 664, meetingLists: 1, creates: 30, meetingUpdates: 0, deletes: 0, recordReads: 10, rosterReads: 3, bulks: 40, bulkChecks: 120, recordWrites: 20 * 15 + 10 * 16 });
    const exceptions = scenario.meetings.reduce((n, m) => n + [...m.intent.values()].filter((s) => s !== 'Present').length, 0);
    expect(exceptions).toBe(min.recordWrites);
  });
});
