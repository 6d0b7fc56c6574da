import type { SandboxModule, SandboxContext } from '../core/context';
import type { SandboxCourse, SandboxUser } from '../core/directory';
import type { CourseRoleId } from '../core/people';
import { FAMILY_NAMES, GIVEN_NAMES } from '../demo/names';

/**
 * The demo institution: Northfield University, Fall 2026. An instructor with five courses
 * (a 300-student lecture, an 18-student seminar, an Ultra and a Classic course, a cross-listed
 * pair, an organization), a TA, an administrator and 330 students. Deterministic from the seed.
 *
 * Other modules find these by secondary id (`courseId:PSYC-101-F26`, `userName:instructor`).
 */
export const DEMO_PASSWORD = 'demo';

export const DEMO_COURSES = {
  lecture: 'PSYC-101-F26',
  seminar: 'HIST-310-F26',
  ultra: 'BIOL-220-F26',
  ultraChild: 'BIOL-220-F26-X',
  classic: 'CHEM-105-F26',
  organization: 'ORG-TLC',
} as const;

export const DEMO_STAFF = {
  instructor: 'instructor',
  ta: 'ta',
  admin: 'admin',
  /** A second instructor, co-teaching the lecture: useful for "someone else changed it" cases. */
  coInstructor: 'cowens',
} as const;

const STUDENT_COUNT = 330;

export const institutionModule: SandboxModule = {
  name: 'institution',
  install(ctx) {
    if (!ctx.settings.demoData) return;
    seedInstitution(ctx);
  },
};

