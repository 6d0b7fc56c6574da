import { outboxRepo, type RollbookDb } from '../../db';
import type { ConflictRow } from '../../db';
import type { MessageKey } from '../../../../shared/i18n/messages/en';
import { t } from '../../ui/i18n';
import { lookOf } from '../../ui/status-look';
import { meetingLabel } from './meeting-form';

/** A conflict as the panel names it: a person and a meeting in words, never Learn's ids. */
export interface ShownConflict extends ConflictRow {
  /** "Dmitri Abara (dabara)"; null when no roster on this device names the student. */
  student: string | null;
  /** The meeting's name; null when it is no longer on this device. */
  meeting: string | null;
}

/**
 * The student a conflict concerns, by name. A student who left the course is off its roster (a
 * roster read replaces the course's list), but Learn's user id is the same person in every course:
 * another course's roster saved here may still name them (looked up only then: a conflict is rare).
 */
async function studentOf(db: RollbookDb, courseId: string, userId: string): Promise<string | null> {
  let member = await db.rosterMembers.get([courseId, userId]);
  if (!member) {
    // By key, course by course: rows are sealed at rest, so a scan would open every student's row.
    const courses = (await db.rosterMembers.orderBy('courseId').uniqueKeys()).map(String).filter((id) => id !== courseId);
    for (const other of courses) if ((member = await db.rosterMembers.get([other, userId]))) break;
  }
  if (!member) return null;
  const name = `${member.givenName} ${member.familyName}`.trim();
  if (!name) return member.userName || null;
  return member.userName ? `${name} (${member.userName})` : name;
}

/** The conflicts waiting for the instructor's choice, each with the student and meeting named. */
export async function shownConflicts(db: RollbookDb): Promise<ShownConflict[]> {
  const list = await outboxRepo(db).conflicts();
  return Promise.all(
    list.map(async (c) => {
      const meeting = await db.meetings.get(c.meetingKey);
      return { ...c, student: await studentOf(db, c.courseId, c.userId), meeting: meeting ? meetingLabel(meeting) : null };
    }),
  );
}

/** A conflict's sentence: the message, its values, and which of them are names (shown in `<bdi>`). */
export function conflictWords(c: ShownConflict): { key: MessageKey; values: { student: string; meeting: string; mine: string; learn: string }; isolate: string[] } {
  return {
    key: c.student === null ? 'meetings.conflicts.lineOffRoster' : 'meetings.conflicts.line',
    values: {
      student: c.student ?? '',
      meeting: c.meeting ?? t('meetings.conflicts.aMeeting'),
      mine: lookOf(c.local).word,
      learn: c.server === null ? t('meetings.conflicts.noStatus') : lookOf(c.server).word,
    },
    isolate: c.meeting === null ? ['student'] : ['student', 'meeting'],
  };
}
