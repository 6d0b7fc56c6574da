import { BridgeError, invoke } from '../../bridge';
import { LEARN_UNREACHABLE } from '../../../../shared/ipc/contract';
import { cacheRepo, courses, type CourseRow, type RollbookDb } from '../../db';
import type { SiteCheck } from '../../../../shared/ipc/site-check-channels';
import { featurePermission } from '../settings/site-check';

/**
 * What Today fetches from Learn (issue 18, item 2): the course list at every visit, and each
 * course's meetings and roster once per sign-in, so today's meetings show and their roll calls
 * work if the network goes next. One course at a time: the home screen must not crowd the host
 * while the user is already opening something. Organisations are skipped, and a course Learn
 * refuses (a cross-listed child, whose attendance is its parent's) is not asked again this sign-in;
 * one Learn did not answer is asked again at the next visit. Saved copies stay either way. So is one where the site check (run once per
 * sign-in by the host) says the role may not use attendance: asked, it would only be refused.
 */
const fetched = new WeakMap<RollbookDb, Set<string>>();

/** Whether the site check lets this course's role use attendance (no check: yes, a refusal shows on use). */
export function attendanceAllowed(check: SiteCheck | undefined, course: CourseRow): boolean {
  return featurePermission(check, 'attendance', course.role)?.allowed ?? true;
}

export async function refreshToday(db: RollbookDb, check: SiteCheck | undefined): Promise<{ failed: number }> {
  const { courses: list } = await invoke('learn.myCourses', {});
  await cacheRepo(db).putCourses(list);
  const done = fetched.get(db) ?? new Set<string>();
  fetched.set(db, done);
  let failed = 0;
  for (const course of await courses(db)) {
    if (done.has(course.id) || course.organization || !attendanceAllowed(check, course)) continue;
    try {
      const [{ meetings }, { members }] = await Promise.all([invoke('learn.meetings', { courseId: course.id }), invoke('learn.roster', { courseId: course.id })]);
      await cacheRepo(db).putMeetings(course.id, meetings);
      await cacheRepo(db).putRoster(course.id, members);
      done.add(course.id);
    } catch (error) {
      failed++;
      if (!(error instanceof BridgeError) || error.errorName !== LEARN_UNREACHABLE) done.add(course.id);
    }
  }
  return { failed };
}
