import type { ServerRecord } from '../../../shared/ipc/contract';
import type { Meeting } from '../../../shared/api/attendance';
import type { Handlers } from '../ipc/dispatcher';
import { readCourseGroupNames } from '../learn/course-groups';
import { CourseRosters } from '../learn/course-rosters';
import type { LearnClient } from '../learn/learn-client';
import { RecentReads } from '../learn/recent-reads';
import { TaughtCourses } from './taught-courses';

/**
 * The `learn.*` channels: what the renderer caches from Learn (courses, roster, meetings, records).
 * Each reads every page, so the renderer's cache holds the whole list or nothing. The course list
 * is the one read that several screens and the site check share (taught-courses.ts); the roster the
 * one the roll call screen and the sync engine share (course-rosters.ts).
 */
export function learnHandlers(
  learn: () => LearnClient,
  courses = new TaughtCourses(learn, () => undefined),
  rosters = new CourseRosters(() => undefined),
  recent = new RecentReads(() => undefined),
): Pick<Handlers, 'learn.myCourses' | 'learn.roster' | 'learn.groups' | 'learn.groupMembers' | 'learn.meetings' | 'learn.records'> {
  return {
    'learn.myCourses': async ({ past }) => {
      const taught = await courses.read();
      const pastCount = taught.filter((c) => c.past).length;
      return { courses: past ? taught : taught.filter((c) => !c.past), pastCount };
    },

    // Read when a screen asks (it keeps its own freshness), and kept for the sync engine's bulk (course-rosters.ts).
    'learn.roster': async ({ courseId }) => ({ members: [...(await rosters.readNow(learn(), courseId))] }),

    // Every group a criterion may name, those inside group sets too (course-groups.ts).
    'learn.groups': async ({ courseId }) => ({ groups: await readCourseGroupNames(learn(), courseId) }),

    // Only the user ids: whether a student is in a group a release list names (fields=userId, one page per 100 members).
    'learn.groupMembers': async ({ courseId, groupId }) => {
      const userIds: string[] = [];
      for await (const m of learn().courses.listGroupMembers(courseId, groupId, { fields: ['userId'] })) if (m.userId) userIds.push(m.userId);
      return { userIds };
    },

    'learn.meetings': async ({ courseId }) => {
      const meetings: Meeting[] = [];
      for await (const meeting of learn().attendance.listMeetings(courseId)) meetings.push(meeting);
      recent.succeeded('meetings', courseId);
      return { meetings };
    },

    'learn.records': async ({ courseId, meetingId }) => {
      const records: ServerRecord[] = [];
      for await (const r of learn().attendance.listRecords(courseId, meetingId)) records.push({ id: r.id, userId: r.userId, status: r.status });
      return { records };
    },
  };
}
