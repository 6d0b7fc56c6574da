import { z } from 'zod';
import { MeetingRef } from '../../../shared/domain/outbox';
import { HELP_PAGE_IDS } from '../features/help/page-ids';

/**
 * A screen's address in the page's hash (`#/courses/_12_1/meetings`): the same in both hosts (the
 * desktop's app:// page and browser mode's http origin), kept across a reload, and one entry of the
 * window's history per screen, so Back and Forward move between screens. An address names ids only;
 * the screen's names (course code, meeting title) are read from this device's store when the
 * address is followed (place-resolve.ts). The hash is input (a person may type or paste one):
 * it is parsed with a closed grammar and anything else is no place.
 */

/** The screens without a course, by their address. */
const TOP_LEVEL = ['today', 'courses', 'calendar', 'announcements', 'settings', 'history'] as const;
/** A course's sections, by their address. */
export const COURSE_SECTIONS = ['meetings', 'attendance-report', 'csv-import', 'content', 'accessibility', 'course-announcements'] as const;

/** Learn's ids (`_12_1`), a meeting's number or a device-made UUID: letters, digits and a few marks, short. */
const Id = z.string().min(1).max(128).regex(/^[A-Za-z0-9_.:-]+$/);

export const Route = z.discriminatedUnion('name', [
  z.strictObject({ name: z.enum(TOP_LEVEL) }),
  z.strictObject({ name: z.enum(COURSE_SECTIONS), courseId: Id }),
  z.strictObject({ name: z.literal('roll-call'), courseId: Id, meeting: MeetingRef }),
  /** Help's list of pages, or one page (`#/help/photos`). */
  z.strictObject({ name: z.literal('help'), page: z.enum(HELP_PAGE_IDS).optional() }),
]);
export type Route = z.infer<typeof Route>;

export const HOME: Route = { name: 'today' };

/** A meeting's part of an address: Learn's number, or the id this device gave it before sync. */
function meetingPart(ref: MeetingRef): string {
  return 'serverId' in ref ? String(ref.serverId) : ref.localId;
}

function meetingOf(part: string): MeetingRef {
  return /^[1-9]\d{0,15}$/.test(part) ? { serverId: Number(part) } : { localId: part };
}

export function hashOf(route: Route): string {
  if (route.name === 'roll-call') return `#/courses/${encodeURIComponent(route.courseId)}/meetings/${encodeURIComponent(meetingPart(route.meeting))}`;
  if ('courseId' in route) return `#/courses/${encodeURIComponent(route.courseId)}/${route.name}`;
  if (route.name === 'help' && route.page) return `#/help/${route.page}`;
  return `#/${route.name}`;
}

/** The route a hash names, or null when it names none (an empty hash is Today's). */
export function routeOf(hash: string): Route | null {
  if (hash === '' || hash === '#' || hash === '#/') return HOME;
  if (!hash.startsWith('#/') || hash.length > 400) return null;
  let parts: string[];
  try {
    parts = hash.slice(2).split('/').map(decodeURIComponent);
  } catch {
    return null; // a malformed %-escape
  }
  const candidate =
    parts.length === 1
      ? { name: parts[0] }
      : parts.length === 2 && parts[0] === 'help'
        ? { name: 'help', page: parts[1] }
        : parts.length === 3 && parts[0] === 'courses'
        ? { name: parts[2], courseId: parts[1] }
        : parts.length === 4 && parts[0] === 'courses' && parts[2] === 'meetings'
          ? { name: 'roll-call', courseId: parts[1], meeting: meetingOf(parts[3] ?? '') }
          : null;
  const parsed = Route.safeParse(candidate);
  if (!parsed.success) return null;
  if (parsed.data.name === 'roll-call' && 'localId' in parsed.data.meeting && !Id.safeParse(parsed.data.meeting.localId).success) return null;
  return parsed.data;
}

export function sameRoute(a: Route, b: Route): boolean {
  return hashOf(a) === hashOf(b);
}
