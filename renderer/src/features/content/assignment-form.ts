import { t } from '../../ui/i18n';
import { ASSIGNMENT_FILES_MAX_BYTES, ASSIGNMENT_FILES_MAX_COUNT, type AssignmentFile, type NewAssignment } from '../../../../shared/ipc/content-channels';

/**
 * The assignment form (seed "Assignment creation request"): title, instructions, due date,
 * attempts, points and files. Checked here before anything is uploaded; the core checks the
 * file limit again. Files travel as base64 inside the IPC call, hence the size limit.
 */
export interface AssignmentDraft {
  title: string;
  instructions: string;
  /** `datetime-local` value, '' for none. */
  due: string;
  attempts: string;
  unlimitedAttempts: boolean;
  points: string;
}

export const emptyAssignment = (): AssignmentDraft => ({ title: '', instructions: '', due: '', attempts: '1', unlimitedAttempts: false, points: '100' });

/** A picked file, before reading its bytes. */
export interface PickedFile {
  name: string;
  size: number;
  type: string;
}

const kb = (bytes: number): number => Math.ceil(bytes / 1024);

export function checkFiles(files: readonly PickedFile[]): string | null {
  if (files.length > ASSIGNMENT_FILES_MAX_COUNT) return t('assignment.problem.tooMany', { count: files.length, max: ASSIGNMENT_FILES_MAX_COUNT });
  let total = 0;
  for (const f of files) {
    if (f.size === 0) return t('assignment.problem.empty', { name: f.name });
    total += f.size;
    if (total > ASSIGNMENT_FILES_MAX_BYTES) {
      const alone = f.size > ASSIGNMENT_FILES_MAX_BYTES;
      return alone
        ? t('assignment.problem.tooBig', { name: f.name, size: kb(f.size), max: kb(ASSIGNMENT_FILES_MAX_BYTES) })
        : t('assignment.problem.tooMuch', { name: f.name, size: kb(total), max: kb(ASSIGNMENT_FILES_MAX_BYTES) });
    }
  }
  return null;
}

/** The request without files (they are read separately), or the problem naming the field. */
export function assignmentFromDraft(courseId: string, parentId: string | undefined, d: AssignmentDraft): { request: Omit<NewAssignment, 'files'> } | { problem: string } {
  const title = d.title.trim();
  if (!title) return { problem: t('assignment.problem.noTitle') };
  if (title.length > 255) return { problem: t('assignment.problem.titleTooLong', { length: title.length }) };
  const request: Omit<NewAssignment, 'files'> = { courseId, title, ...(parentId ? { parentId } : {}) };
  if (d.instructions.trim()) request.instructions = d.instructions.trim();
  if (d.due) {
    const due = new Date(d.due);
    if (Number.isNaN(due.getTime())) return { problem: t('assignment.problem.dueNotDate', { value: d.due }) };
    request.due = due.toISOString();
  }
  if (d.unlimitedAttempts) request.unlimitedAttempts = true;
  else {
    const attempts = Number(d.attempts);
    if (!Number.isInteger(attempts) || attempts < 1 || attempts > 100) return { problem: t('assignment.problem.attempts', { value: d.attempts }) };
    request.attemptsAllowed = attempts;
  }
  if (d.points.trim() !== '') {
    const points = Number(d.points);
    if (!Number.isFinite(points) || points < 0) return { problem: t('assignment.problem.points', { value: d.points }) };
    request.pointsPossible = points;
  }
  return { request };
}

/** Reads a picked file's bytes as base64, for the IPC call. */
export async function encodeFile(file: File): Promise<AssignmentFile> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK) binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return { fileName: file.name, ...(file.type ? { mimeType: file.type } : {}), dataBase64: btoa(binary) };
}
