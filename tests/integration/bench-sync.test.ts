import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSyncEngine } from '../../electron/core/sync/sync-engine';
import { LECTURE, SyncBench } from '../../bench/sync/harness';
import { minimumRequests } from '../../bench/sync/minimum';
import { naivePush } from '../../bench/sync/naive';
import { buildScenario } from '../../bench/sync/scenario';

/**
 * The sync benchmark's yardsticks against the real engine and sandbox (no latency): on its own
 * scenario the engine sends exactly the computed minimum and leaves Learn as intended, and the
 * naive baseline sends one request per change and leaves Learn right too. If either drifted, the
 * benchmark's ratios would mislead.
 */
let bench: SyncBench;
beforeAll(async () => {
  bench = await SyncBench.start();
});
afterAll(async () => {
  await bench.close();
});

async function prepare(count: number) {
  await bench.reset(0);
  const learn = bench.learn();
  const roster = await bench.roster(learn);
  const existing = await bench.createExisting(learn, count);
  const scenario = buildScenario(LECTURE, roster, count, existing);
  const meetings = await bench.meetingCount(learn);
  const minimum = minimumRequests(scenario.ops, { meetingCount: () => meetings, records: () => new Map(), roster: () => roster });
  return { scenario, minimum };
}

describe('sync benchmark yardsticks', () => {
  it('the engine sends exactly the computed minimum for 8 meetings of every kind', async () => {
    const { scenario, minimum } = await prepare(8);
    expect(new Set(scenario.meetings.map((m) => m.kind)).size).toBe(4);
    const before = await bench.requestsSent();
    const results = await createSyncEngine({ learn: bench.learn() }).push(scenario.ops);
    expect(results.filter((r) => r.outcome !== 'done' && r.outcome !== 'superseded')).toEqual([]);
    expect((await bench.requestsSent()) - before).toBe(minimum.total);
    expect(await bench.differences(bench.learn(), scenario.meetings)).toEqual([]);
  });

  it('the naive client sends one request per change and leaves Learn right', async () => {
    const { scenario } = await prepare(3);
    const before = await bench.requestsSent();
    expect(await naivePush(bench.learn(), scenario.ops)).toBe(scenario.ops.length);
    expect((await bench.requestsSent()) - before).toBe(scenario.ops.length);
    expect(await bench.differences(bench.learn(), scenario.meetings)).toEqual([]);
  });

  it('finds a wrong server state: a duplicate meeting and a changed record are named', async () => {
    const { scenario } = await prepare(1);
    await createSyncEngine({ learn: bench.learn() }).push(scenario.ops);
    const learn = bench.learn();
    const planned = scenario.meetings[0]!;
    const [userId] = [...planned.intent.keys()];
    let meetingId = 0;
    for await (const m of learn.attendance.listMeetings(LECTURE)) if (m.title === planned.title) meetingId = m.id;
    await learn.attendance.updateRecord(LECTURE, meetingId, userId!, { status: 'Excused' });
    expect(await bench.differences(learn, scenario.meetings)).toEqual([`${planned.title}: ${userId} is Excused, not Present`]);
    await learn.attendance.createMeeting(LECTURE, { courseId: LECTURE, ...planned.fields });
    expect(await bench.differences(learn, scenario.meetings)).toEqual([`${planned.title}: 2 meetings in Learn`]);
  });
});
