import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { exportFileName, gridCsv, longCsv, LONG_COLUMNS, reportCsv } from '../../shared/csv/export';
import { neutraliseCell, restoreCell } from '../../shared/csv/formula';
import { summarise } from '../../shared/csv/report';
import { fixtureSheet } from './csv-support';

const rowsOf = (csv: string, delimiter = ','): string[][] => Papa.parse<string[]>(csv.replace(/^\ufeff/, ''), { delimiter, skipEmptyLines: true }).data;

describe('formula-injection rule', () => {
  it.each([
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+1 555 0100', "'+1 555 0100"],
    ['@SUM(1)', "'@SUM(1)"],
    ['-2+3', "'-2+3"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', "'\rcmd"],
    ["'=already", "''=already"],
    ['-5', '-5'],
    ['-0.25', '-0.25'],
    ['-1,5', '-1,5'],
    ['Okafor', 'Okafor'],
    ["O'Brien", "O'Brien"],
    ['', ''],
  ])('exports %j as %j and reads it back unchanged', (value, exported) => {
    expect(neutraliseCell(value)).toBe(exported);
    expect(restoreCell(neutraliseCell(value))).toBe(value);
  });

  it('keeps an apostrophe a user typed before a non-trigger', () => {
    expect(restoreCell("'Brien")).toBe("'Brien");
  });
});

describe('exports', () => {
  const sheet = fixtureSheet([
    ['1002', '_101_1', 'Late'],
    ['1003', '_101_1', 'Excused'],
    ['1002', '_102_1', 'Absent'],
    ['1003', '_102_1', 'Absent'],
  ]);

  it('writes the grid with CRLF, a BOM for Excel, one column per meeting, totals and the rate', () => {
    const csv = gridCsv(sheet, { delimiter: ',', bom: true });
    expect(csv.startsWith('\ufeffName,User name,Student ID,')).toBe(true);
    expect(csv.split('\r\n')).toHaveLength(sheet.students.length + 2); // header, rows, final CRLF
    expect(csv.replace(/\r\n/g, '')).not.toContain('\n');
    const [header, ...rows] = rowsOf(csv);
    const row = (userName: string): string[] | undefined => rows.find((r) => r[1] === userName);
    const [maya, jurgen, hacker] = [row('mokafor'), row('jmuller'), row('hacker')];
    expect(header).toEqual(['Name', 'User name', 'Student ID', '2026-09-01 09:00 Lecture 1', '2026-09-08 09:00 Lecture 2, part 1', '2026-09-10 14:00 Lab', 'Present', 'Absent', 'Late', 'Excused', 'Not marked', 'Attendance %']);
    expect(maya).toEqual(['Okafor, Maya', 'mokafor', 'S1001', 'Present', 'Late', 'Excused', '1', '0', '1', '1', '0', '100.0']);
    expect(jurgen).toEqual(['Müller, Jürgen', 'jmuller', 'S1002', 'Absent', 'Absent', 'Absent', '0', '3', '0', '0', '0', '0.0']);
    // The student whose name is a formula: neutralised, so Excel shows it as text.
    expect(hacker?.[0]).toBe(`'@SUM(1+1), =HYPERLINK("http://evil.example","x")`);
  });

  it('uses a decimal comma in a semicolon file, and no BOM unless asked', () => {
    const partial = fixtureSheet([['1002', '_101_1', 'Absent']]);
    const csv = gridCsv(partial, { delimiter: ';', bom: false });
    expect(csv.startsWith('Name;')).toBe(true);
    expect(rowsOf(csv, ';').find((r) => r[1] === 'mokafor')?.slice(-1)).toEqual(['50,0']);
  });

  it('writes the long format: the admins\' columns, one row per marked record', () => {
    const csv = longCsv(sheet, { delimiter: ',', bom: false });
    const [header, ...rows] = rowsOf(csv);
    expect(header).toEqual([...LONG_COLUMNS]);
    expect(rows).toHaveLength(6);
    expect(rows.find((r) => r[6] === 'mokafor')).toEqual(['PSYC-101-F26', '1001', 'Lecture 1', sheet.meetings[0]!.start, sheet.meetings[0]!.end, '_101_1', 'mokafor', 'NU-mokafor', 'S1001', 'Maya', 'Okafor', 'Present']);
  });

  it('reports counts, rate and who is over the absence threshold', () => {
    const summaries = summarise(sheet);
    expect(summaries.map((s) => [s.student.userName, s.counts.Absent, s.rate])).toEqual([
      ['mokafor', 0, 1],
      ['jmuller', 0 + 3, 0],
      ['rnunez', 0, null],
      ['sobrien', 0, null],
      ['hacker', 0, null],
      ['anguyen', 0, null],
    ]);
    const rows = rowsOf(reportCsv(sheet, 2, { delimiter: ',', bom: false }));
    expect(rows[0]?.slice(-3)).toEqual(['Not marked', 'Attendance %', 'Over 2 absences']);
    expect(rows.slice(1).map((r) => `${r[1]} ${r.at(-1)}`)).toEqual(['hacker No', 'jmuller Yes', 'anguyen No', 'rnunez No', 'sobrien No', 'mokafor No']);
  });

  it('lists students in the name order of the language, whatever order the sheet has: Álvarez before Zhang', () => {
    const mixed = { ...sheet, students: [...sheet.students].reverse().concat([{ userId: '_107_1', userName: 'wzhang', givenName: 'Wei', familyName: 'Zhang' }, { userId: '_108_1', userName: 'aalvarez', givenName: 'Ana', familyName: 'Álvarez' }]) };
    const expected = ['hacker', 'aalvarez', 'jmuller', 'anguyen', 'rnunez', 'sobrien', 'mokafor', 'wzhang'];
    const options = { delimiter: ',', bom: false, locale: 'en' } as const;
    expect(rowsOf(gridCsv(mixed, options)).slice(1).map((r) => r[1])).toEqual(expected);
    expect(rowsOf(reportCsv(mixed, 2, options)).slice(1).map((r) => r[1])).toEqual(expected);
    // Records: meeting by meeting, each meeting's students in name order.
    const records = rowsOf(longCsv(mixed, options)).slice(1).map((r) => `${r[1]} ${r[6]}`);
    expect(records.slice(0, 2)).toEqual(['1001 jmuller', '1001 mokafor']);
  });

  it('names the file by course, kind and date', () => {
    expect(exportFileName('PSYC-101-F26', 'grid', new Date(2026, 10, 23))).toBe('PSYC-101-F26 attendance grid 2026-11-23.csv');
    expect(exportFileName('PSYC-101-F26', 'long', new Date(2026, 0, 5))).toBe('PSYC-101-F26 attendance records 2026-01-05.csv');
  });
});
