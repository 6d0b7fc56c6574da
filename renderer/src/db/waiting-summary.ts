import type { RollbookDb } from './rollbook-db';
import { expandOutbox } from './outbox-batches';

/**
 * What is still waiting for Learn, counted by kind: Today's "waiting to
 * sync" and the sign-out dialog's list. Failed changes are counted too: they still wait for the
 * user to retry or discard them. Undone ones ('withdrawn') are not: they will never be sent.
 */
export interface WaitingSummary {
  /** Attendance statuses set or changed. */
  marks: number;
  newMeetings: number;
  meetingChanges: number;
  meetingDeletions: number;
  /** Content, release, calendar and announcement changes. */
  otherChanges: number;
  /** Of all of these, the ones Learn refused. */
  failed: number;
  total: number;
  /** Per course id, how many wait. */
  byCourse: Map<string, number>;
}

export async function waitingSummary(db: RollbookDb): Promise<WaitingSummary> {
  const rows = expandOutbox(await db.outbox.where('state').anyOf('pending', 'failed').toArray());
  const out: WaitingSummary = { marks: 0, newMeetings: 0, meetingChanges: 0, meetingDeletions: 0, otherChanges: 0, failed: 0, total: rows.length, byCourse: new Map() };
  for (const row of rows) {
    if (row.state === 'failed') out.failed++;
    out.byCourse.set(row.courseId, (out.byCourse.get(row.courseId) ?? 0) + 1);
    switch (row.op.kind) {
      case 'record.set':
      case 'record.clear':
        out.marks++;
        break;
      case 'meeting.create':
        out.newMeetings++;
        break;
      case 'meeting.update':
        out.meetingChanges++;
        break;
      case 'meeting.delete':
        out.meetingDeletions++;
        break;
      case 'change':
        out.otherChanges++;
        break;
    }
  }
  return out;
}
