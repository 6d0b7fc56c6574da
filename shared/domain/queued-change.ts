import { z } from 'zod';
import { announcementChannels } from '../ipc/announcement-channels';
import { calendarChannels } from '../ipc/calendar-channels';
import { contentChannels } from '../ipc/content-channels';
import { courseAnnouncementChannels } from '../ipc/course-announcement-channels';

/**
 * A content-review change (content, adaptive release, calendar, announcements) waiting in the
 * outbox: the write channel the screen would have called online, with exactly that channel's
 * request. One schema per change, taken from the IPC contract, so a change queued offline is held
 * to the same rules as one sent at once, and the engine replays it through the same handler.
 *
 * Something created offline has no Learn id yet: it gets a local id (`local:…`) and later changes
 * name it by that id (a rule's criterion, an event edited before it was sent). The engine maps
 * local ids to Learn's once each create lands, within a push and (through the renderer) across
 * pushes. docs/decisions/queued-changes.md, "Offline content changes".
 */

const writes = {
  'content.create': contentChannels['content.create'],
  'content.createAssignment': contentChannels['content.createAssignment'],
  'adaptiveRelease.createRule': contentChannels['adaptiveRelease.createRule'],
  'adaptiveRelease.renameRule': contentChannels['adaptiveRelease.renameRule'],
  'adaptiveRelease.deleteRule': contentChannels['adaptiveRelease.deleteRule'],
  'adaptiveRelease.createCriterion': contentChannels['adaptiveRelease.createCriterion'],
  'adaptiveRelease.updateCriterion': contentChannels['adaptiveRelease.updateCriterion'],
  'adaptiveRelease.deleteCriterion': contentChannels['adaptiveRelease.deleteCriterion'],
  'adaptiveRelease.setGroups': contentChannels['adaptiveRelease.setGroups'],
  'adaptiveRelease.setUsers': contentChannels['adaptiveRelease.setUsers'],
  'calendar.create': calendarChannels['calendar.create'],
  'calendar.update': calendarChannels['calendar.update'],
  'calendar.delete': calendarChannels['calendar.delete'],
  'announcements.create': announcementChannels['announcements.create'],
  'announcements.update': announcementChannels['announcements.update'],
  'announcements.delete': announcementChannels['announcements.delete'],
  'courseAnnouncements.create': courseAnnouncementChannels['courseAnnouncements.create'],
  'courseAnnouncements.update': courseAnnouncementChannels['courseAnnouncements.update'],
  'courseAnnouncements.delete': courseAnnouncementChannels['courseAnnouncements.delete'],
} as const;

export type QueueableChannel = keyof typeof writes;
export const QUEUEABLE_CHANNELS = Object.keys(writes) as QueueableChannel[];

/** The writes that make something new: Learn cannot deduplicate them, so replay looks first. */
export const CREATE_CHANNELS = ['content.create', 'content.createAssignment', 'adaptiveRelease.createRule', 'adaptiveRelease.createCriterion', 'calendar.create', 'announcements.create', 'courseAnnouncements.create'] as const;
export type CreateChannel = (typeof CREATE_CHANNELS)[number];
export function isCreate(channel: QueueableChannel): channel is CreateChannel {
  return (CREATE_CHANNELS as readonly string[]).includes(channel);
}

export const LOCAL_ID_PREFIX = 'local:';
export const LocalId = z.string().regex(/^local:[A-Za-z0-9-]{8,80}$/);
export function newLocalId(): string {
  return `${LOCAL_ID_PREFIX}${crypto.randomUUID()}`;
}
export function isLocalId(id: string | undefined): id is string {
  return id?.startsWith(LOCAL_ID_PREFIX) === true;
}

const changeSchemas = QUEUEABLE_CHANNELS.map((channel) => z.strictObject({ channel: z.literal(channel), request: writes[channel].request }));
export type QueuedChange = { [C in QueueableChannel]: { channel: C; request: z.output<(typeof writes)[C]['request']> } }[QueueableChannel];
// Built from the list above; typed by hand because zod cannot keep each channel paired with its request through a mapped array.
export const QueuedChange: z.ZodType<QueuedChange> = z.discriminatedUnion('channel', changeSchemas as unknown as [(typeof changeSchemas)[number], ...(typeof changeSchemas)[number][]]) as z.ZodType<QueuedChange>;
export type ChangeOf<C extends QueueableChannel> = Extract<QueuedChange, { channel: C }>;

/** Fields of a request that name something a change may have created offline. */
const REF_FIELDS = ['parentId', 'contentId', 'ruleId', 'criterionId', 'id'] as const;

/** The local ids a change names (the things it waits for). */
export function localRefsOf(change: QueuedChange): string[] {
  const request = change.request as Record<string, unknown>;
  return REF_FIELDS.map((f) => request[f]).filter((v): v is string => typeof v === 'string' && isLocalId(v));
}

/** The change with every local id it names replaced by Learn's id where `ids` knows one. */
export function withLearnIds<T extends QueuedChange>(change: T, ids: ReadonlyMap<string, string>): T {
  const request: Record<string, unknown> = { ...(change.request as Record<string, unknown>) };
  let changed = false;
  for (const f of REF_FIELDS) {
    const v = request[f];
    if (typeof v === 'string' && ids.has(v)) {
      request[f] = ids.get(v);
      changed = true;
    }
  }
  return changed ? { ...change, request } : change;
}

/** Learn's id of what a create's handler answered. */
export function createdIdOf(channel: CreateChannel, response: unknown): string | undefined {
  const r = response as Record<string, { id?: unknown; contentId?: unknown } | undefined> & { id?: unknown };
  const id =
    channel === 'content.create'
      ? r.item?.id
      : channel === 'content.createAssignment'
        ? (r.result?.contentId ?? r.item?.id)
        : channel === 'adaptiveRelease.createRule'
          ? r.id
          : channel === 'adaptiveRelease.createCriterion'
            ? r.criterion?.id
            : channel === 'calendar.create'
              ? r.item?.id
              : r.announcement?.id; // announcements.create and courseAnnouncements.create
  return typeof id === 'string' ? id : undefined;
}
