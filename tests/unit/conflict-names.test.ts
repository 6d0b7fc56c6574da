import 'fake-indexeddb/auto'; // first: Dexie looks for indexedDB when it loads
import { afterEach, describe, expect, it } from 'vitest';
import { attendanceRepo, cacheRepo, outboxRepo, type RollbookDb } from '../../renderer/src/db';
import { conflictWords, shownConflicts } from '../../renderer/src/features/attendance/conflict-rows';
import { t } from '../../renderer/src/ui/i18n';
import { COURSE, MEETING, MEETING_ID, members, seededDb } from './db-fixtures';

let db: RollbookDb;
afterEach(() => db?.close());

const STUDENT = '_100_1';

/** The user marks Absent over Learn's Present; meanwhile someone set Late on Learn: a conflict about STUDENT. */
async function conflictAbout(): Promise<void> {
  db = await seededDb();
  await cacheRepo(db).putRecords(COURSE, MEETING_ID, [{ id: 50001, userId: STUDENT, status: 'Present' }], new Date().toISOString());
  await attendanceRepo(db).setStatus(COURSE, MEETING, STUDENT, 'Absent');
  const [op] = await outboxRepo(db).pending();
  await outboxRepo(db).applyResults([{ opId: op!.opId, outcome: 'conflict', local: 'Absent', server: 'Late', serverRecordId: 50001 }]);
}

/** The panel's sentence for each conflict, as plain text. */
async function sentences(): Promise<string[]> {
  return (await shownConflicts(db)).map((c) => {
    const { key, values } = conflictWords(c);
    return t(key, values);
  });
}

describe('the conflicts panel names the student', () => {
  it('by the roster while the student is on it', async () => {
    await conflictAbout();
    expect(await sentences()).toEqual(['Given0 Zhang (student0) at Lecture 1: you set Absent, Learn has Late.']);
  });

  it('as a student no longer on the roster once the course’s roster no longer has them, never by Learn’s id', async () => {
    await conflictAbout();
    // Dropped from the course: the next read of the roster comes without them.
    await cacheRepo(db).putRoster(COURSE, members(5).filter((m) => m.userId !== STUDENT));
    const [sentence] = await sentences();
    expect(sentence).toBe('A student no longer on the roster, at Lecture 1: you set Absent, Learn has Late.');
    expect(sentence).not.toContain(STUDENT);
  });

  it('by another course’s roster on this device when this course’s no longer has them (one Learn user in every course)', async () => {
    await conflictAbout();
    await cacheRepo(db).putRoster(COURSE, members(5).filter((m) => m.userId !== STUDENT));
    await cacheRepo(db).putRoster('_13_1', members(2));
    expect(await sentences()).toEqual(['Given0 Zhang (student0) at Lecture 1: you set Absent, Learn has Late.']);
  });
});
