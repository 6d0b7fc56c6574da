import { isAnnouncementAvailable, type Announcement } from '../../../shared/api/announcements';
import type { Clock } from '../../core/clock';
import type { Directory } from '../../core/directory';
import type { Duration } from './validation';

/**
 * The system announcements of one sandbox world, and how one looks on the wire. "Available" is
 * decided by the shared `isAnnouncementAvailable` against the sandbox clock, never stored, so
 * moving the clock makes a scheduled announcement appear and an old one expire.
 */

export interface StoredAnnouncement {
  id: string;
  title: string;
  body: string;
  duration: Duration;
  showAtLogin: boolean;
  showInCourses: boolean;
  /** Who created or last changed it (Swagger: creatorUserId); absent for a system token. */
  creatorUserId?: string;
  created: string;
  modified: string;
}

export type AnnouncementDraft = Omit<StoredAnnouncement, 'id' | 'created' | 'modified'> & { created?: string };

export class AnnouncementStore {
  readonly items = new Map<string, StoredAnnouncement>();

  constructor(
    private readonly directory: Directory,
    private readonly clock: Clock,
  ) {}

  create(draft: AnnouncementDraft): StoredAnnouncement {
    const now = this.clock.iso();
    const created = draft.created ?? now;
    const item: StoredAnnouncement = { ...draft, id: this.directory.newId(), created, modified: created };
    this.items.set(item.id, item);
    return item;
  }

  available(item: StoredAnnouncement): boolean {
    return isAnnouncementAvailable(item.duration, this.clock.now());
  }

  /** Oldest first (the order they were posted), ids breaking ties. */
  ordered(): StoredAnnouncement[] {
    return [...this.items.values()].sort((a, b) => Date.parse(a.created) - Date.parse(b.created) || a.id.localeCompare(b.id, 'en', { numeric: true }));
  }
}

export function announcementView(item: StoredAnnouncement): Announcement {
  return {
    id: item.id,
    title: item.title,
    body: item.body,
    availability: { duration: { ...item.duration } },
    showAtLogin: item.showAtLogin,
    showInCourses: item.showInCourses,
    ...(item.creatorUserId ? { creatorUserId: item.creatorUserId } : {}),
    created: item.created,
    modified: item.modified,
  };
}
