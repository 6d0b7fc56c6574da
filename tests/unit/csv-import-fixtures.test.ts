import { describe, expect, it } from 'vitest';
import { countOutcomes, writesOf, type PlanItem } from '../../shared/csv/plan';
import { planFile } from '../../shared/csv/pipeline';
import { fixture, fixtureSheet } from './csv-support';
import { inEnglish } from '../support/english';

/** Each messy file of tests/fixtures/csv imports with the expected result. */

const NONE = new Set<number>();
const brief = (items: readonly PlanItem[]) => items.map((i) => ({ line: i.line, userId: i.userId, meetingKey: i.meetingKey, after: i.after, outcome: i.outcome }));

describe('CSV import fixtures', () => {
  it('reads an Excel grid: UTF-8 BOM, CRLF, quoted comma in a meeting title, mixed-case words, totals ignored', () => {
    const f = planFile(fixture('grid-excel-bom-crlf.csv'), fixtureSheet());
    expect(f.encoding).toBe('utf-8-bom');
    expect(f.delimiter).toBe(',');
    expect(f.header[0]).toBe('Name'); // no BOM left on the first header
    expect(f.mapping).toMatchObject({ shape: 'grid', studentKey: 'userName', studentColumn: 1, meetingColumns: [3, 4, 5] });
    expect(countOutcomes(f.planner.items, NONE)).toEqual({ new: 6, changed: 1, unchanged: 1, error: 0 });
    expect(brief(f.planner.items)).toEqual([
      { line: 2, userId: '_101_1', meetingKey: '1001', after: 'Present', outcome: 'unchanged' },
      { line: 2, userId: '_101_1', meetingKey: '1002', after: 'Late', outcome: 'new' },
      { line: 2, userId: '_101_1', meetingKey: '1003', after: 'Present', outcome: 'new' },
      { line: 3, userId: '_102_1', meetingKey: '1001', after: 'Present', outcome: 'changed' },
      { line: 3, userId: '_102_1', meetingKey: '1002', after: 'Excused', outcome: 'new' },
      { line: 4, userId: '_103_1', meetingKey: '1001', after: 'Present', outcome: 'new' },
      { line: 4, userId: '_103_1', meetingKey: '1002', after: 'Present', outcome: 'new' },
      { line: 4, userId: '_103_1', meetingKey: '1003', after: 'Absent', outcome: 'new' },
    ]);
    expect(f.planner.items[3]?.before).toBe('Absent');
  });

  it('reads the long format with LF, a quoted newline and quoted commas, by Learn user id, keeping line numbers', () => {
    const f = planFile(fixture('long-lf-quoted.csv'), fixtureSheet());
    expect(f.encoding).toBe('utf-8');
    expect(f.mapping).toMatchObject({ shape: 'long', studentKey: 'userId', studentColumn: 5, statusColumn: 11, meetingIdColumn: 1 });
    // The first record spans lines 2-3; the next starts on line 4.
    expect(brief(f.planner.items)).toEqual([
      { line: 2, userId: '_104_1', meetingKey: '1002', after: 'Late', outcome: 'new' },
      { line: 4, userId: '_106_1', meetingKey: '1002', after: 'Excused', outcome: 'new' },
      { line: 5, userId: '_101_1', meetingKey: '1001', after: 'Absent', outcome: 'changed' },
    ]);
  });

  it('reads Windows-1252 with semicolons and trailing delimiters, matching accented "Last, First" names', () => {
    const f = planFile(fixture('semicolon-windows1252.csv'), fixtureSheet());
    expect(f.encoding).toBe('windows-1252');
    expect(f.delimiter).toBe(';');
    expect(f.header).toEqual(['Student', '2026-09-01 Lecture 1', '2026-09-10 Lab']);
    expect(f.mapping).toMatchObject({ shape: 'grid', studentKey: 'name', meetingColumns: [1, 2] });
    expect(countOutcomes(f.planner.items, NONE)).toEqual({ new: 4, changed: 1, unchanged: 0, error: 1 });
    const error = f.planner.items.find((i) => i.outcome === 'error');
    expect(error).toMatchObject({ line: 4, student: "O'Brien, Seán (sobrien)" });
    expect(inEnglish(error?.reason)).toMatch(/^unknown status “x” in column “2026-09-01 Lecture 1”: use one of Present, Absent, Late, Excused/);
  });

  it('skips blank and delimiter-only lines but counts them, matching by student id and a date-and-time column', () => {
    const f = planFile(fixture('blank-lines-trailing.csv'), fixtureSheet());
    expect(f.mapping).toMatchObject({ shape: 'grid', studentKey: 'studentId', meetingColumns: [1] });
    expect(brief(f.planner.items)).toEqual([
      { line: 3, userId: '_101_1', meetingKey: '1002', after: 'Present', outcome: 'new' },
      { line: 5, userId: '_102_1', meetingKey: '1002', after: 'Absent', outcome: 'new' },
      { line: 8, userId: '_103_1', meetingKey: '1002', after: 'Late', outcome: 'new' },
    ]);
  });

  it('finds a student whose name looks like a formula (exported neutralised) and never reads "=1+2" or "-5" as a status', () => {
    const f = planFile(fixture('formula-names.csv'), fixtureSheet());
    expect(f.mapping.studentKey).toBe('name');
    expect(brief(f.planner.items)).toEqual([
      { line: 2, userId: '_105_1', meetingKey: '1003', after: 'Present', outcome: 'new' },
      { line: 3, userId: '_101_1', meetingKey: '1003', after: null, outcome: 'error' },
      { line: 4, userId: '_106_1', meetingKey: '1003', after: null, outcome: 'error' },
    ]);
    expect(inEnglish(f.planner.items[1]?.reason)).toContain('unknown status “=1+2”');
    expect(inEnglish(f.planner.items[2]?.reason)).toContain('unknown status “-5”');
  });

  it('reads tab-separated files matching by email (any case), meeting by start and title', () => {
    const f = planFile(fixture('email-tab.csv'), fixtureSheet());
    expect(f.delimiter).toBe('\t');
    expect(f.mapping).toMatchObject({ shape: 'long', studentKey: 'email', statusColumn: 3, startColumn: 2, meetingTitleColumn: 1 });
    expect(brief(f.planner.items)).toEqual([
      { line: 2, userId: '_101_1', meetingKey: '1003', after: 'Present', outcome: 'new' },
      { line: 3, userId: '_106_1', meetingKey: '1003', after: 'Absent', outcome: 'new' },
    ]);
  });

  it('reports every bad row by line number with the reason, and offers to create a missing meeting', () => {
    const f = planFile(fixture('bad-rows.csv'), fixtureSheet());
    const errors = f.planner.items.filter((i) => i.outcome === 'error').map((i) => [i.line, inEnglish(i.reason)]);
    expect(errors).toEqual([
      [3, 'unknown student: no one in this course has user name “nobody” (check the file, or open the course online to refresh its roster)'],
      [4, expect.stringMatching(/^unknown status “Prezent”: use one of/)],
      [5, 'duplicate row: line 2 already sets this student’s status at this meeting (that line is used)'],
      [6, expect.stringMatching(/^meeting not found: Field trip \(2026-09-20 08:00\) is not in this course/)],
      [7, expect.stringMatching(/^meeting not found: Field trip/)],
      [8, 'meeting id 9999 is not a meeting of this course'],
      [9, 'no student: the “User name” cell is empty'],
      [10, 'the status is empty'],
    ]);
    expect(f.planner.items[0]).toMatchObject({ line: 2, outcome: 'unchanged' });
    expect(f.planner.missing).toEqual([{ title: 'Field trip', start: new Date(2026, 8, 20, 8, 0).toISOString(), end: new Date(2026, 8, 20, 9, 0).toISOString(), firstLine: 6, records: 2 }]);

    // Choosing to create it turns its two records into new ones, and only those are written.
    const create = new Set([0]);
    expect(countOutcomes(f.planner.items, create)).toEqual({ new: 2, changed: 0, unchanged: 1, error: 6 });
    const writes = writesOf(f.planner.items, f.planner.missing, create);
    expect(writes.existing.size).toBe(0);
    expect(writes.created).toEqual([{ meeting: f.planner.missing[0], records: [{ userId: '_103_1', status: 'Present' }, { userId: '_106_1', status: 'Late' }] }]);
    expect(writesOf(f.planner.items, f.planner.missing, NONE).created).toEqual([]);
  });

  it('reports an unclosed quote by the line it starts on', () => {
    const bytes = new TextEncoder().encode('User name,Meeting ID,Status\nmokafor,1001,P\njmuller,1001,"P\nrnunez,1001,A\n');
    const f = planFile(bytes, fixtureSheet());
    expect(f.parseProblems.map((p) => ({ line: p.line, reason: inEnglish(p.reason) }))).toEqual([{ line: 3, reason: expect.stringContaining('a quoted cell is never closed') }]);
  });
});
