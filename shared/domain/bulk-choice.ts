import { ATTENDANCE_STATUSES, isKnownStatus, type AttendanceStatus, type LearnStatus } from '../api/attendance';

/**
 * The cheapest bulk for one meeting's roll, pure and shared: the renderer proposes with it (its
 * records and cached roster, before a push: which statuses to re-assert) and the engine decides
 * with it (what Learn holds now, read just before). Learn's "set everyone's status" costs
 *   1 bulk + the check of the meeting's records after it (pages of 100)
 *   + one PATCH per student on the roll not ending at the bulk's status B
 *     (an exception the push asks for, or a status already on Learn re-asserted)
 *   + one write per user of the push not on the roll (the bulk is not theirs)
 *   + the off-roll records the bulk is known to touch in this course (put back after it).
 * It is used only when every student on the roll ends with a status (the bulk must not mark
 * someone nobody marked) and when it is fewer requests than one write per record. Any status can
 * be B: the plurality is the usual winner, but not required to be more than half.
 */

export const pagesOf = (items: number, pageSize = 100): number => Math.max(1, Math.ceil(items / pageSize));

export interface RollAfter {
  /** Students on the roll (Student role, available). */
  students: readonly string[];
  /** Each user's status after the push's writes, where known (Learn's for users the push does not write). */
  final: ReadonlyMap<string, LearnStatus>;
  /** Users the push writes (each one request without a bulk). */
  writers: ReadonlySet<string>;
  /** Off-roll records a bulk in this course is known to touch (to be put back after it); 0 when unknown. */
  offRollTouched?: number;
}

export interface BulkOption {
  status: AttendanceStatus;
  /** Requests the bulk path takes, its check and its exceptions included. */
  cost: number;
  /** Students on the roll who do not end at `status`: each needs a PATCH after the bulk. */
  away: string[];
}

/** Every bulk that is fewer requests than the writes, cheapest first (ties in the order of AttendanceStatus). */
export function bulkOptions(roll: RollAfter): BulkOption[] {
  const { students, final, writers } = roll;
  if (students.length === 0 || writers.size < 2) return [];
  const onRoll = new Set(students);
  const outside = [...writers].filter((u) => !onRoll.has(u)).length;
  const counts = new Map<LearnStatus, number>();
  for (const s of students) {
    const status = final.get(s);
    if (status === undefined) return []; // the bulk would mark someone nobody marked
    counts.set(status, (counts.get(status) ?? 0) + 1);
  }
  const offRoll = roll.offRollTouched ?? 0;
  const fixed = 1 + pagesOf(students.length + offRoll) + outside + offRoll;
  return ATTENDANCE_STATUSES
    .map((status) => ({ status, cost: fixed + students.length - (counts.get(status) ?? 0) }))
    .filter((o) => o.cost < writers.size)
    .sort((a, b) => a.cost - b.cost)
    .map((o) => ({ ...o, away: students.filter((s) => final.get(s) !== o.status) }))
    // A status Rollbook does not know cannot be written back: a bulk must never move its student unasked.
    .filter((o) => o.away.every((s) => writers.has(s) || isKnownStatus(final.get(s))));
}

/** Students the bulk would move though the push has no write for them: their status must be re-asserted after it. */
export function reassertsFor(option: BulkOption, roll: RollAfter): { userId: string; status: AttendanceStatus }[] {
  return option.away.filter((u) => !roll.writers.has(u)).flatMap((userId) => {
    const status = roll.final.get(userId);
    return isKnownStatus(status) ? [{ userId, status }] : []; // bulkOptions keeps no option that moves an unknown status
  });
}
