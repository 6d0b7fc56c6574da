/**
 * Learn entitlements in words, for messages that tell a user what to ask their Learn
 * administrator for. The administrator finds a privilege by its words in the role editor and
 * by its Learn name in the REST documentation, so both are given: "view attendance in courses
 * (Learn name: course.attendance.VIEW)". The "Learn name:" label is what lets the E2E screen check
 * tell this deliberate key from developer language leaking out (tests/support/screen-check.ts).
 */
const WORDS: Record<string, string> = {
  'course.attendance.VIEW': 'view attendance in courses',
  'course.attendance.CREATE': 'take attendance in courses',
  'course.attendance.MODIFY': 'change attendance in courses',
  'course.attendance.DELETE': 'delete attendance meetings in courses',
  'course.user.VIEW': 'view the course roster',
  'course.content.VIEW': 'view course content',
  'course.content.CREATE': 'create course content',
  'course.adaptiverelease.VIEW': 'view adaptive release rules',
  'course.calendar.VIEW': 'view the course calendar',
  'course.calendar-entry.VIEW': 'view course calendar entries',
  'system.announcements.VIEW': 'view system announcements',
  'system.course.MODIFY': 'change any course (an administrator\'s permission)',
  'course.content.MODIFY': 'change course content',
  'course.content.availability.MODIFY': 'change when content is available',
  'course.adaptiverelease.CREATE': 'add release rules',
  'course.adaptiverelease.MODIFY': 'change release rules',
  'course.adaptiverelease.DELETE': 'delete release rules',
  'course.adaptiverelease.acl.modify': 'change who content is released to',
  'course.gradebook.MODIFY': 'change the gradebook',
  'course.assessment.CREATE': 'create tests and assignments',
  'course.assessment.MODIFY': 'change tests and assignments',
  'course.content.assessment.deploy.EXECUTE': 'put tests and assignments in content',
  'system.user.course.enrollment.VIEW': 'view course enrollments',
};

/** "the permission to view attendance in courses (Learn name: course.attendance.VIEW)"; a permission Learn names … when no words are known. */
export function entitlementInWords(entitlement: string): string {
  const words = WORDS[entitlement];
  return words ? `the permission to ${words} (Learn name: ${entitlement})` : `a permission (Learn name: ${entitlement})`;
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
