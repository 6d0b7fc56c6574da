import { describe, expect, it } from 'vitest';
import { decodeCsv } from '../../shared/csv/decode';
import { countOutcomes, type PlanItem } from '../../shared/csv/plan';
import { planFile } from '../../shared/csv/pipeline';
import { localDateTime } from '../../shared/csv/sheet';
import { meetingsTouched } from '../../shared/csv/touched';
import { fixtureSheet } from './csv-support';

/**
 * Files written the way the tools instructors use write them: generated here from the
 * tools' conventions (encoding, delimiter, quoting, line ends, date and header language), then
 * imported into the fixture course (Lecture 1 on 1 Sep 09:00, Lecture 2 on 8 Sep 09:00, Lab on
 * 10 Sep 14:00).
 */
const NONE = new Set<number>();
const brief = (items: readonly PlanItem[]) => items.map((i) => `${i.line} ${i.userId ?? i.student} ${i.meetingKey ?? `missing ${String(i.missing)}`} ${i.after ?? '-'} ${i.outcome}`);

/** Learn's grade-center download: UTF-16LE with a mark, tab-separated, every cell quoted, CRLF, named .xls. */
function learnGradeCenter(rows: string[][]): Uint8Array {
  const text = rows.map((r) => r.map((c) => `"${c.replace(/"/g, '""')}"`).join('\t')).join('\r\n') + '\r\n';
  return new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]));
}

