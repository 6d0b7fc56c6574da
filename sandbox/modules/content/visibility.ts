import type { SandboxContext } from '../../core/context';
import type { SandboxCourse } from '../../core/directory';
import type { Principal } from '../../core/tokens';
import { entitlements } from '../../core/context';
import { forbidden } from '../../core/errors';
import type { ContentStore, StoredContent } from './store';

/**
 * Who sees which content (seed 000 "Visibility of content"; Swagger Get Content / Get Content
 * Children). Holders of any of the entitlements below see every item with every field. Everyone
 * else must be enrolled, sees only items open to them now, and never sees the availability
 * settings themselves.
 */

export const SEE_ALL_CONTENT = [
  'course.adaptiverelease.CREATE',
  'course.adaptiverelease.DELETE',
  'course.adaptiverelease.MODIFY',
  'course.adaptiverelease.VIEW',
  'course.configure-areas.EXECUTE',
  'course.content-item.copy.EXECUTE',
  'course.content.DELETE',
  'course.content.MODIFY',
  'course.learningstandards.alignment.CREATE',
  'course.performance.dashboard.VIEW',
] as const;

export interface Viewer {
  /** Holds one of SEE_ALL_CONTENT: sees everything as stored. */
  privileged: boolean;
  /** Enrolled with the Guest role: only items that allow guests. */
  guest: boolean;
  granted: ReadonlySet<string>;
}

/** The viewer of a course's content, or a 403 naming what is missing. */
export function viewerOf(ctx: SandboxContext, principal: Principal, course: SandboxCourse): Viewer {
  const granted = entitlements(ctx, principal, course.id);
  if (SEE_ALL_CONTENT.some((e) => granted.has(e))) return { privileged: true, guest: false, granted };
  const membership = principal.kind === 'user' ? ctx.directory.membership(course.id, principal.userId) : undefined;
  if (!membership || membership.availability?.available === 'No') {
    throw forbidden(`User is not enrolled in course ${course.courseId}: content is visible to its members only`);
  }
  if (course.availability?.available === 'No') {
    throw forbidden(`Course ${course.courseId} is not available to students yet; its content opens when the instructor makes the course available`);
  }
  return { privileged: false, guest: membership.courseRoleId === 'Guest', granted };
}

/** Open now to a non-privileged viewer: available, inside its release window, guests allowed if a guest. */
function isOpen(item: StoredContent, viewer: Viewer, now: number): boolean {
  const a = item.availability;
  if (a.available === 'No') return false;
  if (viewer.guest && !a.allowGuests) return false;
  if (a.adaptiveRelease.start && Date.parse(a.adaptiveRelease.start) > now) return false;
  if (a.adaptiveRelease.end && Date.parse(a.adaptiveRelease.end) <= now) return false;
  return true;
}

/**
 * The item and every folder above it are open. A PartiallyVisible folder shows its title only,
 * so what is inside it stays closed (sandbox rule, docs/api-notes/content.md).
 */
export function canSee(store: ContentStore, viewer: Viewer, item: StoredContent, now: number): boolean {
  if (viewer.privileged) return true;
  const [self, ...ancestors] = store.ancestry(item);
  if (!self || !isOpen(self, viewer, now)) return false;
  return ancestors.every((folder) => isOpen(folder, viewer, now) && folder.availability.available !== 'PartiallyVisible');
}

/** A filter for tree walks: a closed folder hides its whole subtree. */
export function openFilter(viewer: Viewer, now: number): (item: StoredContent) => boolean {
  if (viewer.privileged) return () => true;
  return (item) => isOpen(item, viewer, now);
}

/** Whether a walk may descend into this folder for this viewer. */
export function canOpenFolder(viewer: Viewer, item: StoredContent): boolean {
  return viewer.privileged || item.availability.available !== 'PartiallyVisible';
}
