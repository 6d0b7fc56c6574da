import { ATTENDANCE_STATUSES, type AttendanceStatus } from '../api/attendance';

/**
 * About how many Learn requests sending a course's attendance changes takes, and how to spread
 * them over several of the site's days when they do not fit in what is left of one. Pure, so the
 * import's preview and the tests share it. Written from the API's rules (the sync engine follows
 * the same floor), not from the engine's code:
 *
 * - Per course, once per day of sending: the roster, read in pages of 100 (only when something is
 *   written), and the course's meeting list, in pages of 100, before meetings are created.
 * - Per meeting created: one POST.
 * - Per meeting that exists on Learn and gets writes: its records, read in pages of 100 (at least one).
 * - Per meeting's writes: the fewer of one write per changed record, or, for some status B,
 *   1 bulk + one PATCH per student not ending at B + one read of the meeting's records after the
 *   bulk (pages of 100: Learn's bulk may touch more than the roll, so the sync checks it). The
 *   bulk marks every student, so it is an option only when every student on the roster has a
 *   status once the changes are in.
 *
 * Retries, mending what a bulk touched off the roll, and token refreshes are not counted: the
 * figure is "about".
 */

const PAGE = 100;
/** Requests to read a list of `n` items: pages of 100, at least one. */
export const pages = (n: number): number => Math.max(1, Math.ceil(n / PAGE));

export interface MeetingToSend {
  /** The meeting's start (ISO): the plan sends the oldest first. */
  start: string;
  /** Whether Learn has it now (false: the send creates it). */
  onLearn: boolean;
  /** Records Learn holds for it now (pages to read before writing). */
  recordsOnLearn: number;
  /** Records the send writes (new or changed statuses). */
  writes: number;
  /** Every roster student's status once the changes are in, per status; `unmarked` have none. */
  final: Partial<Record<AttendanceStatus, number>>;
  unmarked: number;
}

export interface CourseToSend {
  rosterSize: number;
  /** Meetings Learn lists for the course now (pages read before creating one). */
  meetingsOnLearn: number;
}

/** Requests one meeting's writes and reads take, the course's own reads aside. */
export function meetingRequests(m: MeetingToSend): number {
  if (m.writes === 0 && m.onLearn) return 0;
  const create = m.onLearn ? 0 : 1;
  const read = m.onLearn ? pages(m.recordsOnLearn) : 0;
  let writes = m.writes;
  if (m.unmarked === 0) {
    const marked = ATTENDANCE_STATUSES.reduce((n, s) => n + (m.final[s] ?? 0), 0);
    for (const s of ATTENDANCE_STATUSES) writes = Math.min(writes, 1 + marked - (m.final[s] ?? 0) + pages(marked));
  }
  return create + read + writes;
}

/** Requests the course's own reads take on a day that sends these meetings. */
export function courseRequests(course: CourseToSend, meetings: readonly MeetingToSend[]): number {
  const roster = meetings.some((m) => m.writes > 0) ? pages(course.rosterSize) : 0;
  const list = meetings.some((m) => !m.onLearn) ? pages(course.meetingsOnLearn) : 0;
  return roster + list;
}

/** About how many requests sending all these meetings at once takes. */
export function estimateRequests(course: CourseToSend, meetings: readonly MeetingToSend[]): number {
  return courseRequests(course, meetings) + meetings.reduce((n, m) => n + meetingRequests(m), 0);
}

/** One day of a plan: the meetings (indexes into the input) it sends and about what it costs. */
export interface PlanDay {
  meetings: number[];
  requests: number;
}

/**
 * The meetings spread over days, oldest first: today takes what fits in `today`, each later day
 * what fits in `later`. A meeting is never split (its writes are planned together); one bigger
 * than a whole day gets a day of its own. A single day when everything fits today.
 */
export function planDays(course: CourseToSend, meetings: readonly MeetingToSend[], room: { today: number; later: number }): PlanDay[] {
  const order = meetings.map((m, i) => ({ m, i })).sort((a, b) => a.m.start.localeCompare(b.m.start) || a.i - b.i);
  const days: PlanDay[] = [];
  let current: { m: MeetingToSend; i: number }[] = [];
  const cost = (list: readonly { m: MeetingToSend }[]): number => estimateRequests(course, list.map((x) => x.m));
  const close = (): void => {
    days.push({ meetings: current.map((x) => x.i), requests: cost(current) });
    current = [];
  };
  for (const entry of order) {
    const limit = days.length === 0 ? room.today : room.later;
    if (current.length > 0 && cost([...current, entry]) > limit) close();
    // Nothing fits today: today sends nothing and the plan starts tomorrow.
    else if (current.length === 0 && days.length === 0 && cost([entry]) > room.today) close();
    current.push(entry);
  }
  if (current.length > 0 || days.length === 0) close();
  return days;
}

/** The room a plan keeps free each day for the roll calls of the day: the reserve and a twentieth of the limit. */
export function keptForTheDay(budget: { limit: number; reserve: number }): number {
  return budget.reserve + Math.ceil(budget.limit / 20);
}
