import { CourseAnnouncement, type CourseAnnouncementPatch, type NewCourseAnnouncement } from '../../../shared/api/course-announcements';
import { path, type LearnHttp } from './learn-http';
import { itemSchema, listQuery, toQuery, type FieldsOption, type PageOptions, type Read } from './paging';

/**
 * A course's announcements (Swagger /courses/{courseId}/announcements). Holders of
 * course.announcements.MODIFY list every one (drafts and scheduled ones too), other members only
 * those shown now. The list's default order is not documented: callers sort what they show.
 */

type Signal = { signal?: AbortSignal };
const list = (courseId: string) => path`/api/public/v1/courses/${courseId}/announcements`;
const one = (courseId: string, id: string) => path`/api/public/v1/courses/${courseId}/announcements/${id}`;

export class CourseAnnouncementsApi {
  constructor(private readonly learn: LearnHttp) {}

  /** Every announcement of the course the user may see; all pages. */
  listCourseAnnouncements<O extends PageOptions<CourseAnnouncement>>(courseId: string, options?: O): AsyncGenerator<Read<CourseAnnouncement, O>> {
    const o: PageOptions<CourseAnnouncement> = options ?? {};
    return this.learn.list({ path: list(courseId), query: listQuery(o), operation: `list the announcements of course ${courseId}`, signal: o.signal }, itemSchema(CourseAnnouncement, o.fields));
  }

  getCourseAnnouncement<O extends FieldsOption<CourseAnnouncement> & Signal>(courseId: string, id: string, options?: O): Promise<Read<CourseAnnouncement, O>> {
    return this.learn.read(
      { method: 'GET', path: one(courseId, id), query: toQuery({ fields: options?.fields }), operation: `open announcement ${id}`, signal: options?.signal },
      itemSchema(CourseAnnouncement, options?.fields),
    );
  }

  /** Posts an announcement in the course (201). Not repeated when the answer is lost (POST). */
  createCourseAnnouncement(courseId: string, input: NewCourseAnnouncement, options: Signal = {}): Promise<CourseAnnouncement> {
    return this.learn.read({ method: 'POST', path: list(courseId), json: input, operation: `post the announcement "${input.title}"`, signal: options.signal }, CourseAnnouncement);
  }

  /** Changes only the fields sent; a duration date sent as null is cleared. */
  updateCourseAnnouncement(courseId: string, id: string, change: CourseAnnouncementPatch, options: Signal = {}): Promise<CourseAnnouncement> {
    return this.learn.read({ method: 'PATCH', path: one(courseId, id), json: change, operation: `change announcement ${id}`, signal: options.signal }, CourseAnnouncement);
  }

  deleteCourseAnnouncement(courseId: string, id: string, options: Signal = {}): Promise<void> {
    return this.learn.send({ method: 'DELETE', path: one(courseId, id), operation: `delete announcement ${id}`, signal: options.signal });
  }
}
