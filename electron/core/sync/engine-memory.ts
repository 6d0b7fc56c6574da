import type { AttendanceStatus, LearnStatus, Meeting } from '../../../shared/api/attendance';

/** A course's meetings listed this recently are used again by the next push's look-before-create. */
export const MEETINGS_REUSE_MS = 5 * 60_000;

/**
 * What the sync engine keeps across pushes for its lifetime (it lives as long as the host): never
 * needed for correctness after a crash, only to spend fewer requests or to mend sooner.
 * - `own`: statuses this engine put on Learn by a bulk for a record whose own op has not landed
 *   yet (push-context.ts `rememberOwn`);
 * - meetings: a course's meetings as last listed, with the ones this engine created since, reused
 *   for MEETINGS_REUSE_MS by the look-before-create (an import's pushes list them once); dropped
 *   when a create's outcome is unknown (it may have landed unseen);
 * - records: how many records each meeting held when last seen (read, or written by this engine),
 *   to choose between reading its records' pages and reading each written record (record-step.ts);
 * - off-roll: how many records outside the roll a bulk in each course was seen to touch (Learn's
 *   bulk may cover "all users in the course"), counted into the next bulk's cost there;
 * - checks: meetings whose bulk could not be checked or mended in full (off-roll records it touched
 *   not put back yet): done the next time that meeting is synced, or at the end of the next push
 *   if it holds nothing for that meeting (bulk-step.ts `mendLeftChecks`).
 */

/** What a bulk was meant to cover, and what the users off its roll held before it. */
export interface BulkCheck {
  roll: ReadonlySet<string>;
  before: ReadonlyMap<string, LearnStatus>;
}

export class EngineMemory {
  readonly own = new Map<string, AttendanceStatus>();
  readonly #meetings = new Map<string, { at: number; meetings: Meeting[] }>();
  readonly #records = new Map<string, number>();
  readonly #offRoll = new Map<string, number>();
  readonly #checks = new Map<string, BulkCheck>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The course's meetings as listed within MEETINGS_REUSE_MS (and created by this engine since), or undefined. */
  meetings(courseId: string): Meeting[] | undefined {
    const kept = this.#meetings.get(courseId);
    return kept && this.now() - kept.at < MEETINGS_REUSE_MS ? kept.meetings : undefined;
  }

  listedMeetings(courseId: string, meetings: readonly Meeting[]): void {
    this.#meetings.set(courseId, { at: this.now(), meetings: [...meetings] });
  }

  /** A meeting this engine created (its answer heard): the kept list stays whole. */
  createdMeeting(courseId: string, meeting: Meeting): void {
    this.#meetings.get(courseId)?.meetings.push(meeting);
    this.#records.set(`${courseId}|${meeting.id}`, 0);
  }

  /** A create whose outcome is not known, or a meeting deleted: the next look-before-create lists again. */
  forgetMeetings(courseId: string): void {
    this.#meetings.delete(courseId);
  }

  /** Records the meeting held when last seen, or undefined. */
  recordsAt(courseId: string, meetingId: number): number | undefined {
    return this.#records.get(`${courseId}|${meetingId}`);
  }

  sawRecords(courseId: string, meetingId: number, count: number): void {
    this.#records.set(`${courseId}|${meetingId}`, count);
  }

  createdRecord(courseId: string, meetingId: number): void {
    const key = `${courseId}|${meetingId}`;
    const known = this.#records.get(key);
    if (known !== undefined) this.#records.set(key, known + 1);
  }

  offRollTouched(courseId: string): number {
    return this.#offRoll.get(courseId) ?? 0;
  }

  sawOffRoll(courseId: string, count: number): void {
    this.#offRoll.set(courseId, count);
  }

  /** A bulk at this meeting whose off-roll records are still to be put back, if any. */
  checkOf(courseId: string, meetingId: number): BulkCheck | undefined {
    return this.#checks.get(`${courseId}|${meetingId}`);
  }

  needCheck(courseId: string, meetingId: number, check: BulkCheck): void {
    this.#checks.set(`${courseId}|${meetingId}`, check);
  }

  /** Every meeting whose bulk's off-roll records are still to be put back. */
  leftChecks(): { courseId: string; meetingId: number; check: BulkCheck }[] {
    return [...this.#checks].map(([key, check]) => {
      const at = key.lastIndexOf('|');
      return { courseId: key.slice(0, at), meetingId: Number(key.slice(at + 1)), check };
    });
  }

  checked(courseId: string, meetingId: number): void {
    this.#checks.delete(`${courseId}|${meetingId}`);
  }
}
