import { z } from 'zod';
import type { AllyCourseFile } from '../../../../shared/ipc/ally-channels';
import { RuleWithCriteria } from '../../../../shared/ipc/content-channels';
import { whenStudentsSee, type FileToOrder, type ReleaseRule, type StudentsSee } from '../../../../shared/domain/when-students-see';
import { readReviews, type RollbookDb } from '../../db';
import { t } from '../../ui/i18n';
import { formatMoment } from '../../ui/locale-format';
import { allSavedItems } from '../calendar/calendar-cache';
import { cacheKey, KINDS } from '../content/review-cache';
import { reasonWords } from '../content/reason-words';

/**
 * The overview's "By when students see it", from this device's copies only (no Learn read: the
 * institution's requests are shared): each file's way to students as the file listing read it,
 * the adaptive release rules of its item and folders as last opened in Content, and the due date
 * of a graded item of the same title in the course's calendar as last read.
 */
export interface SeenFile extends FileToOrder {
  file: AllyCourseFile;
}

const Rules = z.array(RuleWithCriteria);

/** The rules saved on this device for these items (an item never opened in Content has none known). */
async function savedRules(db: RollbookDb, courseId: string, contentIds: readonly string[]): Promise<Map<string, ReleaseRule[]>> {
  const rows = await readReviews(db, contentIds.map((part) => cacheKey({ kind: KINDS.rules, courseId, part })), Rules);
  const out = new Map<string, ReleaseRule[]>();
  rows.forEach((row, i) => {
    const id = contentIds[i];
    if (row && id !== undefined) out.set(id, row.value.map((r) => ({ criteria: r.criteria })));
  });
  return out;
}

/** Due dates of the course's graded items in the saved calendar, by title (the calendar names no content item). */
async function savedDueDates(db: RollbookDb, owner: string, courseId: string): Promise<Map<string, number>> {
  const due = new Map<string, number>();
  if (!owner) return due;
  for (const item of await allSavedItems(db, owner)) {
    if (item.type !== 'GradebookColumn' || item.calendarId !== courseId || !item.title) continue;
    const at = Date.parse(item.end);
    if (!Number.isNaN(at)) due.set(item.title, Math.min(due.get(item.title) ?? Infinity, at));
  }
  return due;
}

export async function studentsSeeFiles(db: RollbookDb, courseId: string, owner: string, files: readonly AllyCourseFile[], now: number): Promise<SeenFile[]> {
  const ids = [...new Set(files.flatMap((f) => (f.release ?? []).map((s) => s.contentId)))];
  const [rules, due] = await Promise.all([savedRules(db, courseId, ids), savedDueDates(db, owner, courseId)]);
  return files.map((file) => ({
    file,
    key: file.fileKey,
    name: file.fileName,
    score: file.state === 'checked' ? (file.information?.feedback?.score ?? null) : null,
    sees: whenStudentsSee(file.release ?? [], (id) => rules.get(id), now),
    due: due.get(file.itemTitle) ?? null,
  }));
}

/** What the overview says of when students see a file. */
export function seesWords(sees: StudentsSee): string {
  if (sees.when === 'never') return t('accessibility.seesNever', { why: reasonWords(sees.why) });
  let words = sees.when === 'now' ? t('accessibility.seesNow') : t('accessibility.seesLater', { when: formatMoment(sees.from) });
  if (sees.until !== null) words = t('accessibility.seesUntil', { sees: words, when: formatMoment(sees.until) });
  return sees.someStudents ? t('accessibility.seesSome', { sees: words }) : words;
}
