import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ATTENDANCE_STATUSES, type AttendanceStatus } from '../../shared/api/attendance';
import { gridCsv, longCsv, type ExportOptions } from '../../shared/csv/export';
import { exportWords } from '../../shared/csv/export-words';
import { en } from '../../shared/i18n/messages/en';
import { ar } from '../../shared/i18n/messages/ar';
import { de } from '../../shared/i18n/messages/de';
import { es } from '../../shared/i18n/messages/es';
import { fr } from '../../shared/i18n/messages/fr';
import { nl } from '../../shared/i18n/messages/nl';
import { translator } from '../../shared/i18n/translate';
import { countOutcomes } from '../../shared/csv/plan';
import { planFile } from '../../shared/csv/pipeline';
import { recordKey, type AttendanceSheet } from '../../shared/csv/sheet';

/**
 * export then import of the same course is a no-op. Over random courses —
 * names with commas, quotes, newlines, accents and formula triggers, meetings with and without a
 * Learn id, any statuses — both shapes, both delimiters, with and without a BOM, the grid in each
 * of the six languages: the preview of
 * the exported file has every record unchanged, and nothing new, changed or in error.
 */
const text = fc.string({ unit: fc.constantFrom('a', 'Z', 'é', 'ü', 'ñ', ',', ';', '"', "'", ' ', '\n', '=', '+', '-', '@', '\t', '1', 'ß', '漢'), maxLength: 12 });

const sheetArb = fc
  .record({
    students: fc.uniqueArray(fc.record({ given: text, family: text, sid: fc.option(text, { nil: undefined }) }), { minLength: 1, maxLength: 12, selector: () => Math.random() }),
    meetings: fc.array(fc.record({ title: text, synced: fc.boolean(), minutes: fc.integer({ min: 0, max: 59 }) }), { minLength: 1, maxLength: 6 }),
    marks: fc.array(fc.option(fc.constantFrom(...ATTENDANCE_STATUSES), { nil: null }), { minLength: 72, maxLength: 72 }),
  })
  .map(({ students, meetings, marks }): AttendanceSheet => {
    const sheetStudents = students.map((s, i) => ({
      userId: `_${200 + i}_1`,
      userName: `student${i}`,
      givenName: s.given,
      familyName: s.family,
      ...(s.sid !== undefined ? { studentId: s.sid } : {}),
    }));
    const sheetMeetings = meetings.map((m, i) => {
      const start = new Date(2026, 8, 1 + i, 9, m.minutes).toISOString(); // one a day: starts never collide
      return { key: m.synced ? String(1000 + i) : `local-${i}`, ...(m.synced ? { serverId: 1000 + i } : {}), title: m.title, start, end: new Date(Date.parse(start) + 3_600_000).toISOString() };
    });
    const statuses = new Map<string, AttendanceStatus>();
    let n = 0;
    for (const m of sheetMeetings) {
      for (const s of sheetStudents) {
        const mark = marks[n++ % marks.length];
        if (mark) statuses.set(recordKey(m.key, s.userId), mark);
      }
    }
    return { courseId: '_12_1', courseCode: 'PSYC-101-F26', students: sheetStudents, meetings: sheetMeetings, statuses };
  });

/** Each language's export words: a grid exported in any of them imports back unchanged. */
const LANGUAGES = { en, es, fr, de, nl, ar } as const;
const WORDS = Object.entries(LANGUAGES).map(([locale, catalogue]) => exportWords(translator(locale as keyof typeof LANGUAGES, catalogue, en)));

const optionsArb = fc.record<ExportOptions>({ delimiter: fc.constantFrom(',', ';'), bom: fc.boolean(), words: fc.constantFrom(...WORDS) });

describe('export then import', () => {
  it.each([
    ['grid', gridCsv],
    ['long', longCsv],
  ] as const)('of the %s is a no-op', (_shape, exporter) => {
    fc.assert(
      fc.property(sheetArb, optionsArb, (sheet, options) => {
        const bytes = new TextEncoder().encode(exporter(sheet, options));
        const f = planFile(bytes, sheet);
        expect(f.mappingProblems).toEqual([]);
        expect(f.parseProblems).toEqual([]);
        expect(f.delimiter).toBe(options.delimiter);
        expect(countOutcomes(f.planner.items, new Set())).toEqual({ new: 0, changed: 0, unchanged: sheet.statuses.size, error: 0 });
        expect(f.planner.missing).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });
});
