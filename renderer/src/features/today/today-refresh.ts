import { BridgeError, invoke } from '../../bridge';
import { LEARN_UNREACHABLE } from '../../../../shared/ipc/contract';
import { cacheRepo, courses, COURSES_READ_KEY, GroupCommit, meetingsReadKey, readRecently, type CourseRow, type LearnLists, type MeetingsRead, type RollbookDb } from '../../db';
import type { SiteCheck } from '../../../../shared/ipc/site-check-channels';
import { featurePermission } from '../settings/site-check';
import { askMeetings, hasOwnMeetings, MEETINGS_AT_ONCE, noteListsRead, takeEarlyLists } from './early-read';

/**
 * What Today fetches from Learn, after the screen has painted the device's
 * copy: only what it shows (docs/decisions/reads-needed-once.md, "Reads that are needed, once").
 *
 * The course list (the courses the user teaches now), then those courses' meetings, a few at a
 * time: the figures Today shows. Either read within the last few minutes (a visit or a launch
 * just before) is not asked again (read-freshness.ts). The site check is not waited for.
 *
 * No roster and no roll: the attendance rate is worked out from the records already on this
 * device, and the rolls it has not read come from Learn only when the instructor asks
 * (earlier-rolls.ts; docs/decisions/reads-needed-once.md, "Today's attendance rate from the device's records").
 * Once per sign-in per course; organisations are skipped, and a course Learn refuses (a
 * cross-listed child, whose attendance is its parent's) is not asked again this sign-in. One Learn
 * did not answer is asked again at the next visit. Saved copies stay either way.
 */
/** Per store: courses whose meetings were read ('read') or refused by Learn ('refused': not asked again, nor their roster). */
const meetingsAsked = new WeakMap<RollbookDb, Map<string, 'read' | 'refused'>>();

/** Whether Learn refused this course's meetings to Today in this sign-in (the meetings screen then asks the site check why before reading). */
export function meetingsRefused(db: RollbookDb, courseId: string): boolean {
  return meetingsAsked.get(db)?.get(courseId) === 'refused';
}

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

/** Learn answered a read with a refusal (a role without the permission, a service switched off), not silence. */
export function learnRefused(error: unknown): boolean {
  return error instanceof BridgeError && settled(error);
}

/** What a read of Learn's lists got: the courses whose meetings were read, and how many Learn did not give. */
export interface LearnRead {
  read: Set<string>;
  failed: number;
}

/**
 * The course list and each course's meetings. `check` is the site check if it has answered
 * yet. Answers already asked for at the sign-in (early-read.ts) are used, the rest asked now.
 * The course list and the meetings answers already here are written in one transaction; answers
 * that come later are written as they come, those arriving during a write together in the next
 * one (GroupCommit): each commit re-reads Today's lists, so a first start waits for two, not one
 * per course. Says which courses' meetings were read now, and how many Learn did not give;
 * `listsWritten` is told once the course list (and the meetings already here) is on the device.
 */
export async function readCoursesAndMeetings(db: RollbookDb, identityKey: string, check: () => SiteCheck | undefined, listsWritten?: () => void): Promise<LearnRead> {
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
  listsWritten?.();
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
