import { describe, expect, it } from 'vitest';
import { countOutcomes } from '../../shared/csv/plan';
import { planFile } from '../../shared/csv/pipeline';
import { recordKey, type AttendanceSheet } from '../../shared/csv/sheet';
import { largeFile } from '../fixtures/csv/generate-large';

/**
 * The 100,000-row file (generated here, not committed): 1,000 students x 100 meetings, status
 * words in every spelling. Parsed and planned by the same code the worker and the screen run;
 * writing it to the store is measured by `npm run bench` (bench/sections/csv.ts).
 */
describe('the 100,000-row import file', () => {
  it('reads every row with its line number and plans each as the status it names', () => {
    const file = largeFile(1000, 100);
    const sheet: AttendanceSheet = {
      courseId: file.courseId,
      courseCode: 'PSYC-101-F26',
      students: file.roster,
      meetings: file.meetings.map((m) => ({ key: String(m.id), serverId: m.id, title: m.title ?? '', start: m.start, end: m.end ?? null })),
      // Ten records already there with the status the file gives them, ten with another one.
      statuses: new Map([
        ...file.roster.slice(0, 10).map((s) => [recordKey('2001', s.userId), 'Present'] as const),
        ...file.roster.slice(10, 20).map((s) => [recordKey('2001', s.userId), 'Excused'] as const),
      ]),
    };
    const f = planFile(new TextEncoder().encode(file.csv), sheet);
    expect(f.rows).toHaveLength(100_000);
    expect(f.rows.at(-1)?.line).toBe(100_001);
    expect(f.parseProblems).toEqual([]);
    expect(f.mapping).toMatchObject({ shape: 'long', studentKey: 'userId' });

    const items = f.planner.items;
    expect(items).toHaveLength(100_000);
    const firstTwenty = items.slice(0, 20);
    const expected = (i: number) => ({ Present: 'Present', P: 'Present', present: 'Present', PRESENT: 'Present', '1': 'Present', absent: 'Absent', A: 'Absent', '0': 'Absent', Late: 'Late', l: 'Late', Excused: 'Excused', e: 'Excused' })[file.csv.split('\r\n')[i + 1]!.split(',').at(-1)!];
    expect(firstTwenty.map((item) => item.after)).toEqual(firstTwenty.map((_, i) => expected(i)));
    const unchanged = firstTwenty.slice(0, 10).filter((i) => i.after === 'Present').length + firstTwenty.slice(10).filter((i) => i.after === 'Excused').length;
    expect(countOutcomes(items, new Set())).toEqual({ new: 99_980, changed: 20 - unchanged, unchanged, error: 0 });
  }, 120_000);
});
