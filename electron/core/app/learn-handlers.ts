import type { CourseGroupName, RosterMember, ServerRecord } from '../../../shared/ipc/contract';
import type { Meeting } from '../../../shared/api/attendance';
import type { Handlers } from '../ipc/dispatcher';
import type { LearnClient } from '../learn/learn-client';
import type { FieldName } from '../learn/paging';
import type { CourseMembership } from '../../../shared/api/users';
import { TaughtCourses } from './taught-courses';

/** What the roster uses of a membership and its user (`fields=`: a 300-student roster is three pages, not thirty fields each). */
const ROSTER_FIELDS: readonly FieldName<CourseMembership>[] = [
  'userId',
  'courseRoleId',
  'availability.available',
  'user.userName',
  'user.name.given',
  'user.name.family',
  'user.studentId',
  'user.contact.email',
  'user.externalId',
  'user.avatar.viewUrl',
];

/**
 * The `learn.*` channels: what the renderer caches from Learn (courses, roster, meetings, records).
 * Each reads every page, so the renderer's cache holds the whole list or nothing. The course list
 * is the one read that several screens and the site check share (taught-courses.ts).
 */
export function learnHandlers(learn: () => LearnClient, courses = new TaughtCourses(learn, () => undefined)): Pick<Handlers, 'learn.myCourses' | 'learn.roster' | 'learn.groups' | 'learn.meetings' | 'learn.records'> {
  return {
    'learn.myCourses': async ({ past }) => {
      const taught = await courses.read();
      const pastCount = taught.filter((c) => c.past).length;
      return { courses: past ? taught : taught.filter((c) => !c.past), pastCount };
    },

    'learn.roster': async ({ courseId }) => {
      const members: RosterMember[] = [];
      for await (const m of learn().courses.listCourseUsers(courseId, { role: 'Student', fields: ROSTER_FIELDS })) {
        // Learn keeps records only for students whose enrolment is available (docs/api-notes.md,
        // "Who is on the roll"): those are the roll, and what a bulk status sets.
        if (m.courseRoleId !== 'Student' || (m.availability?.available ?? 'Yes') !== 'Yes') continue;
        const user = m.user;
        if (!m.userId) continue;
        members.push({
          userId: m.userId,
          userName: user?.userName ?? m.userId,
          givenName: user?.name?.given ?? '',
          familyName: user?.name?.family ?? '',
          ...(user?.studentId ? { studentId: user.studentId } : {}),
          ...(user?.contact?.email ? { email: user.contact.email } : {}),
          ...(user?.externalId ? { externalId: user.externalId } : {}),
          role: m.courseRoleId,
          ...(user?.avatar?.viewUrl ? { avatarLink: user.avatar.viewUrl } : {}),
        });
      }
      // Sorted as a roll call reads: by last name, then first name, then user name.
      const collator = new Intl.Collator(undefined, { sensitivity: 'base' });
      members.sort((a, b) => collator.compare(a.familyName, b.familyName) || collator.compare(a.givenName, b.givenName) || collator.compare(a.userName, b.userName));
      return { members };
    },

    'learn.groups': async ({ courseId }) => {
      const groups: CourseGroupName[] = [];
      for await (const g of learn().courses.listGroups(courseId)) {
        groups.push({ id: g.id, ...(g.externalId ? { externalId: g.externalId } : {}), name: g.name ?? 'A group without a name' });
      }
      return { groups };
    },

    'learn.meetings': async ({ courseId }) => {
      const meetings: Meeting[] = [];
      for await (const meeting of learn().attendance.listMeetings(courseId)) meetings.push(meeting);
      return { meetings };
    },

    'learn.records': async ({ courseId, meetingId }) => {
      const records: ServerRecord[] = [];
      for await (const r of learn().attendance.listRecords(courseId, meetingId)) records.push({ id: r.id, userId: r.userId, status: r.status });
      return { records };
    },
  };
}
