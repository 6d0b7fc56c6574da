import { createSyncEngine } from '../../electron/core/sync/sync-engine';
import { startSandbox } from '../../sandbox/server';
import type { MeetingRef, OutboxOp } from '../../shared/domain/outbox';
import { nextPush } from '../../shared/domain/push-batch';
import { learnAs } from '../learn';
import { applyResults } from '../sync/outbox';
import { RequestCounter, type Counted } from './counter';
import { syncFloor, type Status } from './floor';
import { LearnFacts } from './learn-facts';
import { LECTURE_COURSE_ID } from './world';

/**
 * A term's import synced: 40 new meetings x the lecture's 300 students, queued as the import
 * queues them (a meeting create, then one record op a row, base status none), pushed by the real
 * sync engine and Learn client to an in-process sandbox, cut into pushes as the renderer cuts
 * them (shared/domain/push-batch.ts) and pushed again while anything retryable waits, as the
 * renderer's outbox does (bench/sync/outbox.ts). The renderer is not needed for this figure: the
 * requests are the engine's. Every record is then compared with Learn.
 *
 * Statuses per meeting in a fixed spread (each student's status varies by meeting):
 * realistic 88 / 7 / 3 / 2 % Present / Absent / Late / Excused; mixed 40 / 25 / 20 / 15 %.
 */
export const IMPORT_MEETINGS = 40;
export const MIXES = {
  realistic: { Present: 88, Absent: 7, Late: 3, Excused: 2 },
  mixed: { Present: 40, Absent: 25, Late: 20, Excused: 15 },
} as const satisfies Record<string, Record<Status, number>>;

const COURSE = `courseId:${LECTURE_COURSE_ID}`;
const MAX_PUSHES = 10;

/** Student j at meeting i: a status by the mix, spread so every meeting holds the mix's shares. */
export function statusAt(mix: Record<Status, number>, i: number, j: number): Status {
  const slot = (j * 37 + i * 11) % 100;
  let upTo = 0;
  for (const status of ['Present', 'Absent', 'Late', 'Excused'] as const) {
    upTo += mix[status];
    if (slot < upTo) return status;
  }
  return 'Present';
}

export interface ImportRun {
  requests: Counted;
  floor: number;
  /** The floor without R9b's check reads: for a site whose bulk coverage were documented. */
  floorIfCoverageKnown: number;
  pushes: number;
  exact: boolean;
}

export async function importSync(mixName: keyof typeof MIXES): Promise<ImportRun> {
  const mix = MIXES[mixName];
  const sandbox = await startSandbox({ port: 0, dailyQuota: 10_000_000 });
  try {
    const facts = new LearnFacts(sandbox);
    const counter = new RequestCounter(sandbox);
    const roll = (await facts.list(`/courses/${COURSE}/users?role=Student`)).filter((m) => m.courseRoleId === 'Student').map((m) => String(m.userId));
    const meetingsBefore = (await facts.meetings(LECTURE_COURSE_ID)).length;
    const ops: OutboxOp[] = [];
    const t0 = Date.UTC(2027, 0, 4, 12);
    let n = 0;
    const base = () => ({ opId: `import-${String(++n).padStart(6, '0')}`, courseId: COURSE, at: new Date(t0 + n).toISOString() });
    const intent = new Map<string, Map<string, Status>>();
    for (let i = 0; i < IMPORT_MEETINGS; i++) {
      const title = `Imported ${mixName} ${i + 1}`;
      const start = new Date(Date.UTC(2027, 0, 4, 14) + i * 86_400_000);
      const meeting: MeetingRef = { localId: `import-${i + 1}` };
      ops.push({ ...base(), kind: 'meeting.create', localMeetingId: meeting.localId, fields: { title, description: '', start: start.toISOString(), end: new Date(start.getTime() + 3_600_000).toISOString() } });
      const wanted = new Map<string, Status>();
      roll.forEach((userId, j) => {
        const status = statusAt(mix, i, j);
        wanted.set(userId, status);
        ops.push({ ...base(), kind: 'record.set', meeting, userId, status, baseStatus: null });
      });
      intent.set(title, wanted);
    }
    const course = { meetingsOnLearn: meetingsBefore, roll, bulkAlsoReaches: await facts.bulkAlsoReaches(LECTURE_COURSE_ID, roll), rollKnown: false, meetings: [...intent.values()].map((set) => ({ created: true, before: new Map(), set })) };
    const floor = syncFloor([course]).total;
    const floorIfCoverageKnown = syncFloor([course], { check: false }).total;

    const engine = createSyncEngine({ learn: learnAs(sandbox, 'instructor') });
    const from = counter.snapshot();
    let waiting = ops;
    let pushes = 0;
    while (waiting.length > 0 && pushes < MAX_PUSHES) {
      pushes++;
      const push = nextPush(waiting);
      const sent = new Set(push.map((op) => op.opId));
      const applied = applyResults(push, await engine.push(push));
      // Pushes hold whole meetings: what this one did not send names only meetings of its own.
      waiting = [...applied.waiting, ...waiting.filter((op) => !sent.has(op.opId))];
    }
    const requests = counter.since(from);
    let exact = waiting.length === 0;
    for (const meeting of await facts.meetings(LECTURE_COURSE_ID)) {
      const wanted = meeting.title ? intent.get(meeting.title) : undefined;
      if (!wanted) continue;
      const held = await facts.records(LECTURE_COURSE_ID, meeting.id);
      if (held.size !== wanted.size || [...wanted].some(([u, s]) => held.get(u) !== s)) exact = false;
      intent.delete(meeting.title!);
    }
    if (intent.size > 0) exact = false;
    return { requests, floor, floorIfCoverageKnown, pushes, exact };
  } finally {
    await sandbox.close();
  }
}