function seedInstitution(ctx: SandboxContext): void {
  const { directory } = ctx;
  const rng = ctx.rng.fork('institution');
  const created = '2026-08-01T12:00:00.000Z';

  const person = (userName: string, given: string, family: string, extra: Partial<SandboxUser> = {}): SandboxUser => {
    const id = directory.newId();
    return directory.addUser({
      id,
      uuid: uuidFrom(id),
      externalId: `NU-${userName}`,
      dataSourceId: '_2_1',
      userName,
      password: DEMO_PASSWORD,
      created,
      modified: created,
      systemRoleIds: ['User'],
      institutionRoleIds: ['STUDENT'],
      availability: { available: 'Yes' },
      name: { given, family, preferredDisplayName: 'GivenName' },
      contact: { email: `${userName}@northfield.example.edu` },
      ...extra,
    });
  };

  const instructor = person(DEMO_STAFF.instructor, 'Maya', 'Okafor', { institutionRoleIds: ['FACULTY'], name: { given: 'Maya', family: 'Okafor', title: 'Dr.' } });
  const coInstructor = person(DEMO_STAFF.coInstructor, 'Caleb', 'Owens', { institutionRoleIds: ['FACULTY'] });
  const ta = person(DEMO_STAFF.ta, 'Priya', 'Raman', { institutionRoleIds: ['STAFF'], studentId: 'G2024-0117' });
  person(DEMO_STAFF.admin, 'Sam', 'Whitfield', { systemRoleIds: ['SystemAdmin'], institutionRoleIds: ['STAFF'] });

  const students: SandboxUser[] = [];
  const usedNames = new Set<string>();
  for (let i = 0; i < STUDENT_COUNT; i++) {
    const given = rng.pick(GIVEN_NAMES);
    const family = rng.pick(FAMILY_NAMES);
    const base = ascii(`${given[0] ?? 'x'}${family}`).toLowerCase().slice(0, 10);
    let userName = base;
    for (let n = 2; usedNames.has(userName); n++) userName = `${base}${n}`;
    usedNames.add(userName);
    // One in forty has no student id yet (transfer students): imports must cope.
    const studentId = i % 40 === 39 ? undefined : `N${String(2026000 + i * 7).padStart(8, '0')}`;
    students.push(person(userName, given, family, studentId ? { studentId } : {}));
  }

  const course = (courseId: string, name: string, ultraStatus: 'Ultra' | 'Classic', extra: Partial<SandboxCourse> = {}): SandboxCourse => {
    const id = directory.newId();
    return directory.addCourse({
      id,
      uuid: uuidFrom(id),
      externalId: courseId,
      dataSourceId: '_2_1',
      courseId,
      name,
      description: '',
      created,
      modified: created,
      organization: false,
      ultraStatus,
      allowGuests: false,
      allowObservers: false,
      closedComplete: false,
      termId: '_4_1',
      availability: { available: 'Yes', duration: { type: 'Continuous' } },
      calendarEnabled: true,
      childCourseIds: [],
      ...extra,
    });
  };

  const lecture = course(DEMO_COURSES.lecture, 'Introduction to Psychology', 'Ultra', { description: 'Large lecture, Mondays and Wednesdays 10:00 in Hall A.' });
  const seminar = course(DEMO_COURSES.seminar, 'Seminar: The Atlantic World, 1492–1830', 'Classic', { description: 'Thursday afternoon seminar.' });
  const ultra = course(DEMO_COURSES.ultra, 'Cell Biology', 'Ultra');
  const child = course(DEMO_COURSES.ultraChild, 'Cell Biology (cross-listed, Nursing)', 'Ultra');
  ultra.childCourseIds.push(child.id);
  child.parentId = ultra.id;
  const classic = course(DEMO_COURSES.classic, 'General Chemistry Lab', 'Classic', { calendarEnabled: true });
  const org = course(DEMO_COURSES.organization, 'Teaching & Learning Circle', 'Ultra', { organization: true });

  const enrol = (c: SandboxCourse, u: SandboxUser, role: CourseRoleId, childCourseId?: string): void => {
    directory.enrol({
      id: directory.newId(),
      userId: u.id,
      courseId: c.id,
      ...(childCourseId ? { childCourseId } : {}),
      dataSourceId: '_2_1',
      created,
      modified: created,
      availability: { available: 'Yes' },
      courseRoleId: role,
      lastAccessed: created,
    });
  };

  enrol(lecture, instructor, 'Instructor');
  enrol(lecture, coInstructor, 'Instructor');
  enrol(lecture, ta, 'TeachingAssistant');
  students.slice(0, 300).forEach((s) => enrol(lecture, s, 'Student'));

  enrol(seminar, instructor, 'Instructor');
  students.slice(300, 318).forEach((s) => enrol(seminar, s, 'Student'));
  // A guest auditor: may not be named in adaptive-release user predicates.
  enrol(seminar, students[318] as SandboxUser, 'Guest');

  enrol(ultra, instructor, 'Instructor');
  enrol(ultra, ta, 'TeachingAssistant');
  students.slice(20, 56).forEach((s) => enrol(ultra, s, 'Student'));
  // Cross-listed: the child's students are enrolled in the parent through the child.
  students.slice(319, 330).forEach((s) => enrol(ultra, s, 'Student', child.id));
  students.slice(319, 330).forEach((s) => enrol(child, s, 'Student'));
  enrol(child, instructor, 'Instructor');

  enrol(classic, instructor, 'Instructor');
  students.slice(60, 84).forEach((s) => enrol(classic, s, 'Student'));

  enrol(org, instructor, 'Instructor');
  enrol(org, coInstructor, 'Student');
  enrol(org, ta, 'Student');

  // Course groups (for adaptive-release Memberships criteria).
  const externalId = (c: SandboxCourse, name: string): string => `${c.courseId}-${name.replace(/\W+/g, '-')}`;
  const group = (c: SandboxCourse, name: string, members: SandboxUser[], groupSetId?: string): void => {
    const id = directory.newId();
    directory.groups.set(id, { id, courseId: c.id, externalId: externalId(c, name), name, memberUserIds: members.map((m) => m.id), ...(groupSetId ? { groupSetId } : {}) });
  };
  for (let g = 0; g < 6; g++) group(lecture, `Lab section ${g + 1}`, students.slice(g * 50, g * 50 + 50));
  group(seminar, 'Presenters week 1', students.slice(300, 304));
  // BIOL-220's lab pairs live in a group set, as an instructor makes them in Learn (Groups → Create set).
  const pairs = { id: directory.newId(), courseId: ultra.id, externalId: externalId(ultra, 'Lab pairs'), name: 'Lab pairs' };
  directory.groupSets.set(pairs.id, pairs);
  group(ultra, 'Lab pair A', students.slice(20, 28), pairs.id);
  group(ultra, 'Lab pair B', students.slice(28, 36), pairs.id);
}

function ascii(text: string): string {
  return text.normalize('NFD').replace(/[^A-Za-z]/g, '');
}

/** A stable uuid derived from a primary id: 32 hex digits without dashes, as Learn writes them (Swagger maxLength 32). */
function uuidFrom(id: string): string {
  const n = Number(/_(\d+)_/.exec(id)?.[1] ?? 0);
  const hex = n.toString(16).padStart(12, '0');
  return `6e0d1b2a000040008000${hex}`;
}
