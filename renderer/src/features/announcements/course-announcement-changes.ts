import { z } from 'zod';
import { CourseAnnouncement, type CourseAnnouncementPatch, type NewCourseAnnouncement } from '../../../../shared/api/course-announcements';
import type { MyCourse } from '../../../../shared/ipc/contract';
import { readReview, saveReview, type ChangeInput, type RollbookDb, type WaitingChange } from '../../db';
import { announcementChange, newAnnouncementFromDraft, type AnnouncementDraft, type Checked } from './announcement-form';
import { applyPatch, type WaitingMark } from './announcement-changes';
import { t } from '../../ui/i18n';
import { named } from './announcement-changes';

/**
 * A course's announcements on this device: the copy last read from Learn (kept per user and course
 * for offline reading), the changes waiting in the outbox laid over it, the bodies sent (exactly
 * the Swagger's fields) and what the user's course role allows.
 */

export const COURSE_ANNOUNCEMENTS_KIND = 'courseAnnouncements.list';
/** A read this recent is shown as it is, not asked again (the Today screen's rule for meetings). */
export const RECENT_READ_MS = 5 * 60_000;
const Saved = z.object({ announcements: z.array(CourseAnnouncement) });
const keyOf = (owner: string, courseId: string): string => `${COURSE_ANNOUNCEMENTS_KIND}:${owner}:${courseId}`;

export async function saveCourseAnnouncements(db: RollbookDb, owner: string, courseId: string, announcements: readonly CourseAnnouncement[]): Promise<void> {
  await saveReview(db, { key: keyOf(owner, courseId), courseId, kind: COURSE_ANNOUNCEMENTS_KIND }, { announcements });
}

export async function savedCourseAnnouncements(db: RollbookDb, owner: string, courseId: string): Promise<{ announcements: CourseAnnouncement[]; savedAt: string } | null> {
  const saved = await readReview(db, keyOf(owner, courseId), Saved);
  return saved ? { announcements: saved.value.announcements, savedAt: saved.savedAt } : null;
}

/** What the course role allows. Learn lists no entitlements, so the role decides here (docs/api-notes/announcements.md); Learn checks every write again. */
export interface CourseRights {
  create: boolean;
  modify: boolean;
  delete: boolean;
  /** Why something is not offered, in words; null when everything is. */
  reason: string | null;
}
const FULL = ['Instructor', 'BbFacilitator', 'CourseBuilder'];

export function courseRights(course: Pick<MyCourse, 'role' | 'courseId'>): CourseRights {
  if (FULL.includes(course.role)) return { create: true, modify: true, delete: true, reason: null };
  if (course.role === 'TeachingAssistant') return { create: true, modify: true, delete: false, reason: t('announcements.taCannotDelete', { code: course.courseId }) };
  return { create: false, modify: false, delete: false, reason: t('announcements.roleCannotWrite', { code: course.courseId }) };
}

export function createCourseChange(course: MyCourse, announcement: NewCourseAnnouncement, known: readonly CourseAnnouncement[]): ChangeInput<'courseAnnouncements.create'> {
  return {
    courseId: course.id,
    change: { channel: 'courseAnnouncements.create', request: { courseId: course.id, announcement } },
    label: t('announcements.newLabelCourse', { title: named(announcement.title), code: course.courseId }),
    known: known.map((a) => a.id),
  };
}

export function updateCourseChange(course: MyCourse, target: CourseAnnouncement, change: CourseAnnouncementPatch): ChangeInput<'courseAnnouncements.update'> {
  return { courseId: course.id, change: { channel: 'courseAnnouncements.update', request: { courseId: course.id, id: target.id, change } }, label: t('announcements.changeLabelCourse', { title: named(target.title), code: course.courseId }) };
}

export function deleteCourseChange(course: MyCourse, target: CourseAnnouncement): ChangeInput<'courseAnnouncements.delete'> {
  return { courseId: course.id, change: { channel: 'courseAnnouncements.delete', request: { courseId: course.id, id: target.id } }, label: t('announcements.deleteLabelCourse', { title: named(target.title), code: course.courseId }) };
}

export function isCourseAnnouncementChange(w: WaitingChange): boolean {
  return w.change.channel.startsWith('courseAnnouncements.');
}

/** The saved list with the waiting changes over it: a create on top (newest first), an edit with its new values, a delete marked. */
export function withWaitingCourseChanges(read: readonly CourseAnnouncement[], waiting: readonly WaitingChange[]): { announcement: CourseAnnouncement; mark: WaitingMark }[] {
  const shown = newestFirst(read).map((announcement) => ({ announcement, mark: null as WaitingMark }));
  const find = (id: string) => shown.find((s) => s.announcement.id === id);
  for (const w of waiting) {
    const c = w.change;
    if (c.channel === 'courseAnnouncements.create') {
      const n = c.request.announcement;
      if (w.localId && !find(w.localId)) shown.unshift({ announcement: { id: w.localId, title: n.title, body: n.body ?? '', draft: n.draft ?? false, availability: n.availability ? { duration: fromInput(n.availability.duration) } : { duration: { type: 'Permanent' } } }, mark: 'new' });
    } else if (c.channel === 'courseAnnouncements.update') {
      const s = find(c.request.id);
      if (!s) continue;
      const { draft, ...rest } = c.request.change;
      s.announcement = { ...(applyPatch(s.announcement, rest) as CourseAnnouncement), ...(draft !== undefined ? { draft } : {}) };
      if (s.mark === null) s.mark = 'changed';
    } else if (c.channel === 'courseAnnouncements.delete') {
      const s = find(c.request.id);
      if (s) s.mark = 'deleting';
    }
  }
  return shown;
}

/** Learn names no default order: newest first, as Learn's course page shows them. */
function newestFirst(list: readonly CourseAnnouncement[]): CourseAnnouncement[] {
  return [...list].sort((a, b) => (b.created ?? '').localeCompare(a.created ?? ''));
}

function fromInput(d: { type: 'Permanent' | 'Restricted'; start?: string | null | undefined; end?: string | null | undefined }) {
  return { type: d.type, ...(d.start ? { start: d.start } : {}), ...(d.end ? { end: d.end } : {}) };
}

/** The Create body from the shared form (title, message, when shown) and the draft choice. */
export function newCourseAnnouncement(d: AnnouncementDraft, draft: boolean): Checked<NewCourseAnnouncement> {
  const checked = newAnnouncementFromDraft(d);
  if (!checked.ok) return checked;
  const { title, body, availability } = checked.value;
  return { ok: true, value: { title, body: body ?? '', draft, ...(availability ? { availability } : {}) } };
}

/** The Update body: only what changed, the draft choice included. */
export function courseAnnouncementChange(d: AnnouncementDraft, before: AnnouncementDraft, draft: boolean, wasDraft: boolean): Checked<CourseAnnouncementPatch> {
  // The system form's where-shown fields do not apply to a course: keep them as they were.
  const same = { ...d, showAtLogin: before.showAtLogin, showInCourses: before.showInCourses };
  const checked = announcementChange(same, before);
  if (!checked.ok && draft === wasDraft) return checked;
  if (!checked.ok && !d.title.trim()) return checked;
  const { title, body, availability } = checked.ok ? checked.value : {};
  const change: CourseAnnouncementPatch = { ...(title !== undefined ? { title } : {}), ...(body !== undefined ? { body } : {}), ...(availability ? { availability } : {}) };
  if (draft !== wasDraft) change.draft = draft;
  return { ok: true, value: change };
}
