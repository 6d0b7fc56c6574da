import { entitlements, type SandboxContext } from '../../core/context';
import type { SandboxCourse } from '../../core/directory';
import { forbidden } from '../../core/errors';
import type { Principal } from '../../core/tokens';
import type { StoredCalendarItem } from './state';
import { PERSONAL } from './wire';

/**
 * Seed 000's calendar permission table, row by row. Each check answers the reason for a refusal
 * (a sentence naming the item or course and what would allow it) or undefined when allowed;
 * lists use them to filter, single-item operations turn a reason into a 403.
 */

type Denial = string | undefined;
const VIEW = 'course.calendar-entry.VIEW';
const CREATE = 'course.calendar-entry.CREATE';
const MODIFY = 'course.calendar-entry.MODIFY';
const INSTITUTION_RIGHT = 'system.calendar-item.EXECUTE';

export class CalendarAccess {
  constructor(private readonly ctx: SandboxContext) {}

  /** Enrolled: a membership that is not switched off (cross-listed students count in the parent). */
  enrolled(principal: Principal, courseId: string): boolean {
    if (principal.kind !== 'user') return false;
    const membership = this.ctx.directory.membership(courseId, principal.userId);
    return membership !== undefined && membership.availability?.available !== 'No';
  }

  /** Enrolled, holding `entitlement` there, and the course calendar switched on. */
  courseDenial(principal: Principal, course: SandboxCourse, entitlement: string, verb: string): Denial {
    const name = `${course.courseId} (${course.id})`;
    if (!course.calendarEnabled) return `The course calendar of ${name} is disabled; it must be enabled in the course before its calendar can be ${verb}`;
    if (principal.kind !== 'user') {
      return `A system (basic-flow) token is not enrolled in ${name}; sign in as a course member (three-legged OAuth) to use its calendar`;
    }
    if (!this.enrolled(principal, course.id)) return `You are not enrolled in ${name}; only course members may use its calendar`;
    if (!entitlements(this.ctx, principal, course.id).has(entitlement)) return `You do not have the entitlement ${entitlement} in ${name}`;
    return undefined;
  }

  /** Courses of `userId` with the calendar on where the principal holds `entitlement` as a member. */
  private sharedCourses(principal: Principal, ownerUserId: string, entitlement: string): SandboxCourse[] {
    return this.ctx.directory
      .userMemberships(ownerUserId)
      .map((m) => this.ctx.directory.courses.get(m.courseId))
      .filter((c): c is SandboxCourse => c !== undefined)
      .filter((c) => this.courseDenial(principal, c, entitlement, 'used') === undefined);
  }

  private course(item: StoredCalendarItem): SandboxCourse | undefined {
    return this.ctx.directory.courses.get(item.calendarId);
  }

  private isOwner(principal: Principal, item: StoredCalendarItem): boolean {
    return principal.kind === 'user' && item.ownerUserId === principal.userId;
  }

  view(principal: Principal, item: StoredCalendarItem): Denial {
    switch (item.type) {
      case 'Institution':
        return undefined;
      case 'Personal':
        return this.isOwner(principal, item) ? undefined : `Calendar item ${item.id} is on another user's personal calendar`;
      case 'Course':
      case 'GradebookColumn':
        return this.inCourse(principal, item, VIEW, 'viewed');
      case 'OfficeHours': {
        if (item.calendarId !== PERSONAL) return this.inCourse(principal, item, VIEW, 'viewed');
        if (this.isOwner(principal, item)) return undefined;
        const shared = this.sharedCourses(principal, item.ownerUserId ?? '', VIEW);
        return shared.length ? undefined : `Office hours ${item.id} are shown only to members of a course their owner is enrolled in`;
      }
    }
  }

  /** Create rights for a new item; `course` is the resolved calendar course, when there is one. */
  create(principal: Principal, type: StoredCalendarItem['type'], course: SandboxCourse | undefined): Denial {
    switch (type) {
      case 'Institution':
        return this.system(principal, 'create');
      case 'Personal':
        return principal.kind === 'user' ? undefined : 'Personal items belong to a user; a system (basic-flow) token has no personal calendar';
      case 'Course':
        return course ? this.courseDenial(principal, course, CREATE, 'added to') : 'A Course item needs a course calendarId';
      case 'OfficeHours':
        if (principal.kind !== 'user') return 'Office hours belong to the signed-in user; a system (basic-flow) token cannot hold them';
        if (course) return this.courseDenial(principal, course, CREATE, 'added to');
        return this.sharedCourses(principal, principal.userId, CREATE).length
          ? undefined
          : `Office hours for all your courses need the entitlement ${CREATE} in at least one course you are enrolled in with its calendar enabled`;
      case 'GradebookColumn':
        return 'GradebookColumn items are made through the gradebook API';
    }
  }

  modify(principal: Principal, item: StoredCalendarItem): Denial {
    return this.change(principal, item, 'changed', false);
  }

  delete(principal: Principal, item: StoredCalendarItem): Denial {
    return this.change(principal, item, 'deleted', true);
  }

  private change(principal: Principal, item: StoredCalendarItem, verb: string, deleting: boolean): Denial {
    switch (item.type) {
      case 'Institution':
        return this.system(principal, verb);
      case 'Personal':
        return this.isOwner(principal, item) ? undefined : `Calendar item ${item.id} is on another user's personal calendar; only its owner may change it`;
      case 'Course':
        return this.inCourse(principal, item, MODIFY, verb);
      case 'GradebookColumn':
        return 'GradebookColumn items are changed through the gradebook API';
      case 'OfficeHours': {
        // Delete needs the owner always; update only for office hours on the owner's personal calendar.
        if ((deleting || item.calendarId === PERSONAL) && !this.isOwner(principal, item)) {
          return `Office hours ${item.id} belong to another user; only their owner may ${deleting ? 'delete' : 'change'} them`;
        }
        if (item.calendarId !== PERSONAL) return this.inCourse(principal, item, MODIFY, verb);
        return principal.kind === 'user' && this.sharedCourses(principal, principal.userId, MODIFY).length
          ? undefined
          : `Changing office hours needs the entitlement ${MODIFY} in at least one course you are enrolled in`;
      }
    }
  }

  private inCourse(principal: Principal, item: StoredCalendarItem, entitlement: string, verb: string): Denial {
    const course = this.course(item);
    if (!course) return `The course of calendar item ${item.id} (${item.calendarId}) no longer exists`;
    return this.courseDenial(principal, course, entitlement, verb);
  }

  private system(principal: Principal, verb: string): Denial {
    return entitlements(this.ctx, principal).has(INSTITUTION_RIGHT)
      ? undefined
      : `Institution calendar items can be ${verb === 'create' ? 'created' : verb} only with the entitlement ${INSTITUTION_RIGHT}`;
  }
}

/** Throws the 403 for a refusal. */
export function allow(denial: Denial): void {
  if (denial !== undefined) throw forbidden(denial);
}
