import { BridgeError, invoke } from '../../bridge';
import { LEARN_UNREACHABLE } from '../../../../shared/ipc/contract';
import { cacheRepo, courses, COURSES_READ_KEY, GroupCommit, hasRoster, meetingsReadKey, readRecently, unreadPastMeetings, type CourseRow, type LearnLists, type MeetingsRead, type RollbookDb } from '../../db';
import type { SiteCheck } from '../../../../shared/ipc/site-check-channels';
import { featurePermission } from '../settings/site-check';
import { readRoster } from '../attendance/roster-read';
import { askMeetings, hasOwnMeetings, MEETINGS_AT_ONCE, noteListsRead, takeEarlyLists } from './early-read';

/**
 * What Today fetches from Learn (issues 17 and 18), after the screen has painted the device's
 * copy: only what it shows (docs/decisions.md, "Reads that are needed, once").
 *
 * 1. The course list (the courses the user teaches now), then those courses' meetings, a few at a
 *    time: the figures Today shows. Either read within the last few minutes (a visit or a launch
 *    just before) is not asked again (read-freshness.ts). The site check is not waited for.
 * 2. The rolls of the latest meetings that have started and that this device has not read, a few a
 *    course: Today's attendance rate counts them (Learn has no read of a course's records at once),
 *    over the course's roster, read first when none is saved.
 *    A roll read once is not read again from Today; the roll call and the report read their own.
 *
 * No other roster: a roll call, the meetings screen, a report or an import reads its own when it needs it.
 * Once per sign-in per course; organisations are skipped, and a course Learn refuses (a
 * cross-listed child, whose attendance is its parent's) is not asked again this sign-in. One Learn
 * did not answer is asked again at the next visit. Saved copies stay either way.
 */
/** Per store: courses whose meetings were read ('read') or refused by Learn ('refused': not asked again, nor their roster). */
const meetingsAsked = new WeakMap<RollbookDb, Map<string, 'read' | 'refused'>>();
const rollsRead = new WeakMap<RollbookDb, Set<string>>();
/** Rolls of started meetings read a course per sign-in, the latest first (step 3). */
export const ROLLS_PER_VISIT = 6;

/** Whether the site check lets this course's role use attendance (no check: yes, a refusal shows on use). */
export function attendanceAllowed(check: SiteCheck | undefined, course: CourseRow): boolean {
  return featurePermission(check, 'attendance', course.role)?.allowed ?? true;
}

function kept<T>(map: WeakMap<RollbookDb, T>, db: RollbookDb, fresh: () => T): T {
  let value = map.get(db);
  if (value === undefined) map.set(db, (value = fresh()));
  return value;
}

/** Not asked again this sign-in unless Learn did not answer at all. */
function settled(error: unknown): boolean {
  return !(error instanceof BridgeError) || error.errorName !== LEARN_UNREACHABLE;
}

/**
 * Step 1: the course list and each course's meetings. `check` is the site check if it has answered
 * yet. Answers already asked for at the sign-in (early-read.ts) are used, the rest asked now.
 * The course list and the meetings answers already here are written in one transaction; answers
 * that come later are written as they come, those arriving during a write together in the next
 * one (GroupCommit): each commit re-reads Today's lists, so a first start waits for two, not one
 * per course. Says which courses' meetings were read now, and how many Learn did not give.
 */
export async function readCoursesAndMeetings(db: RollbookDb, identityKey: string, check: () => SiteCheck | undefined): Promise<{ read: Set<string>; failed: number }> {
  const early = takeEarlyLists(identityKey);
  // The course list read within the last few minutes is the device's copy: not asked again, nor rewritten.
  const coursesFresh = !early && (await readRecently(db, [COURSES_READ_KEY])).size > 0;
  const list = coursesFresh ? await courses(db) : ((await early?.courses.catch(() => undefined)) ?? (await invoke('learn.myCourses', {})).courses);
  const asked = kept(meetingsAsked, db, () => new Map<string, 'read' | 'refused'>());
  const meetingsFresh = await readRecently(db, list.map((c) => meetingsReadKey(c.id)));
  const read = new Set<string>();
  for (const c of list) {
    if (!early?.arrived.has(c.id) && meetingsFresh.has(meetingsReadKey(c.id))) {
      asked.set(c.id, 'read');
      read.add(c.id);
    }
  }
  const wanted = list.filter((c) => !asked.has(c.id) && hasOwnMeetings(c) && attendanceAllowed(check(), c)).sort((a, b) => a.name.localeCompare(b.name));
  const writer = new GroupCommit<LearnLists>((batch) => cacheRepo(db).putLists({ courses: batch.find((b) => b.courses)?.courses, meetings: batch.flatMap((b) => b.meetings) }));
  const here = wanted.flatMap((c) => {
    const answer = early?.arrived.get(c.id);
    return answer ? [{ courseId: c.id, ...answer }] : [];
  });
  const wrote = (reads: readonly MeetingsRead[]): void => {
    for (const { courseId } of reads) {
      asked.set(courseId, 'read');
      read.add(courseId);
    }
  };
  await writer.add({ courses: coursesFresh ? undefined : list, meetings: here });
  noteListsRead(identityKey);
  wrote(here);
  const queue = wanted.filter((c) => !read.has(c.id));
  let failed = 0;
  const worker = async (): Promise<void> => {
    for (let course = queue.shift(); course; course = queue.shift()) {
      try {
        const answer = { courseId: course.id, ...(await (early?.meetings.get(course.id) ?? askMeetings(course.id))) };
        await writer.add({ meetings: [answer] });
        wrote([answer]);
      } catch (error) {
        failed++;
        if (settled(error)) asked.set(course.id, 'refused');
      }
    }
  };
  await Promise.all(Array.from({ length: MEETINGS_AT_ONCE }, worker));
  return { read, failed };
}

/**
 * Step 2: the rolls of the latest started meetings not read yet, at most `ROLLS_PER_VISIT` a course,
 * one request at a time and one small transaction each, until `signal` says Today has closed: a
 * sync or a roll call the instructor starts never waits behind them (the host's HTTP client and
 * the store are shared). A course's older meetings come a few more each sign-in; until then Today
 * says how many it has not read. A course cut short is taken up again when Today opens next.
 */
export async function readPastRolls(db: RollbookDb, check: SiteCheck | undefined, signal: AbortSignal, now = Date.now()): Promise<{ failed: number }> {
  const done = kept(rollsRead, db, () => new Set<string>());
  const asked = meetingsAsked.get(db);
  let failed = 0;
  for (const course of await courses(db)) {
    if (done.has(course.id) || asked?.get(course.id) !== 'read' || !attendanceAllowed(check, course)) continue;
    const unread = (await unreadPastMeetings(db, course.id, now)).slice(0, ROLLS_PER_VISIT);
    // The rate counts the students on the roll: a course with rolls to read and no roster saved reads it first, once.
    if (unread.length > 0 && !signal.aborted && !(await hasRoster(db, course.id))) {
      try {
        await readRoster(db, course.id);
      } catch {
        failed++;
        continue; // the rolls wait for the next visit: without the roll, the rate cannot be told
      }
    }
    for (const meetingId of unread) {
      if (signal.aborted) return { failed };
      try {
        const readSince = new Date().toISOString();
        const { records } = await invoke('learn.records', { courseId: course.id, meetingId });
        await cacheRepo(db).putRecords(course.id, meetingId, records, readSince);
      } catch {
        failed++; // left unread: Today counts it as not read from Learn yet
      }
    }
    if (!signal.aborted) done.add(course.id);
  }
  return { failed };
}
