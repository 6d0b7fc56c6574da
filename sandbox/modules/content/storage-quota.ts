import type { SandboxCourse } from '../../core/directory';
import { SandboxError } from '../../core/errors';
import type { ContentStore } from './store';

/**
 * Course storage quotas behind Create Content's 507 ("Folder quota exceeded", Swagger). Learn lets
 * administrators cap the files a course holds; the seed gives no figures, so the sandbox picks
 * believable ones (docs/api-notes/content.md): 250 MB per course, 10 MB per organization. What
 * counts: every item's title, body and description (UTF-8 bytes) and every file it holds.
 */

export const COURSE_QUOTA_BYTES = 250 * 1024 * 1024;
export const ORGANIZATION_QUOTA_BYTES = 10 * 1024 * 1024;

export function quotaOf(course: SandboxCourse): number {
  return course.organization ? ORGANIZATION_QUOTA_BYTES : COURSE_QUOTA_BYTES;
}

/** Bytes of an item's text. */
export function textBytes(...parts: (string | undefined)[]): number {
  return parts.reduce((sum, part) => sum + (part ? Buffer.byteLength(part, 'utf8') : 0), 0);
}

const mb = (bytes: number): string => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** A 507 unless the course has room for `bytes` more. */
export function requireRoom(store: ContentStore, course: SandboxCourse, title: string, bytes: number): void {
  const quota = quotaOf(course);
  const used = store.usageOf(course.id);
  if (used + bytes <= quota) return;
  throw new SandboxError(
    507,
    `Course ${course.courseId} is out of storage: ${mb(used)} of its ${mb(quota)} quota is used and '${title}' needs ${mb(bytes)}. Remove files from the course or ask an administrator to raise its quota`,
    { code: 'QUOTA_EXCEEDED' },
  );
}
