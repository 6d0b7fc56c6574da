import { attendanceRepo, GroupCommit, type AttendanceRecordRow, type MeetingMarks, type Press, type RollbookDb } from '../../db';
import type { MeetingRef } from '../../../../shared/domain/outbox';

/** One key press of a roll call, with the meeting it was made at. */
export interface MeetingPress extends Press {
  courseId: string;
  meeting: MeetingRef;
}

/**
 * Writes a roll call's key presses. Presses made while a commit is in flight share the
 * next transaction (GroupCommit), each still its own undo step; each press's promise settles with
 * its own batch, so "saving" lasts until that press is durable and a failure names exactly the
 * presses it covered. What the screen last read, plus the records written since, lets each batch
 * be written in one round trip (checked inside the transaction; a stale guess reads first).
 */
export class RollCallWriter {
  /** Records this screen wrote since its last read of the store. */
  #written = new Map<string, AttendanceRecordRow>();
  readonly #queue: GroupCommit<MeetingPress>;

  constructor(
    private readonly db: RollbookDb,
    /** The screen's last read of the meeting. */
    private readonly lastRead: () => MeetingMarks | undefined,
  ) {
    this.#queue = new GroupCommit((batch) => this.#write(batch));
  }

  /** Resolves once the press is committed; rejects with the reason if its batch failed. */
  press(press: MeetingPress): Promise<void> {
    return this.#queue.add(press);
  }

  /** A read of the store arrived: it is what the next batch builds on. */
  storeRead(): void {
    this.#written.clear();
  }

  async #write(batch: MeetingPress[]): Promise<void> {
    // A batch is one meeting's; presses at another (the screen moved on) go in their own transaction.
    for (const run of runsByMeeting(batch)) {
      const { courseId, meeting } = run[0]!;
      const read = this.lastRead();
      const written = this.#written;
      const known = read?.meeting ? { meeting: read.meeting, record: (userId: string) => written.get(userId) ?? read.marks.get(userId)?.record } : undefined;
      const records = await attendanceRepo(this.db).setStatuses(courseId, meeting, run, known);
      for (const [userId, record] of records) written.set(userId, record);
    }
  }
}

function runsByMeeting(batch: readonly MeetingPress[]): MeetingPress[][] {
  const runs: MeetingPress[][] = [];
  for (const press of batch) {
    const run = runs.at(-1);
    const same = run && run[0]!.courseId === press.courseId && JSON.stringify(run[0]!.meeting) === JSON.stringify(press.meeting);
    if (same) run.push(press);
    else runs.push([press]);
  }
  return runs;
}
