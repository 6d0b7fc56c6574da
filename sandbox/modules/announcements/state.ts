import type { Clock } from '../../core/clock';
import type { Directory } from '../../core/directory';
import { isAvailable, type AnnouncementJson, type Duration } from './wire';

/**
 * The system announcements of one sandbox world, and how one looks on the wire. "Available" is
 * decided by `isAvailable` against the sandbox clock, never stored, so
 * moving the clock makes a scheduled announcement appear and an old one expire (wire.ts).
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
    return isAvailable(item.duration, this.clock.now());
  }

  /** Oldest first (the order they were posted), ids breaking ties. */
  ordered(): StoredAnnouncement[] {
    return [...this.items.values()].sort((a, b) => Date.parse(a.created) - Date.parse(b.created) || a.id.localeCompare(b.id, 'en', { numeric: true }));
  }
}

/**
 * The wire form. An empty optional field (an open date, the creator) is left out, as Learn leaves
 * unset fields out in every answer the vendor pages show; no document shows one written `null`.
 */
export function announcementView(item: StoredAnnouncement): AnnouncementJson {
  const { type, start, end } = item.duration;
  return {
    id: item.id,
    title: item.title,
    body: item.body,
    availability: { duration: { type, start, end } },
    showAtLogin: item.showAtLogin,
    showInCourses: item.showInCourses,
    creatorUserId: item.creatorUserId,
    created: item.created,
    modified: item.modified,
  };
}
