/**
 * What the host's site check says (electron/core/app/site-check.ts): each feature's name, and why
 * it is not available. Each reason is a whole sentence per feature, not a feature spliced into a
 * sentence, so each language words it as its grammar needs. Learn's or Ally's own words (an
 * error's text) stay a value.
 */
export default {
  'sitecheck.name.courses': 'Sign-in and the course list',
  'sitecheck.name.roster': 'Rosters',
  'sitecheck.name.attendance': 'Meetings and roll call',
  'sitecheck.name.content': 'Course content',
  'sitecheck.name.adaptiveRelease': 'Adaptive release',
  'sitecheck.name.calendar': 'Calendar',
  'sitecheck.name.announcements': 'System announcements',
  'sitecheck.name.ally': 'Accessibility reports (Ally)',

  'sitecheck.notAllowed.courses': 'Your role on this site does not allow listing your courses. Ask your Learn administrator for the permission to view course enrollments.',
  'sitecheck.notAllowed.roster': 'Your role on this site does not allow reading course rosters. Ask your Learn administrator for the permission to view the course roster.',
  'sitecheck.notAllowed.attendance': 'Your role on this site does not allow reading or taking attendance. Ask your Learn administrator for the permission to view attendance in courses.',
  'sitecheck.notAllowed.content': 'Your role on this site does not allow reading course content. Ask your Learn administrator for the permission to view course content.',
  'sitecheck.notAllowed.adaptiveRelease': 'Your role on this site does not allow reading adaptive release rules. Ask your Learn administrator for the permission to view adaptive release rules.',
  'sitecheck.notAllowed.calendar': 'Your role on this site does not allow reading the calendar. Ask your Learn administrator for the permission to view the course calendar.',
  'sitecheck.notAllowed.announcements': 'Your role on this site does not allow reading system announcements. Ask your Learn administrator for the permission to view system announcements.',

  'sitecheck.notEnabled.courses': 'Sign-in and the course list is not enabled on this Learn site (Learn answered "not found"). Ask your Learn administrator whether it can be switched on.',
  'sitecheck.notEnabled.roster': 'Rosters is not enabled on this Learn site (Learn answered "not found"). Ask your Learn administrator whether it can be switched on.',
  'sitecheck.notEnabled.attendance': 'Meetings and roll call is not enabled on this Learn site (Learn answered "not found"). Ask your Learn administrator whether it can be switched on.',
  'sitecheck.notEnabled.content': 'Course content is not enabled on this Learn site (Learn answered "not found"). Ask your Learn administrator whether it can be switched on.',
  'sitecheck.notEnabled.adaptiveRelease': 'Adaptive release is not enabled on this Learn site (Learn answered "not found"). Ask your Learn administrator whether it can be switched on.',
  'sitecheck.notEnabled.calendar': 'Calendar is not enabled on this Learn site (Learn answered "not found"). Ask your Learn administrator whether it can be switched on.',
  'sitecheck.notEnabled.announcements': 'System announcements is not enabled on this Learn site (Learn answered "not found"). Ask your Learn administrator whether it can be switched on.',

  'sitecheck.noAnswer': 'Learn did not answer the check ({error}). Check again later.',
  'sitecheck.noCourse': 'You teach no course on this site, so this was not checked.',
  'sitecheck.coursesUnread': 'Your courses could not be listed, so this was not checked.',
  'sitecheck.release.noContent': '{course} has no content to check adaptive release with.',
  'sitecheck.release.contentUnread': 'Course content could not be read, so adaptive release was not checked.',

  'sitecheck.ally.notConfigured': 'Ally is not set up for this site in Rollbook. Ask IT for the deployment file with allyClientId and allySecret (docs/deploying.md, section 4).',
  'sitecheck.ally.refused': 'Ally refused the client id and secret Rollbook has for this site. Ask IT to check allyClientId and allySecret in the deployment file.',
  'sitecheck.ally.noAnswer': 'Ally did not answer the check ({error}). Check again later.',
  'sitecheck.ally.silent': 'Ally did not answer the check (no answer). Check again later.',
} as const;
