import type { RunningSandbox } from '../../sandbox/server';
import type { SandboxUser } from '../../sandbox/core/directory';
import { DEMO_STAFF } from '../../sandbox/modules/institution';
import { avatarStore } from '../../sandbox/modules/avatars/avatar-store';
import { FAMILY_NAMES, GIVEN_NAMES } from '../../sandbox/demo/names';
import { learnAs } from '../learn';

/**
 * A 1,000-student lecture added to a running sandbox's world (the demo's largest has 300), taught
 * by the demo instructor, with one meeting to take roll at, most students with a photo. Added through the sandbox's directory
 * as the demo institution is seeded (sandbox/modules/institution.ts); gone on the next reset.
 */
export const LARGE_COURSE = 'BENCH-1000-F26';
export const LARGE_MEETING = 'Bench roll of 1,000';

export async function addLargeCourse(sandbox: RunningSandbox, students = 1000): Promise<void> {
  const { directory } = sandbox.context();
  const created = '2026-08-01T12:00:00.000Z';
  const courseKey = directory.newId();
  const course = directory.addCourse({
    id: courseKey,
    uuid: `be7c0000000040008000${courseKey.replace(/\D/g, '').padStart(12, '0')}`,
    externalId: LARGE_COURSE,
    dataSourceId: '_2_1',
    courseId: LARGE_COURSE,
    name: 'Benchmark Lecture (1,000 students)',
    description: 'Added by the benchmarks',
    created,
    modified: created,
    organization: false,
    ultraStatus: 'Ultra',
    allowGuests: false,
    allowObservers: false,
    closedComplete: false,
    termId: '_4_1',
    availability: { available: 'Yes', duration: { type: 'Continuous' } },
    calendarEnabled: true,
    childCourseIds: [],
  });
  const enrol = (user: SandboxUser, role: 'Instructor' | 'Student'): void => {
    directory.enrol({ id: directory.newId(), userId: user.id, courseId: course.id, dataSourceId: '_2_1', created, modified: created, availability: { available: 'Yes' }, courseRoleId: role, lastAccessed: created });
  };
  enrol(directory.user(`userName:${DEMO_STAFF.instructor}`), 'Instructor');
  for (let i = 0; i < students; i++) {
    const id = directory.newId();
    const given = GIVEN_NAMES[i % GIVEN_NAMES.length]!;
    const family = FAMILY_NAMES[Math.floor(i / GIVEN_NAMES.length) % FAMILY_NAMES.length]!;
    const userName = `bench${String(i + 1).padStart(4, '0')}`;
    const user = directory.addUser({
      id,
      uuid: `be7c0000000040008000${id.replace(/\D/g, '').padStart(12, '0')}`,
      externalId: `NU-${userName}`,
      dataSourceId: '_2_1',
      userName,
      password: 'demo',
      created,
      modified: created,
      systemRoleIds: ['User'],
      institutionRoleIds: ['STUDENT'],
      availability: { available: 'Yes' },
      name: { given, family, preferredDisplayName: 'GivenName' },
      contact: { email: `${userName}@northfield.example.edu` },
      studentId: `B${String(5000000 + i).padStart(8, '0')}`,
    });
    enrol(user, 'Student');
    // Photos as in the demo: six students in seven have one, so the roll call loads them while keys are pressed.
    if (i % 7 !== 0) avatarStore(sandbox.context()).set(user.id, { kind: (['png', 'jpeg', 'svg'] as const)[i % 3]!, tone: i % 48 });
  }
  await learnAs(sandbox, DEMO_STAFF.instructor).attendance.createMeeting(`courseId:${LARGE_COURSE}`, {
    courseId: `courseId:${LARGE_COURSE}`,
    title: LARGE_MEETING,
    description: 'Hall B',
    start: '2026-11-24T15:00:00.000Z',
    end: '2026-11-24T16:15:00.000Z',
  });
}
