import { z } from 'zod';
import { CourseAnnouncement, CourseAnnouncementPatch, NewCourseAnnouncement } from '../api/course-announcements';

/**
 * IPC channels for a course's announcements. Spread into `contract` in contract.ts; same rules: a
 * request schema each, a response schema each, operations by name and never a URL or token. What
 * the user may do is read from the course role the screen already holds (MyCourse.role): no call.
 */

const CourseId = z.string().min(1).max(200);
const AnnouncementId = z.string().min(1).max(200);

export const courseAnnouncementChannels = {
  /** Every announcement of the course the user may see (all pages). */
  'courseAnnouncements.list': { request: z.strictObject({ courseId: CourseId }), response: z.strictObject({ announcements: z.array(CourseAnnouncement) }) },
  'courseAnnouncements.create': {
    request: z.strictObject({ courseId: CourseId, announcement: NewCourseAnnouncement }),
    response: z.strictObject({ announcement: CourseAnnouncement }),
  },
  'courseAnnouncements.update': {
    request: z.strictObject({ courseId: CourseId, id: AnnouncementId, change: CourseAnnouncementPatch }),
    response: z.strictObject({ announcement: CourseAnnouncement }),
  },
  'courseAnnouncements.delete': { request: z.strictObject({ courseId: CourseId, id: AnnouncementId }), response: z.strictObject({}) },
} as const;
