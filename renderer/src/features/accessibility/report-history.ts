import { AllyCourseFile } from '../../../../shared/ipc/ally-channels';
import { z } from 'zod';
import { readReview, saveReview, type RollbookDb } from '../../db';
import type { AllyReportRow } from '../../db/rows';
import { datesLocale } from '../../ui/i18n';

/**
 * Every Ally report read is kept in `allyReports`, so the overview and each report show offline
 * and the instructor sees how a file's score changed. A row stands for one report as long as it
 * stays the same: reading the same bytes with the same score again only moves its `fetchedAt`
 * on; a new score or new bytes add a row. Which files the course had at the last whole read (and
 * when) is kept in `reviewCache` (`ally.overview:<courseId>`), so one file's new report (after
 * "Send to Ally") updates that file without hiding the others.
 */
const overviewKey = (courseId: string): string => `ally.overview:${courseId}`;
const OverviewValue = z.object({ fileKeys: z.array(z.string()) });
type OverviewValue = z.infer<typeof OverviewValue>;

/** The overview as last read: its files and when, and each file's score history (by file key). */
export interface SavedOverview {
  fetchedAt: string | null;
  files: AllyCourseFile[];
  histories: Map<string, ScoreStep[]>;
}

/** One step of a file's history: a score held from `from` to `to`. */
export interface ScoreStep {
  score: number | null;
  from: string;
  to: string;
  hash: string | null;
}

const scoreOf = (f: AllyCourseFile): number | null => f.information?.feedback?.score ?? null;
const sameReport = (row: AllyReportRow, f: AllyCourseFile): boolean => row.score === scoreOf(f) && (row.hash ?? null) === f.hash && (row.report as { state?: string } | null)?.state === f.state;

/** Reads a stored row back; a row written by an older or broken build is skipped, not trusted. */
export function fileOfRow(row: AllyReportRow): AllyCourseFile | null {
  const parsed = AllyCourseFile.safeParse(row.report);
  return parsed.success ? parsed.data : null;
}

/** Every row of each file of a course, oldest first. */
async function rowsByFile(db: RollbookDb, courseId: string): Promise<Map<string, AllyReportRow[]>> {
  const rows = await db.allyReports.where('courseId').equals(courseId).sortBy('seq');
  const byFile = new Map<string, AllyReportRow[]>();
  for (const row of rows) byFile.set(row.fileKey, [...(byFile.get(row.fileKey) ?? []), row]);
  return byFile;
}

/** The latest row of each file of a course. */
async function latestRows(db: RollbookDb, courseId: string): Promise<Map<string, AllyReportRow>> {
  const latest = new Map<string, AllyReportRow>();
  for (const [key, rows] of await rowsByFile(db, courseId)) {
    const last = rows.at(-1);
    if (last) latest.set(key, last);
  }
  return latest;
}

const stepOf = (r: AllyReportRow): ScoreStep => ({ score: r.score, from: r.firstFetchedAt ?? r.fetchedAt, to: r.fetchedAt, hash: r.hash ?? null });

/**
 * Saves reports in one transaction: a whole read of the course (`wholeCourse`, the default) also
 * becomes the overview; otherwise (one file sent to Ally) only those files' reports are added.
 */
export async function saveReports(db: RollbookDb, courseId: string, files: readonly AllyCourseFile[], fetchedAt: string, options: { wholeCourse?: boolean } = {}): Promise<void> {
  await db.transaction('rw', db.allyReports, db.reviewCache, async () => {
    if (options.wholeCourse ?? true) {
      const value: OverviewValue = { fileKeys: files.map((f) => f.fileKey) };
      await saveReview(db, { key: overviewKey(courseId), courseId, kind: 'ally.overview' }, value, fetchedAt);
    }
    const latest = await latestRows(db, courseId);
    for (const file of files) {
      const previous = latest.get(file.fileKey);
      if (previous?.seq !== undefined && sameReport(previous, file)) {
        await db.allyReports.update(previous.seq, { fetchedAt, report: file, fileName: file.fileName });
      } else {
        await db.allyReports.add({ courseId, fileKey: file.fileKey, fileName: file.fileName, fetchedAt, firstFetchedAt: fetchedAt, score: scoreOf(file), hash: file.hash, report: file });
      }
    }
  });
}

/** The files of the last whole read of the course, each with its latest saved report and score history. */
export async function savedOverview(db: RollbookDb, courseId: string): Promise<SavedOverview> {
  const overview = await readReview(db, overviewKey(courseId), OverviewValue);
  const byFile = await rowsByFile(db, courseId);
  const histories = new Map<string, ScoreStep[]>();
  if (!overview) return { fetchedAt: null, files: [], histories };
  const keys = overview.value.fileKeys;
  const files = keys.flatMap((key) => {
    const rows = byFile.get(key) ?? [];
    const row = rows.at(-1);
    const file = row ? fileOfRow(row) : null;
    if (file) histories.set(key, rows.map(stepOf));
    return file ?? [];
  });
  return { fetchedAt: overview.savedAt, files, histories };
}

/** A file's latest saved report and its score history, oldest first. */
export async function savedFile(db: RollbookDb, courseId: string, fileKey: string): Promise<{ file: AllyCourseFile | null; fetchedAt: string | null; history: ScoreStep[] }> {
  const rows = await db.allyReports.where('[courseId+fileKey]').equals([courseId, fileKey]).sortBy('seq');
  const last = rows.at(-1);
  const history = rows.map(stepOf);
  return { file: last ? fileOfRow(last) : null, fetchedAt: last?.fetchedAt ?? null, history };
}

const STATE_ORDER: Record<AllyCourseFile['state'], number> = { checked: 0, processing: 1, unknown: 2, unreadable: 3, 'not-checkable': 4 };

/** Worst first: checked files by score (lowest first), then those without a score, then by name (in the screen's locale's order). */
export function worstFirst(files: readonly AllyCourseFile[]): AllyCourseFile[] {
  const collator = new Intl.Collator(datesLocale(), { sensitivity: 'base', numeric: true });
  return [...files].sort((a, b) => STATE_ORDER[a.state] - STATE_ORDER[b.state] || (scoreOf(a) ?? 2) - (scoreOf(b) ?? 2) || collator.compare(a.fileName, b.fileName));
}
