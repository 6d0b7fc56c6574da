import { createSyncEngine } from '../../electron/core/sync/sync-engine';
import type { OutboxOp } from '../../shared/domain/outbox';
import { round } from '../stats';
import { LECTURE, SyncBench, kindsIn } from '../sync/harness';
import { minimumRequests, type MinimumRequests } from '../sync/minimum';
import { naivePush } from '../sync/naive';
import { applyResults } from '../sync/outbox';
import { buildScenario, type Scenario } from '../sync/scenario';
import type { BenchFigure, BenchSection } from './types';

/**
 * Sync: 40 meetings x 300 students queued offline, pushed through the real sync engine and Learn
 * client to the in-process sandbox over loopback, 20 ms added to every request. Each run starts
 * from the demo term (sandbox reset), so runs never see each other's meetings.
 */
const LATENCY_MS = 20;
const MEETINGS = 40;
const NAIVE_MEETINGS = 8;
const GROWTH = [1, 10, 40] as const;
/** 5% of requests answered 503 before any change; 2% applied and then the answer lost (any method). */
const FAULTS = { serverErrorRate: 0.05, serverErrorStatuses: [503], dropAfterApplyRate: 0.02, dropMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'], seed: 8 };
/** The renderer pushes again whatever failed as retryable; a run that needs more is reported as not exact. */
const MAX_PUSHES = 10;

interface Run {
  scenario: Scenario;
  ms: number;
  sent: number;
  minimum: MinimumRequests;
  pushes: number;
  conflicts: number;
  problems: string[];
}

async function prepare(bench: SyncBench, count: number): Promise<{ scenario: Scenario; minimum: MinimumRequests }> {
  await bench.reset(0);
  const learn = bench.learn();
  const roster = await bench.roster(learn);
  const existing = await bench.createExisting(learn, count);
  const scenario = buildScenario(LECTURE, roster, count, existing);
  const meetingCount = await bench.meetingCount(learn);
  const before = new Map<number, Awaited<ReturnType<SyncBench['records']>>>();
  for (const id of existing) before.set(id, await bench.records(learn, id));
  const minimum = minimumRequests(scenario.ops, {
    meetingCount: () => meetingCount,
    records: (_course, id) => before.get(id) ?? new Map(),
    roster: () => roster,
  });
  return { scenario, minimum };
}

/** Pushes the scenario with the engine until nothing retryable is left (one push without faults). */
async function engineRun(bench: SyncBench, count: number, faults: boolean): Promise<Run> {
  const { scenario, minimum } = await prepare(bench, count);
  await bench.control('faults', { latencyMs: LATENCY_MS, ...(faults ? FAULTS : {}) });
  const learn = bench.learn();
  const engine = createSyncEngine({ learn });
  const sentBefore = await bench.requestsSent();
  let waiting: OutboxOp[] = scenario.ops;
  let pushes = 0;
  let conflicts = 0;
  const started = performance.now();
  while (waiting.length > 0 && pushes < MAX_PUSHES) {
    pushes++;
    const applied = applyResults(waiting, await engine.push(waiting));
    waiting = applied.waiting;
    conflicts += applied.conflicts;
  }
  const ms = performance.now() - started;
  const sent = (await bench.requestsSent()) - sentBefore;
  await bench.control('faults', { latencyMs: 0, serverErrorRate: 0, dropAfterApplyRate: 0 });
  const problems = await bench.differences(bench.learn(), scenario.meetings);
  if (waiting.length > 0) problems.unshift(`${waiting.length} changes still waiting after ${MAX_PUSHES} pushes`);
  if (conflicts > 0) problems.unshift(`${conflicts} changes reported as conflicts`);
  return { scenario, ms, sent, minimum, pushes, conflicts, problems };
}

async function naiveRun(bench: SyncBench, count: number): Promise<{ ms: number; sent: number }> {
  const { scenario } = await prepare(bench, count);
  await bench.control('faults', { latencyMs: LATENCY_MS });
  const sentBefore = await bench.requestsSent();
  const started = performance.now();
  await naivePush(bench.learn(), scenario.ops);
  const ms = performance.now() - started;
  const sent = (await bench.requestsSent()) - sentBefore;
  await bench.control('faults', { latencyMs: 0 });
  const problems = await bench.differences(bench.learn(), scenario.meetings);
  if (problems.length > 0) throw new Error(`the naive client left Learn wrong: ${problems.slice(0, 3).join('; ')}`);
  return { ms, sent };
}

export const syncSection: BenchSection = async (log) => {
  const bench = await SyncBench.start();
  try {
    const growth = new Map<number, Run>();
    for (const count of GROWTH) {
      const run = await engineRun(bench, count, false);
      if (run.problems.length > 0) throw new Error(`the engine left Learn wrong at ${count} meetings: ${run.problems.slice(0, 3).join('; ')}`);
      growth.set(count, run);
      log(`sync: ${count} meetings (${kindsIn(run.scenario.meetings)}), ${run.scenario.records} records: ${Math.round(run.ms)} ms, ${run.sent} requests (minimum ${run.minimum.total})`);
    }
    const full = growth.get(MEETINGS)!;
    const engine8 = await engineRun(bench, NAIVE_MEETINGS, false);
    log(`sync: engine on the first ${NAIVE_MEETINGS} meetings: ${Math.round(engine8.ms)} ms, ${engine8.sent} requests`);
    const naive = await naiveRun(bench, NAIVE_MEETINGS);
    log(`sync: naive client on the first ${NAIVE_MEETINGS} meetings: ${Math.round(naive.ms)} ms, ${naive.sent} requests`);
    const faulty = await engineRun(bench, MEETINGS, true);
    const injected = ((await bench.control('faults')) as { injected: Record<string, number> }).injected;
    log(`sync: ${MEETINGS} meetings with 5% 503s and 2% lost answers: ${Math.round(faulty.ms)} ms, ${faulty.sent} requests in ${faulty.pushes} pushes, ${faulty.problems.length === 0 ? 'Learn exact' : `NOT exact: ${faulty.problems.slice(0, 3).join('; ')}`}`);

    const perRecord = (count: number): number => growth.get(count)!.ms / growth.get(count)!.scenario.records;
    const speedup = naive.ms / engine8.ms;
    const figures: BenchFigure[] = [
      { label: `sync ${full.scenario.records} records (${MEETINGS} meetings): wall time`, value: round(full.ms, 0), unit: 'ms' },
      { label: 'sync: requests sent / minimum', value: full.sent, unit: 'req', baseline: { label: 'minimum', value: full.minimum.total, unit: 'req' }, ratio: full.sent / full.minimum.total, target: '1.00' },
      { label: `sync ${NAIVE_MEETINGS} meetings: engine vs naive`, value: round(engine8.ms, 0), unit: 'ms', baseline: { label: 'naive, 1 request per change', value: round(naive.ms, 0), unit: 'ms' }, ratio: speedup, target: '>= 10x faster' },
      ...GROWTH.map((count): BenchFigure => ({
        label: `sync: time per record at ${count} meeting${count === 1 ? '' : 's'}`,
        value: round(perRecord(count), 3),
        unit: 'ms',
        baseline: { label: 'at 1 meeting', value: round(perRecord(1), 3), unit: 'ms' },
        ratio: perRecord(count) / perRecord(1),
        target: 'flat or falling (<= ~1)',
      })),
      { label: 'sync with faults: requests sent / minimum', value: faulty.sent, unit: 'req', baseline: { label: 'minimum', value: faulty.minimum.total, unit: 'req' }, ratio: faulty.sent / faulty.minimum.total },
      { label: 'sync with faults: Learn equals intent', value: faulty.problems.length === 0 ? 1 : 0, unit: faulty.problems.length === 0 ? '(exact)' : '(NOT exact)', target: '1 (exact)' },
    ];
    return {
      figures,
      json: {
        latencyMs: LATENCY_MS,
        meetings: MEETINGS,
        records: full.scenario.records,
        ops: full.scenario.ops.length,
        wallMs: round(full.ms, 0),
        requestsSent: full.sent,
        minimumRequests: full.minimum.total,
        minimumBreakdown: full.minimum,
        requestsPerMinimum: round(full.sent / full.minimum.total, 3),
        speedupVsNaive: round(speedup, 1),
        naive: { meetings: NAIVE_MEETINGS, ms: round(naive.ms, 0), requests: naive.sent, engineMs: round(engine8.ms, 0), engineRequests: engine8.sent },
        perRecordMs: Object.fromEntries(GROWTH.map((c) => [String(c), round(perRecord(c), 3)])),
        // 1 meeting carries the fixed costs (meeting list, roster) alone; 10 -> 40 shows the growth.
        perRecordRatio40vs10: round(perRecord(40) / perRecord(10), 2),
        faults: {
          serverErrorRate: FAULTS.serverErrorRate,
          dropAfterApplyRate: FAULTS.dropAfterApplyRate,
          wallMs: round(faulty.ms, 0),
          requestsSent: faulty.sent,
          minimumRequests: faulty.minimum.total,
          requestsPerMinimum: round(faulty.sent / faulty.minimum.total, 3),
          pushes: faulty.pushes,
          injected,
          exact: faulty.problems.length === 0,
          problems: faulty.problems.slice(0, 10),
        },
      },
    };
  } finally {
    await bench.close();
  }
};
