import type { RunningSandbox } from '../../sandbox/server';
import type { SandboxCourse, SandboxUser } from '../../sandbox/core/directory';
import { DEMO_COURSES, DEMO_STAFF } from '../../sandbox/modules/institution';

/**
 * The requests benchmark's instructor: 6 current and 24 past courses of 300 students each, added
 * to a running sandbox's demo world through its directory (as bench/browser/large-course.ts adds
 * its lecture); gone on the next reset.
 *
 * The first current course is the demo lecture (PSYC-101-F26: 300 students, a term of meetings
 * and records, content with files for Ally), so the roll calls, the report and the Ally overview
 * happen in a course a real instructor would have. The demo instructor's other memberships
 * (seminar, the Ultra pair, the Classic lab, the organization) are taken away, so the world is
 * exactly the scenario: 30 memberships, all Instructor. The 29 added courses enrol the lecture's
 * own 300 students (the same people taking several courses, as at a real institution).
 *
 * Current courses run 2026-08-31 to 2026-12-18 and past ones ended before it (two a term over 12
 * terms back), both as Learn's `DateRange` availability, so whether a course is current is
 * written on the course itself: nothing else (no term) has to be read to know it.
 */
export const CURRENT_COURSES = 6;
export const PAST_COURSES = 24;
export const STUDENTS_PER_COURSE = 300;
export const LECTURE_COURSE_ID = DEMO_COURSES.lecture;

export interface RequestsWorld {
  /** Course ids (`PSYC-101-F26`, ...) of the current courses, the lecture first. */
  current: string[];
  past: string[];
}

const CURRENT_TERM = { start: '2026-08-31T04:00:00.000Z', end: '2026-12-19T04:59:59.000Z' };

export function addInstructorWorld(sandbox: RunningSandbox): RequestsWorld {
  const { directory } = sandbox.context();
  const instructor = directory.user(`userName:${DEMO_STAFF.instructor}`);
  const lecture = directory.course(`courseId:${LECTURE_COURSE_ID}`);
  lecture.availability = { available: 'Yes', duration: { type: 'DateRange', ...CURRENT_TERM } };
  // Only the lecture stays of the demo instructor's memberships.
  for (let i = directory.memberships.length - 1; i >= 0; i--) {
    const m = directory.memberships[i]!;
    if (m.userId === instructor.id && m.courseId !== lecture.id) directory.memberships.splice(i, 1);
  }
  const students = directory.courseMemberships(lecture.id).filter((m) => m.courseRoleId === 'Student').map((m) => directory.user(m.userId));
  if (students.length !== STUDENTS_PER_COURSE) throw new Error(`the demo lecture has ${students.length} students, expected ${STUDENTS_PER_COURSE}`);

  const world: RequestsWorld = { current: [LECTURE_COURSE_ID], past: [] };
  for (let i = 1; i < CURRENT_COURSES; i++) {
    const courseId = `BENCH-${100 + i}-F26`;
    addCourse(sandbox, courseId, `Benchmark course ${i + 1} (Fall 2026)`, CURRENT_TERM, instructor, students);
    world.current.push(courseId);
  }
  for (let i = 0; i < PAST_COURSES; i++) {
    // Two courses a term, terms of four months going back from the summer of 2026.
    const term = Math.floor(i / 2);
    const end = new Date(Date.UTC(2026, 7 - 4 * term, 15));
    const start = new Date(end.getTime() - 110 * 86_400_000);
    const courseId = `BENCH-PAST-${String(i + 1).padStart(2, '0')}`;
    addCourse(sandbox, courseId, `Benchmark past course ${i + 1}`, { start: start.toISOString(), end: end.toISOString() }, instructor, students);
    world.past.push(courseId);
  }
  return world;
}

function addCourse(sandbox: RunningSandbox, courseId: string, name: string, dates: { start: string; end: string }, instructor: SandboxUser, students: readonly SandboxUser[]): SandboxCourse {
  const { directory } = sandbox.context();
  const created = '2024-01-01T12:00:00.000Z';
  const id = directory.newId();
  const course = directory.addCourse({
    id,
    uuid: `be7c0000000040009000${id.replace(/\D/g, '').padStart(12, '0')}`,
    externalId: courseId,
    dataSourceId: '_2_1',
    courseId,
    name,
    description: 'Added by the requests benchmark',
    created,
    modified: created,
    organization: false,
    ultraStatus: 'Ultra',
    allowGuests: false,
    allowObservers: false,
    closedComplete: false,
    availability: { available: 'Yes', duration: { type: 'DateRange', ...dates } },
    calendarEnabled: true,
    childCourseIds: [],
  });
  const enrol = (user: SandboxUser, role: 'Instructor' | 'Student'): void => {
    directory.enrol({ id: directory.newId(), userId: user.id, courseId: course.id, dataSourceId: '_2_1', created, modified: created, availability: { available: 'Yes' }, courseRoleId: role, lastAccessed: created });
  };
  enrol(instructor, 'Instructor');
  for (const s of students) enrol(s, 'Student');
  return course;
}
