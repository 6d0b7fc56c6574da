/**
 * Every word the course announcements screen shows, in one place, in an instructor's words
 * (course codes and titles, never ids or permission keys).
 */
const quoted = (title: string | undefined): string => `“${title ?? 'untitled'}”`;

export const courseAnnouncementWords = {
  heading: (code: string) => `${code} announcements`,
  courseSection: 'Posted in this course',
  systemSection: 'From your institution',
  systemNote: 'Posted by your institution for every course. You can read them here; only a Learn administrator changes them.',
  systemNoneSaved: 'Institution announcements are not saved on this device yet.',
  systemOpen: 'Open institution announcements',
  newButton: 'New announcement',
  post: 'Post announcement',
  save: 'Save announcement',
  edit: 'Edit',
  remove: 'Delete',
  reading: 'Reading announcements from Learn…',
  noneRead: 'No announcements read yet.',
  noneSaved: 'No announcements of this course are saved on this device; reconnect to read them.',
  none: 'No announcements in this course yet.',
  offlineAsOf: (when: string) => `Offline: as of ${when}`,
  draft: 'Draft: students do not see it',
  draftChoice: 'Save as a draft (students do not see it until you post it)',
  waitingHeading: 'Announcement changes waiting to be sent to Learn',
  discardToKeep: 'Discard the delete in the waiting list above to keep it.',
  changeGroup: (title: string | undefined) => `Change ${quoted(title)}`,
  message: (title: string | undefined) => `Message of ${quoted(title)}`,
  confirmTitle: 'Delete this announcement?',
  confirmBody: (title: string | undefined, code: string) => `${quoted(title)} will be deleted in Learn for everyone in ${code}.`,
  confirmButton: 'Delete announcement',
  posted: (title: string) => `Announcement ${quoted(title)} posted`,
  saved: 'Announcement saved',
  deleted: 'Announcement deleted',
  newLabel: (title: string, code: string) => `New announcement ${quoted(title)} in ${code}`,
  changeLabel: (title: string | undefined, code: string) => `Change announcement ${quoted(title)} in ${code}`,
  deleteLabel: (title: string | undefined, code: string) => `Delete announcement ${quoted(title)} in ${code}`,
  taCannotDelete: (code: string) => `As a teaching assistant in ${code} you can post and edit announcements; deleting them is for the course's instructors.`,
  roleCannotWrite: (code: string) => `Your role in ${code} lets you read its announcements; posting them is for the course's instructors.`,
  learnUnreachable: 'Rollbook could not reach Learn.',
};
