/**
 * Learn entitlements in words, for messages that tell a user what to ask their Learn
 * administrator for. The administrator finds a privilege by these words in Learn's role editor;
 * the key itself ("course.attendance.VIEW") is developer language an instructor should not have
 * to read, so it is given only for a permission with no words here, after "Learn name:" (the
 * label that lets the E2E screen check tell it from a key leaking out, tests/support/screen-check.ts).
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

/** "the permission to view attendance in courses"; "a permission (Learn name: …)" when no words are known. */
export function entitlementInWords(entitlement: string): string {
  const words = WORDS[entitlement];
  return words ? `the permission to ${words}` : `a permission (Learn name: ${entitlement})`;
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
