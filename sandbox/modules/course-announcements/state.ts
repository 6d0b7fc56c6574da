import type { Clock } from '../../core/clock';
import type { Directory } from '../../core/directory';
import { isAvailable, type Duration } from '../announcements/wire';
import type { CourseAnnouncementJson, DefaultOrder } from './wire';

/**
 * The course announcements of one sandbox world. "Available" (Swagger Get Announcements: users
 * without MODIFY see only 'available' ones) is not a draft and inside its display dates, decided
 * against the sandbox clock at each request, never stored.
 */

export interface StoredCourseAnnouncement {
  id: string;
  courseId: string;
  title: string;
  body: string;
  draft: boolean;
  duration: Duration;
  /** Who created or last changed it (Swagger: creatorUserId); absent for a system token. */
  creatorUserId?: string;
  created: string;
  modified: string;
}

export type CourseAnnouncementDraft = Omit<StoredCourseAnnouncement, 'id' | 'created' | 'modified'> & { created?: string };

export class CourseAnnouncementStore {
  readonly items = new Map<string, StoredCourseAnnouncement>();
  /** Where the Swagger names no order (a list read without `sort`). */
  order: DefaultOrder = 'newest-first';

  constructor(
    private readonly directory: Directory,
    private readonly clock: Clock,
  ) {}

  create(draft: CourseAnnouncementDraft): StoredCourseAnnouncement {
    const created = draft.created ?? this.clock.iso();
    const item: StoredCourseAnnouncement = { ...draft, id: this.directory.newId(), created, modified: created };
    this.items.set(item.id, item);
    return item;
  }

  available(item: StoredCourseAnnouncement): boolean {
    return !item.draft && isAvailable(item.duration, this.clock.now());
  }

  /** One course's announcements, newest first (position 1 on top), ids breaking ties. */
  ofCourse(courseId: string): StoredCourseAnnouncement[] {
    return [...this.items.values()]
      .filter((a) => a.courseId === courseId)
      .sort((a, b) => Date.parse(b.created) - Date.parse(a.created) || b.id.localeCompare(a.id, 'en', { numeric: true }));
  }
}

/** The wire form; an empty optional field (an open date, the creator) is left out. */
export function courseAnnouncementView(item: StoredCourseAnnouncement, position: number): CourseAnnouncementJson {
  const { type, start, end } = item.duration;
  return {
    id: item.id,
    title: item.title,
    body: item.body,
    draft: item.draft,
    availability: { duration: { type, start, end } },
    creatorUserId: item.creatorUserId,
    created: item.created,
    modified: item.modified,
    position,
  };
}
