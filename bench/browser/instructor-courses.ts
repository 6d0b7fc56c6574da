import type { RunningSandbox } from '../../sandbox/server';
import type { SandboxUser } from '../../sandbox/core/directory';
import { DEMO_PASSWORD } from '../../sandbox/modules/institution';
import { FAMILY_NAMES, GIVEN_NAMES } from '../../sandbox/demo/names';
import { learnAs } from '../learn';

/**
 * An instructor with a career's worth of courses, added to a running sandbox's directory as the
 * demo institution is seeded (sandbox/modules/institution.ts): `current` courses they teach this
 * term, `past` ones whose dates are over, each with `students` students, plus memberships Rollbook
 * must not read as teaching (a course they take as a student, a course made unavailable). Sign in
 * as `INSTRUCTOR_WITH_HISTORY` (the web host's `demoUser`). Gone on the next reset.
 *
 * Used by the first- and later-launch request counts (tests/e2e/launch-requests.test.ts and the bench).
 */
export const INSTRUCTOR_WITH_HISTORY = 'bench.instructor';

export interface InstructorCourses {
  /** Course ids (`courseId`) of the current courses they teach, the past ones, and the rest. */
  current: string[];
  past: string[];
  notTaught: string[];
}

export interface InstructorCoursesOptions {
  current?: number;
  past?: number;
  students?: number;
  /** Memberships as a student (in current courses), and current courses made unavailable. */
  asStudent?: number;
  unavailable?: number;
  /** Meetings of each current course, weekly from next week (none started: nothing to read of rolls). */
  meetings?: number;
}

const DAY = 86_400_000;

export async function addInstructorCourses(sandbox: RunningSandbox, options: InstructorCoursesOptions = {}): Promise<InstructorCourses> {
  const { current = 6, past = 24, students = 300, asStudent = 2, unavailable = 2, meetings = 1 } = options;
  const ctx = sandbox.context();
  const { directory } = ctx;
  const now = ctx.clock.now();
  const created = new Date(now - 4 * 365 * DAY).toISOString();
  const uuidOf = (id: string): string => `be7c0000000040008000${id.replace(/\D/g, '').padStart(12, '0')}`;

  const person = (userName: string, given: string, family: string, role: 'STAFF' | 'STUDENT'): SandboxUser => {
    const id = directory.newId();
    return directory.addUser({
      id,
      uuid: uuidOf(id),
      externalId: `NU-${userName}`,
      dataSourceId: '_2_1',
      userName,
      password: DEMO_PASSWORD,
      created,
      modified: created,
      systemRoleIds: ['User'],
      institutionRoleIds: [role],
      availability: { available: 'Yes' },
      name: { given, family, preferredDisplayName: 'GivenName' },
      contact: { email: `${userName}@northfield.example.edu` },
    });
  };
  const instructor = person(INSTRUCTOR_WITH_HISTORY, 'Robin', 'Okafor', 'STAFF');
  const roster = Array.from({ length: students }, (_, i) =>
    person(`hist${String(i + 1).padStart(4, '0')}`, GIVEN_NAMES[i % GIVEN_NAMES.length] ?? 'Sam', FAMILY_NAMES[Math.floor(i / GIVEN_NAMES.length) % FAMILY_NAMES.length] ?? 'Lee', 'STUDENT'),
  );

  const enrol = (courseKey: string, user: SandboxUser, role: 'Instructor' | 'Student'): void => {
    directory.enrol({ id: directory.newId(), userId: user.id, courseId: courseKey, dataSourceId: '_2_1', created, modified: created, availability: { available: 'Yes' }, courseRoleId: role, lastAccessed: created });
  };
  const course = (courseId: string, name: string, dates: { start: number; end: number }, available: 'Yes' | 'No'): string => {
    const key = directory.newId();
    directory.addCourse({
      id: key,
      uuid: uuidOf(key),
      externalId: courseId,
      dataSourceId: '_2_1',
      courseId,
      name,
      description: '',
      created,
      modified: created,
      organization: false,
      ultraStatus: 'Ultra',
      allowGuests: false,
      allowObservers: false,
      closedComplete: false,
      availability: { available, duration: { type: 'DateRange', start: new Date(dates.start).toISOString(), end: new Date(dates.end).toISOString() } },
      calendarEnabled: true,
      childCourseIds: [],
    });
    for (const student of roster) enrol(key, student, 'Student');
    return key;
  };

  const result: InstructorCourses = { current: [], past: [], notTaught: [] };
  const thisTerm = { start: now - 60 * DAY, end: now + 60 * DAY };
  for (let i = 0; i < current; i++) {
    const courseId = `HIST-${200 + i}-NOW`;
    const key = course(courseId, `History ${200 + i} (this term)`, thisTerm, 'Yes');
    enrol(key, instructor, 'Instructor');
    result.current.push(courseId);
  }
  for (let i = 0; i < past; i++) {
    // Two terms a year going back: the latest ended a term ago.
    const end = now - (90 + 182 * Math.floor(i / Math.max(1, current))) * DAY;
    const courseId = `HIST-${100 + i}-PAST`;
    enrol(course(courseId, `History ${100 + i} (a past term)`, { start: end - 120 * DAY, end }, 'Yes'), instructor, 'Instructor');
    result.past.push(courseId);
  }
  for (let i = 0; i < asStudent; i++) {
    const courseId = `LANG-${100 + i}-NOW`;
    enrol(course(courseId, `Spanish ${100 + i} (taken as a student)`, thisTerm, 'Yes'), instructor, 'Student');
    result.notTaught.push(courseId);
  }
  for (let i = 0; i < unavailable; i++) {
    const courseId = `HIST-${300 + i}-OFF`;
    enrol(course(courseId, `History ${300 + i} (unavailable)`, thisTerm, 'No'), instructor, 'Instructor');
    result.notTaught.push(courseId);
  }
  // Through Learn's API as the instructor (the sandbox's counter sees these: count from after this).
  const learn = learnAs(sandbox, INSTRUCTOR_WITH_HISTORY);
  for (const courseId of result.current) {
    for (let m = 0; m < meetings; m++) {
      const start = now + (m + 7) * DAY;
      await learn.attendance.createMeeting(`courseId:${courseId}`, { courseId: `courseId:${courseId}`, title: `Week ${m + 1}`, description: '', start: new Date(start).toISOString(), end: new Date(start + 75 * 60_000).toISOString() });
    }
  }
  return result;
}
