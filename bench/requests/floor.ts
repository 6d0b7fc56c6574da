/**
 * The API's floor: the fewest Learn REST requests an instructor's action can take, computed from
 * what Learn holds and what must end up there, from the API's own rules and never from Rollbook's
 * engine (nothing here imports electron/, shared/domain or the sync benchmark's minimum), so the
 * requests benchmark can judge the engine against it. Pure: numbers in, numbers out.
 *
 * Sources: the seeds (/work/shared/seeds: 000 platform and content, 001 attendance), the vendor
 * Swagger (learn-swagger-3900.121.0.json) and the quota page (learn-docs/learn/groups-quotas-rates.md).
 *
 * Paging
 * - R1. A list answers at most 100 items a page (reference README: "the default and maximum
 *   `limit` is 100"); an empty list still takes one request: pages(n) = max(1, ceil(n / 100)).
 *
 * Signing in and launching
 * - R2. A first sign-in to a site: one address check (`GET /system/version`, token-free: seed 000,
 *   the only way to know the address is a Learn site before sending a person there), one token
 *   exchange (`POST /oauth2/token`, seed 000 three-legged flow; its answer carries `user_id`), one
 *   read of the user (`GET /users/me`, seed 000: the name the header shows is not in the token).
 *   The authorization page the person's browser opens is Learn's sign-in page, not a REST call of
 *   the app: the benchmark counts neither it nor a floor for it.
 * - R3. A launch (first or later) shows Today and My courses: the user's memberships with their
 *   courses (`GET /users/me/courses?expand=course`, pages of 100: a course's name and dates come
 *   with it), and, for each current course the user teaches (Instructor or TA, available, its
 *   dates now), that course's meetings (`GET /courses/{id}/meetings`, pages of 100: the next
 *   meeting). Past courses and courses taken as a student need nothing until opened. The
 *   attendance rate shown beside a course is taken from records already on the device (reading
 *   every held meeting's records, 3 pages each for 300 students, at each launch is what a site's
 *   quota cannot carry); a course whose `DateRange` dates say current needs no term read (a
 *   `Term` duration would: `GET /terms/{id}`, not in the benchmark's world).
 * - R4. A reading already made in the same session is not made again within minutes (the issue's
 *   "a reading made within the last minutes is not repeated on navigation").
 *
 * Roll call and the screens around it
 * - R5. Opening a roll call shows its roster: the course's users (`GET /courses/{id}/users`,
 *   pages of 100) once per course and session (R4).
 * - R6. Photos are not in the floors below: Learn's avatar call (`GET /users/{id}/avatar`, a 302
 *   to a signed file: Swagger) is one request per student with a photo, once per course and term.
 *   The benchmark counts them apart (`photos`).
 *
 * Writing attendance (seed 001 and Swagger; per sync session)
 * - R7. Creating a meeting is one POST. Learn cannot deduplicate it, so before the first create
 *   of a course in a sync the course's meetings are listed (pages of 100; R1), once.
 * - R8. A meeting already on Learn has its records read before writing, to see what someone else
 *   changed: the cheaper of its records' pages (`GET .../meetings/{id}/users`) and one
 *   `GET .../users/{userId}` per user written (seed 001: Get record). A meeting this sync
 *   creates has none to read.
 * - R9. Per meeting, the end state (each user's last status; a user not set keeps Learn's) costs
 *   the cheaper of (a) one write (POST or PATCH) per user whose status on Learn differs from the
 *   end, and (b) for some status B, one bulk (seed 001 "Batch status setting": the same status for
 *   all users of one meeting; Swagger `POST .../users/bulk`) + one write per student of the
 *   course's roll whose end is not B (a PATCH, or a DELETE where nobody is to have a record) + one
 *   write per user set whom the bulk does not reach.
 * - R9b. Whom the bulk reaches is not documented beyond "all users in the course" (Swagger), and the
 *   API says nothing of instructors, assistants or unavailable students, so a client cannot know
 *   what a bulk wrote without reading the meeting once after it (what the issue behind this floor
 *   asks: "after a bulk, check the meeting's records once"): pages of the meeting's records after
 *   the bulk. The users the bulk reached beyond the roll are a fact of the site (the sandbox's
 *   bulk-coverage control, read by LearnFacts); each whose end is not B is one write (a DELETE of
 *   the record nobody was to have, or its status put back). With a bulk that reaches the roll
 *   only, that is none. `floorIfCoverageKnown` (the same sum without the check read) is kept
 *   beside each figure, for a site whose coverage were documented.
 * - R10. (b) needs the roll: the course's users, pages of 100, once per course and session,
 *   free when the session already read it (R5), counted only when the bulks save more than it.
 *
 * Reports and Ally (seed 000 content, seed 002 Ally)
 * - R11. A course's attendance report needs each meeting's records the device does not already
 *   hold from this session (pages of 100 each), the meetings list and the roster (R4, R5).
 * - R12. An Ally overview of a course lists its content once (`GET /courses/{id}/contents?
 *   recursive=true`, seed 000, since 3100.2.0: pages of 100 of every item) and the attachments
 *   (one list each) of each item that keeps its files there: in a Classic course files, documents
 *   and Classic assignments (Swagger, Get File Attachments: "for a Classic Course"); in an Ultra
 *   course file items only, since an Ultra document keeps its files as links in its body, which the
 *   content listing already carries (the vendor's attachments walkthrough and BbML page), and
 *   Learn lists no attachments for it. Which experience a course is comes with the course list
 *   (R3: `expand=course`, `ultraStatus`). Ally's own calls are Ally's, not Learn's quota, counted apart.
 *   A file's bytes downloaded to send it to Ally or to hash it are not in this floor: whether
 *   Ally already knows a file is Ally's answer, not Learn's (the app's downloads are counted).
 *
 * Idle and failures
 * - R13. An open app with nothing to do needs no request. An op Learn refuses for good (a 4xx that
 *   no retry changes: a user no longer in the course) is sent once: its floor is the first
 *   attempt (R8 + one write); staying open an hour adds nothing.
 */
