import { en, type MessageKey } from '../i18n/messages/en';
import { translator } from '../i18n/translate';
import type { HostWordsPart } from '../ipc/host-words';

/**
 * Learn entitlements in words, for messages that tell a user what to ask their Learn
 * administrator for. The administrator finds a privilege by these words in Learn's role editor;
 * the key itself ("course.attendance.VIEW") is developer language an instructor should not have
 * to read, so it is given only for a permission with no words here, after "Learn name:" (the
 * label that lets the E2E screen check tell it from a key leaking out, tests/support/screen-check.ts).
 * The words are messages (`permission.*`), so a sentence that names a permission carries it as a part.
 */
const WORDS: Record<string, MessageKey> = {
  'course.attendance.VIEW': 'permission.viewAttendance',
  'course.attendance.CREATE': 'permission.takeAttendance',
  'course.attendance.MODIFY': 'permission.changeAttendance',
  'course.attendance.DELETE': 'permission.deleteAttendance',
  'course.user.VIEW': 'permission.viewRoster',
  'course.content.VIEW': 'permission.viewContent',
  'course.content.CREATE': 'permission.createContent',
  'course.adaptiverelease.VIEW': 'permission.viewReleaseRules',
  'course.calendar.VIEW': 'permission.viewCalendar',
  'course.calendar-entry.VIEW': 'permission.viewCalendarEntries',
  'system.announcements.VIEW': 'permission.viewSystemAnnouncements',
  'system.course.MODIFY': 'permission.changeAnyCourse',
  'course.content.MODIFY': 'permission.changeContent',
  'course.content.availability.MODIFY': 'permission.changeAvailability',
  'course.adaptiverelease.CREATE': 'permission.addReleaseRules',
  'course.adaptiverelease.MODIFY': 'permission.changeReleaseRules',
  'course.adaptiverelease.DELETE': 'permission.deleteReleaseRules',
  'course.adaptiverelease.acl.modify': 'permission.changeReleasedTo',
  'course.gradebook.MODIFY': 'permission.changeGradebook',
  'course.assessment.CREATE': 'permission.createAssessments',
  'course.assessment.MODIFY': 'permission.changeAssessments',
  'course.content.assessment.deploy.EXECUTE': 'permission.deployAssessments',
  'system.user.course.enrollment.VIEW': 'permission.viewEnrollments',
};

const english = translator('en', en, en);

/** The permission as a message: its words, or its Learn name when none are known. */
export function entitlementPart(entitlement: string): HostWordsPart {
  const key = WORDS[entitlement];
  return key ? { key } : { key: 'permission.named', values: { entitlement } };
}

/** "the permission to view attendance in courses"; "a permission (Learn name: …)" when no words are known. */
export function entitlementInWords(entitlement: string): string {
  const part = entitlementPart(entitlement);
  return english(part.key as MessageKey, part.values);
}

/** Course roles as Learn's user interface names them. */
const ROLE_WORDS: Record<string, string> = {
  Instructor: 'Instructor',
  BbFacilitator: 'Facilitator',
  TeachingAssistant: 'Teaching assistant',
  CourseBuilder: 'Course builder',
  Grader: 'Grader',
  Student: 'Student',
  Guest: 'Guest',
};

export function courseRoleInWords(roleId: string): string {
  return ROLE_WORDS[roleId] ?? roleId;
}
