import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dateOrderOf } from '../../shared/csv/date-order';
import { isoDay, partsOf, scanDate, type ScannedDate } from '../../shared/csv/dates';
import { readStatusWord } from '../../shared/csv/status-words';
import { guessMapping } from '../../shared/csv/mapping';
import { inEnglish } from '../support/english';

/** The date as read in `order`, `YYYY-MM-DD HH:MM` (time when given) and what followed it. */
function read(text: string, order: 'dmy' | 'mdy' = 'dmy'): string | null {
  const s = scanDate(text);
  if (!s) return null;
  const p = partsOf(s, order);
  if (!p) return 'not a date';
  const t = p.time ? ` ${String(p.time.hour).padStart(2, '0')}:${String(p.time.minute).padStart(2, '0')}` : '';
  return `${isoDay(p)}${t}${s.rest ? ` | ${s.rest}` : ''}`;
}

describe('dates as spreadsheets write them', () => {
  it.each([
    ['2026-08-31', '2026-08-31'],
    ['2026-08-31 14:05 Lecture 1', '2026-08-31 14:05 | Lecture 1'],
    ['2026-09-01T09:00 Lab', '2026-09-01 09:00 | Lab'],
    // Learn's grade-center download titles its columns like this.
    ['Aug 31, 2026', '2026-08-31'],
    ['August 31, 2026 2:05 PM', '2026-08-31 14:05'],
    ['Mon, Aug 31, 2026', '2026-08-31'],
    ['31 Aug 2026', '2026-08-31'],
    ['31-Aug-2026', '2026-08-31'],
    ['31. August 2026 Vorlesung', '2026-08-31 | Vorlesung'],
    ['2. März 2026 Übung', '2026-03-02 | Übung'],
    ['31 août 2026 14:05', '2026-08-31 14:05'],
    ['1er sept. 2026', '2026-09-01'],
    ['31 de agosto de 2026', '2026-08-31'],
    ['31.08.2026 14:05', '2026-08-31 14:05'],
    ['31/08/2026', '2026-08-31'],
    ['8/31/2026 2:05 PM', 'not a date'],
    ['12/31/2026 12:30 AM', 'not a date'],
    ['2.9.26', '2026-09-02'],
    ['Attendance %', null],
    ['Total', null],
    ['12 Angry Men 2026', null],
    ['31.02.2026', 'not a date'],
  ])('%s (day first) is %s', (text, expected) => {
    expect(read(text, 'dmy')).toBe(expected);
  });

  it.each([
    ['8/31/2026 2:05 PM', '2026-08-31 14:05'],
    ['12/31/2026 12:30 AM', '2026-12-31 00:30'],
    ['09/02/2026 14:05:00', '2026-09-02 14:05'],
    ['02.09.2026', '2026-02-09'],
  ])('%s (month first) is %s', (text, expected) => {
    expect(read(text, 'mdy')).toBe(expected);
  });

  it('reads an ISO time with a zone as the instant Learn means', () => {
    const s = scanDate('2026-09-01T13:00:00.000Z');
    expect(s?.kind).toBe('instant');
    expect(s?.kind === 'instant' && s.date.toISOString()).toBe('2026-09-01T13:00:00.000Z');
  });

  it('reads every real date written day first with dots, and finds it again', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date(2000, 0, 1), max: new Date(2099, 11, 31), noInvalidDate: true }), (d) => {
        const text = `${String(d.getDate()).padStart(2, '0')}.${String(d.getMonth() + 1).padStart(2, '0')}.${d.getFullYear()}`;
        const day = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
        expect(read(text, 'dmy')).toBe(day);
      }),
      { numRuns: 500 },
    );
  });
});

describe('which number is the day, decided from the whole file', () => {
  const scan = (...texts: string[]): ScannedDate[] => texts.map((t) => scanDate(t)!);
  const none = new Set<string>();

  it('a day above 12 anywhere decides, with the date that proves it', () => {
    const r = dateOrderOf(scan('02.09.2026', '09.09.2026', '16.09.2026'), none, true);
    expect(r).toMatchObject({ order: 'dmy', basis: 'certain', flippable: false });
    expect(inEnglish(r.reason)).toBe('“16.09.2026” can only be read day first.');
  });

  it('a second number above 12 means month first', () => {
    expect(dateOrderOf(scan('09/02/2026', '09/16/2026'), none, false)).toMatchObject({ order: 'mdy', basis: 'certain' });
  });

  it("the course's meeting days decide when the numbers cannot, and the user may still flip", () => {
    const r = dateOrderOf(scan('02.09.2026', '09.09.2026'), new Set(['2026-09-02', '2026-09-09']), false);
    expect(r).toMatchObject({ order: 'dmy', basis: 'course', flippable: true });
    expect(r.example).toEqual({ text: '02.09.2026', dmy: '2026-09-02', mdy: '2026-02-09' });
  });

  it('otherwise the user chooses: the usual reading is offered first, never taken silently', () => {
    const dots = dateOrderOf(scan('02.09.2026', '09.09.2026'), none, true);
    expect(dots).toMatchObject({ order: null, likely: 'dmy', basis: 'usual' });
    const slashesInUs = dateOrderOf(scan('02/09/2026'), none, true);
    expect(slashesInUs).toMatchObject({ order: null, likely: 'mdy', basis: 'usual' });
    expect(dateOrderOf(scan('02/09/2026'), none, false)).toMatchObject({ order: null, likely: 'dmy' });
    expect(guessMapping(['User name', '02.09.2026']).dateOrder).toBe('dmy'); // the header-only guess; import-guess.ts decides
  });

  it('dates that disagree with each other are named', () => {
    const r = dateOrderOf(scan('13.09.2026', '09.13.2026'), none, false);
    expect(r).toMatchObject({ order: null, basis: 'impossible' });
    expect(inEnglish(r.reason)).toContain('not a date either way');
  });

  it('files that name their months need no choice', () => {
    expect(dateOrderOf(scan('Aug 31, 2026', '2026-09-01'), none, true)).toMatchObject({ order: 'dmy', basis: 'no-numeric-dates' });
  });
});

describe('status words in German, French and Spanish', () => {
  it.each([
    ['anwesend', 'Present'],
    ['Abwesend', 'Absent'],
    ['verspätet', 'Late'],
    ['Entschuldigt', 'Excused'],
    ['Présent', 'Present'],
    ['En retard', 'Late'],
    ['Excusé', 'Excused'],
    ['presente', 'Present'],
    ['Ausente', 'Absent'],
    ['tarde', 'Late'],
    ['Justificada', 'Excused'],
    // One letter stays English: "A" is Absent, though a German might mean "anwesend".
    ['A', 'Absent'],
  ])('%s is %s', (word, status) => {
    expect(readStatusWord(word)).toEqual({ kind: 'status', status });
  });
});