import type { AttendanceStatus } from '../../shared/api/attendance';

export type Status = AttendanceStatus;

export const PAGE_SIZE = 100;

/** R1. Requests to read a list of `items`: at least one. */
export const pages = (items: number): number => Math.max(1, Math.ceil(items / PAGE_SIZE));

/** R2. The first sign-in to a site on a device. */
export const SIGN_IN = { versionCheck: 1, token: 1, whoAmI: 1 } as const;
export const signInFloor = (): number => SIGN_IN.versionCheck + SIGN_IN.token + SIGN_IN.whoAmI;

export interface LaunchInput {
  /** A first launch on the device (signs in: R2); a later one is already signed in. */
  signIn: boolean;
  /** The user's memberships (every role, every term). */
  memberships: number;
  /** Meetings on Learn of each current course the user teaches (one entry a course). */
  currentTaughtMeetings: readonly number[];
}

/** R2 + R3. */
export function launchFloor(input: LaunchInput): number {
  return (input.signIn ? signInFloor() : 0) + pages(input.memberships) + input.currentTaughtMeetings.reduce((n, meetings) => n + pages(meetings), 0);
}

/** One meeting's part of a sync. */
export interface MeetingWrite {
  /** Created by this sync (R7); else it is on Learn already (R8). */
  created: boolean;
  /** Learn's records before the sync: userId -> status (empty for a created meeting). */
  before: ReadonlyMap<string, Status>;
  /** What this device sets: userId -> the last status set. */
  set: ReadonlyMap<string, Status>;
}

export interface CourseSync {
  /** Meetings the course has on Learn before the sync (for R7's look-up). */
  meetingsOnLearn: number;
  /** The course's students, who the bulk reaches (R9, R10). */
  roll: readonly string[];
  /** Users the bulk also reaches who are not on the roll (R9b): none when it covers the students only. */
  bulkAlsoReaches?: readonly string[];
  /** The roll was read in this session already (R5, R10). */
  rollKnown: boolean;
  meetings: readonly MeetingWrite[];
}

export interface SyncFloor {
  total: number;
  meetingLists: number;
  creates: number;
  recordReads: number;
  rollReads: number;
  bulks: number;
  /** R9b: one read of each bulk's meeting after it. */
  checkReads: number;
  writes: number;
}

/**
 * R9 and R9b for one meeting: the writes one by one, and the best bulk plan if any: the bulk, its
 * check read (`check`: 0 for a site whose coverage is known) and the writes after it.
 */
