/** The Content screens: the content tree, adaptive release, the student view (ICU MessageFormat). */
export default {
  'content.viewAsLabel': 'See the course as',
  'content.viewAsInstructor': 'Instructor (everything)',
  'content.viewAsStudent': 'Student: {name}',
  'content.viewAsGroup': 'Group: {name}',
  'content.viewAsGroupsHint': 'Groups show here once a release list has been opened on this device.',
  'content.viewAsReadingStudent': 'Each item says whether {name} sees it now, from when, or why not, from what this device holds.',
  'content.viewAsReadingGroup': 'Each item says whether a member of “{name}” sees it now, from when, or why not, from what this device holds.',
  'content.reading': 'How Rollbook reads release conditions (Learn’s documents do not say): a student must meet every condition of a rule, any one rule is enough, and a folder that is closed to students closes everything in it. “Release conditions not read yet”: the item’s details were never opened on this device; open them once while online to include its conditions.',
  'content.seesNow': 'Sees it now',
  'content.seesFrom': 'Sees it from {at}',
  'content.seesUntil': ', until {until}',
  'content.rulesUnread': ' (release conditions not read yet)',
  'content.seesNot': 'Does not see it: {why}',
  'content.cannotTell': 'Rollbook cannot tell: {why}',
} as const;
