import { invoke } from '../../bridge';
import { cacheRepo, courses, type RollbookDb } from '../../db';

/**
 * What Today fetches from Learn (issue 18, item 2): the course list at every visit, and each
 * course's meetings and roster once per sign-in, so today's meetings show and their roll calls
 * work if the network goes next. One course at a time: the home screen must not crowd the host
 * while the user is already opening something. A course Learn refuses (an organisation without
 * attendance) is skipped; its saved copy stays.
 */
const fetched = new WeakMap<RollbookDb, Set<string>>();

export async function refreshToday(db: RollbookDb): Promise<{ failed: number }> {
  const { courses: list } = await invoke('learn.myCourses', {});
  await cacheRepo(db).putCourses(list);
  const done = fetched.get(db) ?? new Set<string>();
  fetched.set(db, done);
  let failed = 0;
  for (const course of await courses(db)) {
    if (done.has(course.id) || course.organization) continue;
    try {
      const [{ meetings }, { members }] = await Promise.all([invoke('learn.meetings', { courseId: course.id }), invoke('learn.roster', { courseId: course.id })]);
      await cacheRepo(db).putMeetings(course.id, meetings);
      await cacheRepo(db).putRoster(course.id, members);
      done.add(course.id);
    } catch {
      failed++;
    }
  }
  return { failed };
}
