/**
 * Learn's permissions (entitlements) in words, as an administrator finds them in Learn's role
 * editor (shared/domain/entitlement-words.ts): a part of a sentence that says what a role lacks
 * ("your role lacks {permission}"). A permission with no words here is named by its Learn name.
 */
export default {
  'permission.viewAttendance': 'the permission to view attendance in courses',
  'permission.takeAttendance': 'the permission to take attendance in courses',
  'permission.changeAttendance': 'the permission to change attendance in courses',
  'permission.deleteAttendance': 'the permission to delete attendance meetings in courses',
  'permission.viewRoster': 'the permission to view the course roster',
  'permission.viewContent': 'the permission to view course content',
  'permission.createContent': 'the permission to create course content',
  'permission.changeContent': 'the permission to change course content',
  'permission.changeAvailability': 'the permission to change when content is available',
  'permission.viewReleaseRules': 'the permission to view adaptive release rules',
  'permission.addReleaseRules': 'the permission to add release rules',
  'permission.changeReleaseRules': 'the permission to change release rules',
  'permission.deleteReleaseRules': 'the permission to delete release rules',
  'permission.changeReleasedTo': 'the permission to change who content is released to',
  'permission.viewCalendar': 'the permission to view the course calendar',
  'permission.viewCalendarEntries': 'the permission to view course calendar entries',
  'permission.viewSystemAnnouncements': 'the permission to view system announcements',
  'permission.changeAnyCourse': "the permission to change any course (an administrator's permission)",
  'permission.changeGradebook': 'the permission to change the gradebook',
  'permission.createAssessments': 'the permission to create tests and assignments',
  'permission.changeAssessments': 'the permission to change tests and assignments',
  'permission.deployAssessments': 'the permission to put tests and assignments in content',
  'permission.viewEnrollments': 'the permission to view course enrollments',
  'permission.named': 'a permission (Learn name: {entitlement})',
} as const;