export function meetingWrites(m: MeetingWrite, roll: readonly string[], alsoReaches: readonly string[] = [], check = true): { oneByOne: number; withBulk: number; checkRead: number } {
  const end = new Map(m.before);
  for (const [userId, status] of m.set) end.set(userId, status);
  let oneByOne = 0;
  for (const [userId, status] of m.set) if (m.before.get(userId) !== status) oneByOne++;
  if (oneByOne === 0 || roll.length === 0) return { oneByOne, withBulk: Infinity, checkRead: 0 };
  const reached = new Set([...roll, ...alsoReaches]);
  let outside = 0;
  for (const [userId, status] of m.set) if (!reached.has(userId) && m.before.get(userId) !== status) outside++;
  const counts = new Map<Status, number>();
  for (const userId of roll) {
    const status = end.get(userId);
    if (status !== undefined) counts.set(status, (counts.get(status) ?? 0) + 1);
  }
  let best = Infinity;
  for (const bulkStatus of counts.keys()) {
    // Everyone the bulk reached who is not to end at B is one write after it (PATCH, or DELETE).
    let after = 0;
    for (const userId of reached) if (end.get(userId) !== bulkStatus) after++;
    best = Math.min(best, after);
  }
  if (best === Infinity) best = reached.size; // nobody on the roll has an end: every bulk record is undone
  const checkRead = check ? pages(new Set([...reached, ...m.before.keys()]).size) : 0;
  return { oneByOne, withBulk: 1 + checkRead + best + outside, checkRead };
}

/** R7 to R10 for one sync session of several courses; `check: false` leaves out R9b's check read. */
export function syncFloor(courses: readonly CourseSync[], options: { check?: boolean } = {}): SyncFloor {
  const out: SyncFloor = { total: 0, meetingLists: 0, creates: 0, recordReads: 0, rollReads: 0, bulks: 0, checkReads: 0, writes: 0 };
  for (const course of courses) {
    const created = course.meetings.filter((m) => m.created).length;
    if (created > 0) out.meetingLists += pages(course.meetingsOnLearn);
    out.creates += created;
    for (const m of course.meetings) {
      if (!m.created && m.set.size > 0) out.recordReads += Math.min(pages(m.before.size), m.set.size);
    }
    const plans = course.meetings.map((m) => meetingWrites(m, course.roll, course.bulkAlsoReaches, options.check ?? true));
    const oneByOne = plans.reduce((n, p) => n + p.oneByOne, 0);
    const rollCost = course.rollKnown ? 0 : pages(course.roll.length);
    const withBulks = rollCost + plans.reduce((n, p) => n + Math.min(p.oneByOne, p.withBulk), 0);
    if (withBulks < oneByOne) {
      out.rollReads += rollCost;
      for (const p of plans) {
        if (p.withBulk < p.oneByOne) {
          out.bulks++;
          out.checkReads += p.checkRead;
          out.writes += p.withBulk - 1 - p.checkRead;
        } else out.writes += p.oneByOne;
      }
    } else out.writes += oneByOne;
  }
  out.total = out.meetingLists + out.creates + out.recordReads + out.rollReads + out.bulks + out.checkReads + out.writes;
  return out;
}

/** R5: the roll call screen's roster, unless read in this session. */
export const rollCallScreenFloor = (students: number, rosterKnown: boolean): number => (rosterKnown ? 0 : pages(students));

export interface ReportInput {
  /** Records on Learn of each meeting whose records the device does not hold from this session. */
  unknownMeetingRecords: readonly number[];
  meetingsKnown: boolean;
  meetingsOnLearn: number;
  rosterKnown: boolean;
  students: number;
}

/** R11. */
export function reportFloor(input: ReportInput): number {
  return (input.meetingsKnown ? 0 : pages(input.meetingsOnLearn)) + (input.rosterKnown ? 0 : pages(input.students)) + input.unknownMeetingRecords.reduce((n, records) => n + pages(records), 0);
}

/** R12: the course's content items (all levels) and how many of them keep files as attachments. */
export const allyOverviewFloor = (input: { contentItems: number; fileItems: number }): number => pages(input.contentItems) + input.fileItems;

/** A figure beside its floor, as bench/results/latest.json keeps it. */
export interface RequestsFigure {
  requests: number;
  floor: number;
  ratio: number;
}

export const figure = (requests: number, floor: number): RequestsFigure => ({ requests, floor, ratio: floor === 0 ? (requests === 0 ? 1 : Infinity) : Math.round((requests / floor) * 100) / 100 });
