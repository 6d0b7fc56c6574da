import { describe, expect, it } from 'vitest';
import { estimateImport, holdsOf, meetingsToSend } from '../../renderer/src/features/attendance-csv/import-estimate';
import type { ImportWrites } from '../../shared/csv/plan';
import { recordKey, type AttendanceSheet } from '../../shared/csv/sheet';

/** A course of 150 students with one meeting on Learn where the first 100 are Present. */
const students = Array.from({ length: 150 }, (_, i) => ({ userId: `u${i}`, userName: `s${i}`, givenName: 'A', familyName: `B${i}` }));
const sheet: AttendanceSheet = {
  courseId: '_1_1',
  courseCode: 'C-1',
  students,
  meetings: [{ key: '7', serverId: 7, title: 'Week 1', start: '2026-09-01T09:00:00.000Z', end: null }],
  statuses: new Map(students.slice(0, 100).map((s) => [recordKey('7', s.userId), 'Present'])),
};
const missing = [{ title: 'Week 2', start: '2026-09-08T09:00:00.000Z', end: '2026-09-08T10:00:00.000Z', firstLine: 2, records: 150 }];
/** The file marks the 50 unmarked students of week 1 Absent, and everyone Late in week 2 (a new meeting). */
const writes: ImportWrites = {
  existing: new Map([['7', students.slice(100).map((s) => ({ userId: s.userId, status: 'Absent' }))]]),
  created: [{ meeting: missing[0]!, records: students.map((s) => ({ userId: s.userId, status: 'Late' })) }],
};

describe("the import's request plan from the course on this device", () => {
  it("counts each meeting's statuses once the file is in, with what Learn holds already", () => {
    const { course, meetings, refs } = meetingsToSend(sheet, writes, missing);
    expect(course).toEqual({ rosterSize: 150, meetingsOnLearn: 1 });
    expect(meetings).toEqual([
      { start: '2026-09-01T09:00:00.000Z', onLearn: true, recordsOnLearn: 100, writes: 50, final: { Present: 100, Absent: 50 }, unmarked: 0 },
      { start: '2026-09-08T09:00:00.000Z', onLearn: false, recordsOnLearn: 0, writes: 150, final: { Late: 150 }, unmarked: 0 },
    ]);
    expect(refs).toEqual([{ key: '7' }, { missing: 0 }]);
  });

  it('holds the newer meeting for the next day when both do not fit today', () => {
    // Roster 2 pages + meeting list 1; week 1: 1 page + 50 PATCHes; week 2: POST + bulk + 2 pages of check.
    const budget = { limit: 200, remaining: 75, resetAt: '2026-11-29T02:00:00.000Z', observedAt: '2026-11-28T10:00:00.000Z', reserve: 10 };
    const estimate = estimateImport(sheet, writes, missing, budget, Date.parse('2026-11-28T10:00:00.000Z'));
    expect(estimate.requests).toBe(2 + 1 + (1 + 50) + (1 + 1 + 2));
    // Room today 75 - (10 + 10) = 55: week 1 (2 + 51 = 53) fits, both (58) do not: week 2 waits for the reset.
    expect(estimate.days.map((d) => [d.meetingsOf, d.requests, d.startsAt])).toEqual([
      [[{ key: '7' }], 53, undefined],
      [[{ missing: 0 }], 2 + 1 + 4, '2026-11-29T02:00:00.000Z'],
    ]);
    expect(holdsOf(estimate)).toEqual({ existing: new Map(), missing: new Map([[0, '2026-11-29T02:00:00.000Z']]) });
  });

  it('reads a budget last seen before a reset as a whole new day', () => {
    const stale = { limit: 200, remaining: 3, resetAt: '2026-11-28T02:00:00.000Z', observedAt: '2026-11-27T22:00:00.000Z', reserve: 10 };
    const estimate = estimateImport(sheet, writes, missing, stale, Date.parse('2026-11-28T10:00:00.000Z'));
    expect(estimate.budget).toMatchObject({ remaining: 200, resetAt: '2026-11-29T02:00:00.000Z' });
    expect(estimate.days).toHaveLength(1);
  });
});
