import 'fake-indexeddb/auto'; // first: Dexie looks for indexedDB when it loads
import { describe, expect, it } from 'vitest';
import type { AllyCourseFile } from '../../shared/ipc/ally-channels';
import { savedFile, savedOverview, saveReports, worstFirst } from '../../renderer/src/features/accessibility/report-history';
import { COURSE, freshDb } from './db-fixtures';

/** The local history of Ally reports: one row per distinct report, the last read as the overview. */
function file(name: string, score: number | null, overrides: Partial<AllyCourseFile> = {}): AllyCourseFile {
  const hash = (overrides.hash ?? name.length.toString(16).padStart(2, '0').repeat(32)).slice(0, 64);
  return {
    fileKey: `_${name.length}_1/_${name.length + 100}_1`,
    contentId: `_${name.length}_1`,
    attachmentId: `_${name.length + 100}_1`,
    itemTitle: name,
    folderPath: ['Week 1'],
    fileName: name,
    mimeType: 'application/pdf',
    bytes: 1000,
    hash,
    state: score === null ? 'unknown' : 'checked',
    information:
      score === null
        ? null
        : {
            hash,
            feedback: { score, visibility: score < 1 / 3 ? 'low' : 'medium', report: { results: { Tagged: { score: 0 } }, suggestions: { Tagged: 0.9 } } },
            formats: null,
            metadata: { name, fileType: 'pdf', mimeType: 'application/pdf' },
          },
    ...overrides,
  };
}

describe('saving Ally reports', () => {
  it('keeps one row while a report stays the same and adds one when the score changes', async () => {
    const db = await freshDb();
    const a = file('Syllabus.pdf', 0.4);
    await saveReports(db, COURSE, [a, file('Notes.pdf', 0.9)], '2026-11-01T10:00:00.000Z');
    await saveReports(db, COURSE, [a, file('Notes.pdf', 0.9)], '2026-11-02T10:00:00.000Z');
    expect(await db.allyReports.count()).toBe(2);

    const fixed = file('Syllabus.pdf', 0.8);
    await saveReports(db, COURSE, [fixed, file('Notes.pdf', 0.9)], '2026-11-03T10:00:00.000Z');
    expect(await db.allyReports.count()).toBe(3);

    const { file: latest, history, fetchedAt } = await savedFile(db, COURSE, a.fileKey);
    expect(latest?.information?.feedback?.score).toBe(0.8);
    expect(fetchedAt).toBe('2026-11-03T10:00:00.000Z');
    expect(history).toEqual([
      { score: 0.4, from: '2026-11-01T10:00:00.000Z', to: '2026-11-02T10:00:00.000Z', hash: a.hash },
      { score: 0.8, from: '2026-11-03T10:00:00.000Z', to: '2026-11-03T10:00:00.000Z', hash: a.hash },
    ]);
  });

  it('shows as the overview only the files of the last read, with its time', async () => {
    const db = await freshDb();
    await saveReports(db, COURSE, [file('Old handout.pdf', 0.2), file('Syllabus.pdf', 0.5)], '2026-11-01T10:00:00.000Z');
    await saveReports(db, COURSE, [file('Syllabus.pdf', 0.5)], '2026-11-02T10:00:00.000Z');
    const overview = await savedOverview(db, COURSE);
    expect(overview.fetchedAt).toBe('2026-11-02T10:00:00.000Z');
    expect(overview.files.map((f) => f.fileName)).toEqual(['Syllabus.pdf']);
    expect(await savedOverview(db, 'another course')).toEqual({ fetchedAt: null, files: [], histories: new Map() });
  });

  it('updates one file after it is sent to Ally without hiding the others', async () => {
    const db = await freshDb();
    const unknown = file('New handout.pdf', null);
    await saveReports(db, COURSE, [unknown, file('Syllabus.pdf', 0.5)], '2026-11-01T10:00:00.000Z');
    await saveReports(db, COURSE, [{ ...file('New handout.pdf', 0.3), fileKey: unknown.fileKey }], '2026-11-01T10:05:00.000Z', { wholeCourse: false });
    const overview = await savedOverview(db, COURSE);
    expect(overview.fetchedAt).toBe('2026-11-01T10:00:00.000Z');
    expect(overview.files.map((f) => [f.fileName, f.state, f.information?.feedback?.score ?? null])).toEqual([
      ['New handout.pdf', 'checked', 0.3],
      ['Syllabus.pdf', 'checked', 0.5],
    ]);
  });

  it('skips a stored row that is not a file entry instead of trusting it', async () => {
    const db = await freshDb();
    await saveReports(db, COURSE, [file('Syllabus.pdf', 0.5)], '2026-11-01T10:00:00.000Z');
    await db.allyReports.add({ courseId: COURSE, fileKey: file('Syllabus.pdf', 0.5).fileKey, fileName: 'broken', fetchedAt: '2026-11-02T10:00:00.000Z', score: 0.5, report: { nonsense: true } });
    expect((await savedOverview(db, COURSE)).files).toEqual([]);
  });
});

describe('worst first', () => {
  it('orders checked files by score, then files without a report, then by name', () => {
    const sorted = worstFirst([
      file('b-fine.pdf', 0.95),
      file('unknown.pdf', null),
      file('a-bad.pdf', 0.1),
      file('image.xyz', null, { state: 'not-checkable', hash: null, bytes: null }),
      file('c-middle.pdf', 0.5),
    ]);
    expect(sorted.map((f) => f.fileName)).toEqual(['a-bad.pdf', 'c-middle.pdf', 'b-fine.pdf', 'unknown.pdf', 'image.xyz']);
  });
});
