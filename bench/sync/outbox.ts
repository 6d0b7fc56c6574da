import type { MeetingRef, OpResult, OutboxOp } from '../../shared/domain/outbox';

/**
 * What the renderer's outbox does with a push's results (renderer/src/db/apply-results.ts): done
 * and superseded ops leave, conflicts leave for the user, failed ops stay for the next push, and a
 * done create maps its local meeting id to the server id in every op still waiting.
 */
export function applyResults(ops: readonly OutboxOp[], results: readonly OpResult[]): { waiting: OutboxOp[]; conflicts: number; unrecoverable: string[] } {
  const byId = new Map(results.map((r) => [r.opId, r]));
  const serverIds = new Map<string, number>();
  for (const op of ops) {
    const r = byId.get(op.opId);
    if (op.kind === 'meeting.create' && r?.outcome === 'done' && r.serverMeetingId) serverIds.set(op.localMeetingId, r.serverMeetingId);
  }
  const mapRef = (ref: MeetingRef): MeetingRef => ('localId' in ref && serverIds.has(ref.localId) ? { serverId: serverIds.get(ref.localId)! } : ref);
  let conflicts = 0;
  const unrecoverable: string[] = [];
  const waiting = ops.flatMap((op): OutboxOp[] => {
    const r = byId.get(op.opId);
    if (r?.outcome === 'conflict') conflicts++;
    if (r?.outcome === 'failed' && !r.retryable) unrecoverable.push(r.message);
    if (r && (r.outcome !== 'failed' || !r.retryable)) return [];
    return op.kind === 'meeting.create' || op.kind === 'change' ? [op] : [{ ...op, meeting: mapRef(op.meeting) }];
  });
  return { waiting, conflicts, unrecoverable };
}
