import type { OutboxBatchRow } from '../../renderer/src/db/rows';

/** An import's batch row of `size` Absent statuses at meeting 5, as the store writes it (the outbox journal's tests, both sides). */
export const batchRow = (opId: string, size: number): OutboxBatchRow => ({
  opId,
  courseId: '_1_1',
  meetingKey: 's:5',
  userId: '',
  state: 'pending',
  size,
  recordKeys: Array.from({ length: size }, (_, n) => `s:5\u0000_${n}_1`),
  batch: { at: '2026-11-29T01:00:00.000Z', meeting: { serverId: 5 }, entries: Array.from({ length: size }, (_, n) => ({ n, userId: `_${n}_1`, status: 'Absent', baseStatus: null })) },
});
