import type { LearnClient } from '../../electron/core/learn/learn-client';
import type { OutboxOp } from '../../shared/domain/outbox';
import { LECTURE } from './harness';

/**
 * The baseline the engine is compared with: a client that sends one request per local change, one
 * at a time, in the order the changes were made: POST a meeting for each create, POST a record the
 * first time a student is marked at a meeting and PATCH it each time after. Correct, and slow.
 */
export async function naivePush(learn: LearnClient, ops: readonly OutboxOp[]): Promise<number> {
  const serverIds = new Map<string, number>();
  const marked = new Set<string>();
  let sent = 0;
  for (const op of ops) {
    if (op.kind === 'meeting.create') {
      const created = await learn.attendance.createMeeting(op.courseId, { courseId: op.courseId, ...op.fields });
      serverIds.set(op.localMeetingId, created.id);
      sent++;
      continue;
    }
    if (op.kind !== 'record.set') throw new Error(`the naive client does not send ${op.kind}`);
    const meetingId = 'serverId' in op.meeting ? op.meeting.serverId : serverIds.get(op.meeting.localId);
    if (meetingId === undefined) throw new Error(`record for a meeting never created: ${JSON.stringify(op.meeting)}`);
    const key = `${meetingId}|${op.userId}`;
    if (marked.has(key) || op.baseStatus !== null) await learn.attendance.updateRecord(LECTURE, meetingId, op.userId, { status: op.status });
    else await learn.attendance.createRecord(LECTURE, meetingId, { userId: op.userId, status: op.status });
    marked.add(key);
    sent++;
  }
  return sent;
}