/** Excel's plain "CSV" on a German or French Windows: Windows-1252, semicolons, CRLF, quotes only where needed. */
function excelEuropean(rows: string[][]): Uint8Array {
  const cell = (c: string): string => (/[;"\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c);
  return new Uint8Array(Buffer.from(rows.map((r) => r.map(cell).join(';')).join('\r\n') + '\r\n', 'latin1'));
}

/** Google Sheets' "Download as CSV": UTF-8 without a mark, commas, LF, no final newline. */
function googleSheets(rows: string[][]): Uint8Array {
  const cell = (c: string): string => (/[,"\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c);
  return new TextEncoder().encode(rows.map((r) => r.map(cell).join(',')).join('\n'));
}

describe('files as the tools write them', () => {
  it("imports Learn's grade-center download: UTF-16 tabs, columns titled like Aug 31, 2026", () => {
    const f = planFile(
      learnGradeCenter([
        ['Last Name', 'First Name', 'Username', 'Student ID', 'Last Access', 'Availability', 'Sep 1, 2026', 'Sep 8, 2026', 'Sep 10, 2026'],
        ['Okafor', 'Maya', 'mokafor', 'S1001', 'Sep 10, 2026 3:01:12 PM', 'Yes', 'Present', 'Late', 'Present'],
        ['Müller', 'Jürgen', 'jmuller', 'S1002', '', 'Yes', 'Absent', 'Excused', ''],
      ]),
      fixtureSheet(),
    );
    expect(f.encoding).toBe('utf-16le');
    expect(f.delimiter).toBe('\t');
    expect(f.mapping).toMatchObject({ shape: 'grid', studentKey: 'userName', studentColumn: 2, meetingColumns: [6, 7, 8], dateOrder: 'dmy' });
    expect(f.dates.basis).toBe('no-numeric-dates');
    expect(f.mappingProblems).toEqual([]);
    expect(brief(f.planner.items)).toEqual([
      '2 _101_1 1001 Present unchanged',
      '2 _101_1 1002 Late new',
      '2 _101_1 1003 Present new',
      '3 _102_1 1001 Absent unchanged',
      '3 _102_1 1002 Excused new',
    ]);
  });

  it.each([
    ['a Dutch list: Gebruikersnaam,Datum,Aanwezigheid, Dutch status words', ['Gebruikersnaam', 'Datum', 'Aanwezigheid'], ['08-09-2026 09:00', '10-09-2026 14:00', '01-09-2026 09:00'], ['aanwezig', 'te laat', 'geoorloofd afwezig', 'afwezig']],
    ['an Arabic list: headers without a Latin letter, Arabic status words', ['اسم المستخدم', 'التاريخ', 'الحضور'], ['2026-09-08 09:00', '2026-09-10 14:00', '2026-09-01 09:00'], ['حاضرة', 'متأخر', 'غائب بعذر', 'غائب']],
  ])('imports %s (Google Sheets)', (_what, header, [second, lab, first], [present, late, excused, absent]) => {
    const f = planFile(
      googleSheets([header, ['mokafor', second!, present!], ['jmuller', lab!, late!], ['rnunez', first!, excused!], ['sobrien', second!, absent!]]),
      fixtureSheet(),
    );
    expect(f.mapping).toMatchObject({ shape: 'long', studentKey: 'userName', studentColumn: 0, startColumn: 1, statusColumn: 2 });
    expect(f.mappingProblems).toEqual([]);
    expect(brief(f.planner.items).map((line) => line.split(' ').slice(1).join(' '))).toEqual([
      '_101_1 1002 Present new',
      '_102_1 1003 Late new',
      '_103_1 1001 Excused new',
      '_104_1 1002 Absent new',
    ]);
  });

  it('imports a German Excel list: Benutzername;Datum;Status, day-first dates, German status words', () => {
    const f = planFile(
      excelEuropean([
        ['Benutzername', 'Datum', 'Status'],
        ['mokafor', '08.09.2026 09:00', 'anwesend'],
        ['jmuller', '10.09.2026 14:00', 'verspätet'],
        ['rnunez', '01.09.2026 09:00', 'entschuldigt'],
        ['sobrien', '15.09.2026 09:00', 'abwesend'],
      ]),
      fixtureSheet(),
    );
    expect(f.encoding).toBe('windows-1252');
    expect(f.mapping).toMatchObject({ shape: 'long', studentKey: 'userName', studentColumn: 0, startColumn: 1, statusColumn: 2, dateOrder: 'dmy' });
    expect(f.dates).toMatchObject({ basis: 'certain', reason: '"15.09.2026" can only be read day first.' });
    expect(brief(f.planner.items)).toEqual([
      '2 _101_1 1002 Present new',
      '3 _102_1 1003 Late new',
      '4 _103_1 1001 Excused new',
      '5 _104_1 missing 0 Absent error',
    ]);
    // The meeting on 15 September is offered to create, on the day the file means.
    expect(f.planner.missing.map((m) => localDateTime(m.start))).toEqual(['2026-09-15 09:00']);
  });

  it("reads an ambiguous German file by the course's meeting days, and says so", () => {
    const f = planFile(
      excelEuropean([
        ['Benutzername', 'Datum', 'Status'],
        ['mokafor', '08.09.2026', 'anwesend'],
        ['jmuller', '10.09.2026', 'abwesend'],
      ]),
      fixtureSheet(),
    );
    expect(f.dates).toMatchObject({ order: 'dmy', basis: 'course', flippable: true });
    // A date without a time is the course's meeting that day (Excel drops the time).
    expect(brief(f.planner.items)).toEqual(['2 _101_1 1002 Present new', '3 _102_1 1003 Absent new']);
  });

  it('asks before planning an ambiguous day-first file, and creates no meeting from it until asked', () => {
    const bytes = excelEuropean([
      ['Benutzername', 'Datum', 'Status'],
      ['mokafor', '02.09.2026 09:00', 'anwesend'],
      ['jmuller', '09.09.2026 09:00', 'abwesend'],
    ]);
    const asked = planFile(bytes, fixtureSheet());
    expect(asked.dates).toMatchObject({ order: null, likely: 'dmy', basis: 'usual', example: { text: '02.09.2026', dmy: '2 September 2026', mdy: '9 February 2026' } });
    expect(asked.mappingProblems).toEqual(['Choose how this file writes its dates: day first or month first.']);
    expect(asked.planner.items).toEqual([]);
    expect(asked.planner.missing).toEqual([]);
    // Once the user says "day first", the meetings are on 2 and 9 September, not in February.
    const chosen = planFile(bytes, fixtureSheet(), (guess) => ({ ...guess, dateOrder: 'dmy' }));
    expect(chosen.planner.missing.map((m) => localDateTime(m.start))).toEqual(['2026-09-02 09:00', '2026-09-09 09:00']);
  });

  it("imports a French Excel list: Nom d'utilisateur;Date;Statut with French words", () => {
    const f = planFile(
      excelEuropean([
        ["Nom d'utilisateur", 'Date', 'Statut'],
        ['mokafor', '01/09/2026 09:00', 'Présent'],
        ['jmuller', '10/09/2026 14:00', 'En retard'],
        ['rnunez', '22/09/2026 09:00', 'Excusé'],
      ]),
      fixtureSheet(),
    );
    expect(f.mapping).toMatchObject({ shape: 'long', studentKey: 'userName', startColumn: 1, statusColumn: 2, dateOrder: 'dmy' });
    expect(countOutcomes(f.planner.items, NONE)).toEqual({ new: 1, changed: 0, unchanged: 1, error: 1 });
    expect(brief(f.planner.items)).toEqual(['2 _101_1 1001 Present unchanged', '3 _102_1 1003 Late new', '4 _103_1 missing 0 Excused error']);
    expect(f.planner.missing.map((m) => localDateTime(m.start))).toEqual(['2026-09-22 09:00']);
  });

  it('imports a Google Sheets download from the United States: month-first dates with seconds', () => {
    const f = planFile(
      googleSheets([
        ['Username', 'Date', 'Status'],
        ['mokafor', '9/8/2026 9:00:00', 'Present'],
        ['anguyen', '9/10/2026 14:00:00', 'Absent'],
        ['sobrien', '9/15/2026 9:00:00', 'Late'],
      ]),
      fixtureSheet(),
      undefined,
      true,
    );
    expect(f.encoding).toBe('utf-8');
    expect(f.dates).toMatchObject({ order: 'mdy', basis: 'certain' });
    expect(brief(f.planner.items)).toEqual(['2 _101_1 1002 Present new', '3 _106_1 1003 Absent new', '4 _104_1 missing 0 Late error']);
    expect(f.planner.missing.map((m) => localDateTime(m.start))).toEqual(['2026-09-15 09:00']);
  });

  it('imports a Spanish list: Usuario;Fecha;Estado', () => {
    const f = planFile(
      excelEuropean([
        ['Usuario', 'Fecha', 'Estado'],
        ['mokafor', '08/09/2026 09:00', 'presente'],
        ['jmuller', '13/09/2026 09:00', 'ausente'],
      ]),
      fixtureSheet(),
    );
    expect(f.mapping).toMatchObject({ shape: 'long', studentColumn: 0, startColumn: 1, statusColumn: 2, dateOrder: 'dmy' });
    expect(brief(f.planner.items)).toEqual(['2 _101_1 1002 Present new', '3 _102_1 missing 0 Absent error']);
  });

  it('reads a file as the user says when the guess is wrong: the encoding chosen, its mark dropped', () => {
    const utf8 = new TextEncoder().encode('Name\r\nMüller\r\n');
    expect(decodeCsv(utf8).text).toContain('Müller');
    expect(decodeCsv(utf8, 'windows-1252')).toEqual({ text: 'Name\r\nMÃ¼ller\r\n', encoding: 'windows-1252' });
    const unmarked16 = new Uint8Array(Buffer.from('Name\tMüller', 'utf16le'));
    expect(decodeCsv(unmarked16, 'utf-16le').text).toBe('Name\tMüller');
    const marked = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]);
    expect(decodeCsv(marked, 'utf-8').text.startsWith('Name')).toBe(true);
  });

  it('names the meetings a file touches, so only those are read from Learn before the preview', () => {
    const long = planFile(googleSheets([['Username', 'Meeting id', 'Status'], ['mokafor', '1001', 'P'], ['jmuller', '1001', 'A'], ['rnunez', '1003', 'L'], ['sobrien', '999', 'P']]), fixtureSheet());
    expect(meetingsTouched(fixtureSheet(), long.header, long.mapping, long.rows).map((m) => m.key)).toEqual(['1001', '1003']);
    const grid = planFile(googleSheets([['Username', 'Sep 8, 2026', 'Total'], ['mokafor', 'P', '1']]), fixtureSheet());
    expect(meetingsTouched(fixtureSheet(), grid.header, grid.mapping, grid.rows).map((m) => m.key)).toEqual(['1002']);
  });

  it('reads students named in two columns, last and first, as French and Spanish lists write them', () => {
    const french = planFile(excelEuropean([['Nom', 'Prénom', 'Date', 'Statut'], ['Müller', 'Jürgen', '01/09/2026 09:00', 'Présent'], ["O'Brien", 'Seán', '10/09/2026 14:00', 'Absente']]), fixtureSheet());
    expect(french.mapping).toMatchObject({ studentKey: 'name', studentColumn: 0, givenNameColumn: 1, startColumn: 2, statusColumn: 3 });
    expect(brief(french.planner.items)).toEqual(['2 _102_1 1001 Present changed', '3 _104_1 1003 Absent new']);
    const spanish = planFile(excelEuropean([['Apellidos', 'Nombre', 'Fecha', 'Estado'], ['Núñez', 'Renée', '08/09/2026 09:00', 'tarde']]), fixtureSheet());
    expect(spanish.mapping).toMatchObject({ studentKey: 'name', studentColumn: 0, givenNameColumn: 1 });
    expect(brief(spanish.planner.items)).toEqual(['2 _103_1 1002 Late new']);
    // A user name column still wins over names: an id Learn assigns beats a name people type.
    expect(planFile(googleSheets([['Last Name', 'First Name', 'Username', 'Sep 1, 2026'], ['Okafor', 'Maya', 'mokafor', 'P']]), fixtureSheet()).mapping).toMatchObject({ studentKey: 'userName', studentColumn: 2, givenNameColumn: -1 });
  });
});
