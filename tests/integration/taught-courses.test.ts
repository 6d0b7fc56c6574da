import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { learnHandlers } from '../../electron/core/app/learn-handlers';
import { checkSite } from '../../electron/core/app/site-check';
import { TaughtCourses, COURSE_LIST_FRESH_MS } from '../../electron/core/app/taught-courses';
import type { RunningSandbox } from '../../sandbox/server';
import { addInstructorCourses, INSTRUCTOR_WITH_HISTORY, type InstructorCourses } from '../../bench/browser/instructor-courses';
import { withSandbox } from '../support/sandbox';
import { learnAs } from './learn-support';

// The course list the screens and the site check share: the courses the user teaches now, read
// once with fields=, past ones on request, the site check asking Learn for no second list.
describe('courses taught', () => {
  let sandbox: RunningSandbox;
  let courses: InstructorCourses;
  beforeAll(async () => {
    sandbox = await withSandbox();
    courses = await addInstructorCourses(sandbox, { students: 3, meetings: 0 });
  });
  afterAll(() => sandbox.close());

  const listReads = (): number => sandbox.stats().byRoute['GET /learn/api/public/v1/users/:userId/courses'] ?? 0;

  it('lists the current courses taught, the past ones only when asked, from one read with fields=, shared with the site check', async () => {
    const { learn } = learnAs(sandbox, INSTRUCTOR_WITH_HISTORY);
    let now = Date.now();
    const taught = new TaughtCourses(() => learn, () => 'one identity', () => now);
    const handlers = learnHandlers(() => learn, taught);
    const before = listReads();

    const current = await handlers['learn.myCourses']({});
    expect(current.courses.map((c) => c.courseId).sort()).toEqual([...courses.current].sort());
    expect(current.pastCount).toBe(courses.past.length);
    const all = await handlers['learn.myCourses']({ past: true });
    expect(all.courses.filter((c) => c.past).map((c) => c.courseId).sort()).toEqual([...courses.past].sort());
    for (const c of all.courses) expect(courses.notTaught).not.toContain(c.courseId);
    const check = await checkSite({ learn, courses: () => taught.read(), ally: undefined, siteName: 'sandbox' });
    expect(check.features.find((f) => f.feature === 'courses')?.state).toBe('available');
    // Its course-level probes ran in a course taught now.
    expect(check.course?.name).toMatch(/\(this term\)$/);
    expect(listReads() - before).toBe(1);

    // Past the window: asked again.
    now += COURSE_LIST_FRESH_MS;
    await handlers['learn.myCourses']({});
    expect(listReads() - before).toBe(2);
  });
});
