import type { AttendanceStatus } from '../../../shared/api/attendance';

/** A roster read this recent is used again by the next push instead of being read again. */
export const ROSTER_REUSE_MS = 5 * 60_000;

/**
 * What the sync engine keeps across pushes for its lifetime (it lives as long as the host): never
 * needed for correctness after a crash, only to spend fewer requests or to mend sooner.
 * - `own`: statuses this engine put on Learn by a bulk for a record whose own op has not landed
 *   yet (push-context.ts `rememberOwn`);
 * - rosters: one read of a course's roll, reused for ROSTER_REUSE_MS (a roll call's pushes, a day's
 *   syncs, never once per meeting);
 * - off-roll: how many records outside the roll a bulk in each course was seen to touch (Learn's
 *   bulk may cover "all users in the course"), counted into the next bulk's cost there;
 * - checks: meetings whose bulk could not be checked or mended in full (off-roll records it touched
 *   not put back yet): done the next time that meeting is synced.
 */

/** What a bulk was meant to cover, and what the users off its roll held before it. */
export interface BulkCheck {
  roll: ReadonlySet<string>;
  before: ReadonlyMap<string, AttendanceStatus>;
}

export class EngineMemory {
  readonly own = new Map<string, AttendanceStatus>();
  readonly #rosters = new Map<string, { at: number; read: Promise<Map<string, string>> }>();
  readonly #offRoll = new Map<string, number>();
  readonly #checks = new Map<string, BulkCheck>();

  constructor(private readonly now: () => number = Date.now) {}

  /** A roster read still fresh enough to use, or undefined. */
  roster(courseId: string): Promise<Map<string, string>> | undefined {
    const kept = this.#rosters.get(courseId);
    if (kept && this.now() - kept.at < ROSTER_REUSE_MS) return kept.read;
    return undefined;
  }

  keepRoster(courseId: string, read: Promise<Map<string, string>>): void {
    this.#rosters.set(courseId, { at: this.now(), read });
    read.catch(() => {
      if (this.#rosters.get(courseId)?.read === read) this.#rosters.delete(courseId);
    });
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

  checked(courseId: string, meetingId: number): void {
    this.#checks.delete(`${courseId}|${meetingId}`);
  }
}
