/**
 * The pieces of Learn's release rules that the accessibility overview (when-students-see.ts) and
 * the course as one student sees it (student-view.ts) both apply, walking from an item up through
 * its folders (docs/api-notes/content-and-release.md "What non-privileged members see"): a closed
 * item or folder closes everything in it, and release windows narrow one another.
 */
import type { Content } from '../api/content';

/** One item on the way to what is looked at: the item itself first, then each folder above it. */
export interface ReleaseStep {
  contentId: string;
  title: string;
  available?: string | undefined;
  start?: string | null | undefined;
  end?: string | null | undefined;
}

/** When something is open: from `from` (−Infinity: always was) until `until` (null: no end; exclusive). */
export interface ReleaseWindow {
  from: number;
  until: number | null;
}

export const time = (iso: string | null | undefined): number | null => {
  if (!iso) return null;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? null : t;
};

export const always = (): ReleaseWindow => ({ from: -Infinity, until: null });

/** `window` narrowed to also start no earlier than `start` and end no later than `end` (either may be absent). */
export function narrowed(window: ReleaseWindow, start: number | null, end: number | null): ReleaseWindow {
  return {
    from: start === null ? window.from : Math.max(window.from, start),
    until: end === null ? window.until : window.until === null ? end : Math.min(window.until, end),
  };
}

/** Over at `now`, or never opening: its end has come, or comes no later than its start. */
export const isOver = (window: ReleaseWindow, now: number): boolean => window.until !== null && (window.until <= now || window.until <= window.from);

/**
 * Why students do not (or may not) see an item, as a message of the catalogue (area `content`,
 * `content.why.*`) and its values: the renderer says it in the instructor's language (as
 * shared/ipc/host-words.ts does for the host). `folder` is the title of the folder above the item
 * where the reason lies; absent when it lies in the item itself.
 */
export type ReleaseReason = { folder?: string } & (
  | { key: 'content.why.hidden' | 'content.why.titleOnly' | 'content.why.datesPassed' | 'content.why.ruleDatesPassed' | 'content.why.notMet' | 'content.why.membersUnread' }
  | { key: 'content.why.groupNotListed' | 'content.why.studentNotListed' | 'content.why.groupsUnknown'; values: { name: string } }
  | { key: 'content.why.gradeCondition'; values: { condition: string } }
);

/** `reason` as it stands for an item inside `folder`. */
export const inside = (reason: ReleaseReason, folder: string | null): ReleaseReason => (folder === null ? reason : { ...reason, folder });

/** Why students cannot reach what is under `step` at all (`own`: it is the item itself), or null when its availability lets them. */
export function closedBy(step: ReleaseStep, own: boolean): ReleaseReason | null {
  const folder = own ? null : step.title;
  if (step.available === 'No') return inside({ key: 'content.why.hidden' }, folder);
  if (step.available === 'PartiallyVisible') return inside({ key: 'content.why.titleOnly' }, folder);
  return null;
}

/** An item's step as Learn's content resource gives it (availability and adaptive release window). */
export function releaseStepOf(item: Pick<Content, 'id' | 'title' | 'availability'>): { contentId: string; title: string; available?: string; start?: string; end?: string } {
  const a = item.availability;
  return {
    contentId: item.id,
    title: item.title,
    ...(a?.available ? { available: a.available } : {}),
    ...(a?.adaptiveRelease?.start ? { start: a.adaptiveRelease.start } : {}),
    ...(a?.adaptiveRelease?.end ? { end: a.adaptiveRelease.end } : {}),
  };
}
