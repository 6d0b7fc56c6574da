import { CONTENT_HANDLERS } from '../../../shared/api/content';
import type { ChangeOf, CreateChannel } from '../../../shared/domain/queued-change';
import type { LearnClient } from '../learn/learn-client';

/**
 * How replay recognises something a queued create already made (an answer lost on the way, a
 * crash after Learn applied it): Learn cannot deduplicate these creates and none of them carries a
 * field a client could use as an idempotency key. A thing found in Learn is taken as this
 * change's own only when all hold:
 * - it is where the change puts it (the folder, the item's rules, the rule's criteria, the
 *   calendar, the announcements) and has the same identifying fields (title and type; a
 *   criterion's type and grade column; an event's calendar, start and end);
 * - it was not there when the user made the change (`known`: what this device had read there);
 * - where Learn dates it, it was created after the change was made (less ten minutes of clock
 *   difference between this device and Learn);
 * - no other create of this push has taken it.
 * Otherwise the change is sent again. docs/api-notes/replaying-creates.md, "Replaying content changes".
 */

export interface CreateLookup {
  learn: LearnClient;
  signal: AbortSignal;
  /** When the user made the change (ISO). */
  at: string;
  /** Learn ids that were there already. */
  known: ReadonlySet<string>;
  /** Learn ids other creates of this push have taken. */
  claimed: ReadonlySet<string>;
}

/** Allowed difference between this device's clock and Learn's. */
const CLOCK_SLACK_MS = 10 * 60 * 1000;

type Candidate = { id: string; created?: string | undefined };

function free(c: Candidate, look: CreateLookup): boolean {
  if (look.known.has(c.id) || look.claimed.has(c.id)) return false;
  if (c.created === undefined) return true;
  return Date.parse(c.created) >= Date.parse(look.at) - CLOCK_SLACK_MS;
}

async function first<T extends Candidate>(items: AsyncIterable<T>, matches: (item: T) => boolean, look: CreateLookup): Promise<string | undefined> {
  for await (const item of items) if (matches(item) && free(item, look)) return item.id;
  return undefined;
}

const sameInstant = (a: string | null | undefined, b: string | null | undefined): boolean =>
  (a ?? null) === (b ?? null) || (a != null && b != null && Date.parse(a) === Date.parse(b));

/** Learn's id of what this create already made, if anything. One read (all pages) per call. */
export function findCreated(change: ChangeOf<CreateChannel>, look: CreateLookup): Promise<string | undefined> {
  const { learn, signal } = look;
  switch (change.channel) {
    case 'content.create':
    case 'content.createAssignment': {
      const { courseId, parentId, title } = change.request;
      const handlers: string[] =
        change.channel === 'content.createAssignment'
          ? [CONTENT_HANDLERS.ultraAssessment, CONTENT_HANDLERS.classicAssignment]
          : [change.request.kind === 'folder' ? CONTENT_HANDLERS.folder : change.request.kind === 'link' ? CONTENT_HANDLERS.externalLink : CONTENT_HANDLERS.document];
      const items = parentId === undefined ? learn.content.listContents(courseId, { signal }) : learn.content.listChildren(courseId, parentId, { signal });
      return first(items, (c) => c.title === title && handlers.includes(c.contentHandler?.id ?? ''), look);
    }
    case 'adaptiveRelease.createRule': {
      const { courseId, contentId, title } = change.request;
      return first(learn.adaptiveRelease.listRules(courseId, contentId, { signal }), (r) => r.title === title, look);
    }
    case 'adaptiveRelease.createCriterion': {
      const { courseId, contentId, ruleId, criterion } = change.request;
      const column = 'gradeColumnId' in criterion ? criterion.gradeColumnId : undefined;
      return first(
        learn.adaptiveRelease.listCriteria(courseId, contentId, ruleId, { signal }),
        (c) => c.type === criterion.type && (column === undefined || ('gradeColumnId' in c && c.gradeColumnId === column)),
        look,
      );
    }
    case 'calendar.create': {
      const { item } = change.request;
      const start = Date.parse(item.start);
      const items = learn.calendar.listCalendarItems({ since: new Date(start - 1), until: new Date(start + 1), type: item.type, signal });
      return first(items, (c) => c.calendarId === item.calendarId && c.title === item.title && sameInstant(c.start, item.start) && sameInstant(c.end, item.end), look);
    }
    case 'announcements.create': {
      const { announcement } = change.request;
      return first(learn.announcements.listAnnouncements({ signal }), (a) => a.title === announcement.title && (a.body ?? '') === (announcement.body ?? ''), look);
    }
    case 'courseAnnouncements.create': {
      const { courseId, announcement } = change.request;
      const items = learn.courseAnnouncements.listCourseAnnouncements(courseId, { signal });
      return first(items, (a) => a.title === announcement.title && (a.body ?? '') === (announcement.body ?? ''), look);
    }
  }
}
