import type { CourseAnnouncement } from '../../../shared/api/course-announcements';
import type { courseAnnouncementChannels } from '../../../shared/ipc/course-announcement-channels';
import type { Handlers } from '../ipc/dispatcher';
import type { LearnClient } from '../learn/learn-client';

/** The handlers of `courseAnnouncementChannels`: one Learn operation each; Learn checks every write. */
export function courseAnnouncementHandlers(learn: () => LearnClient): Pick<Handlers, keyof typeof courseAnnouncementChannels> {
  return {
    'courseAnnouncements.list': async ({ courseId }) => {
      const announcements: CourseAnnouncement[] = [];
      for await (const a of learn().courseAnnouncements.listCourseAnnouncements(courseId)) announcements.push(a);
      return { announcements };
    },

    'courseAnnouncements.create': async ({ courseId, announcement }) => ({ announcement: await learn().courseAnnouncements.createCourseAnnouncement(courseId, announcement) }),

    'courseAnnouncements.update': async ({ courseId, id, change }) => ({ announcement: await learn().courseAnnouncements.updateCourseAnnouncement(courseId, id, change) }),

    'courseAnnouncements.delete': async ({ courseId, id }) => {
      await learn().courseAnnouncements.deleteCourseAnnouncement(courseId, id);
      return {};
    },
  };
}
