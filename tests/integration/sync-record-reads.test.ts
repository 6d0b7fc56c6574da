import { describe, expect, it } from 'vitest';
import { learnHandlers } from '../../electron/core/app/learn-handlers';
import { CourseRosters, ROSTER_FRESH_MS } from '../../electron/core/learn/course-rosters';
import { createSyncEngine } from '../../electron/core/sync/sync-engine';
import type { RunningSandbox } from '../../sandbox/server';
import { PSYC, collect, learnAs, setFaults } from './learn-support';
import { M, syncSandbox, TestOutbox, delta, serverStatuses, stats } from './sync-support';

/**
 * The reads the sync engine makes before writing, counted at the sandbox through the real client:
 * the cheaper of a meeting's records' pages and one record per student written (seed 001 "Get
 * record"), the roster one read for the screen and the bulk, a course's meetings listed once for
 * several pushes' creates.
 */

let sandbox: RunningSandbox;
syncSandbox((started) => (sandbox = started));

const pages = (n: number): number => Math.max(1, Math.ceil(n / 100));
const RECORDS = `${M}/:meetingId/users`;
const RECORD = `${M}/:meetingId/users/:userId`;
const USERS = 'GET /learn/api/public/v1/courses/:courseId/users';
const fields = (title: string) => ({ title, description: '', start: '2026-12-01T15:00:00Z', end: '2026-12-01T16:00:00Z' });

describe('sync: what is read before writing', () => {
  it('costs one read of the record and one write per attempt for an op Learn keeps refusing, at a meeting of 300 records', async () => {
    const { learn } = learnAs(sandbox, 'instructor');
    const meetings = await collect(learn.attendance.listMeetings(PSYC));
    let meetingId = 0;
    let held = new Map<string, string>();
    for (const m of meetings) {
      held = await serverStatuses(learn, PSYC, m.id);
      meetingId = m.id;
      if (held.size > 200) break;
    }
    expect(held.size).toBeGreaterThan(200);
    // A student whose record is cleared, then who leaves the course: Learn refuses to mark them.
    const [student] = [...held.keys()];
    await learn.attendance.deleteRecord(PSYC, meetingId, student!);
    const { directory } = sandbox.context();
    const course = directory.course(PSYC);
    const at = directory.memberships.findIndex((m) => m.courseId === course.id && m.userId === directory.user(student!).id);
    directory.memberships.splice(at, 1);

    const outbox = new TestOutbox(PSYC);
    outbox.set({ serverId: meetingId }, student!, 'Late', null);
    const engine = createSyncEngine({ learn });
    const before = await stats(sandbox);
    for (let attempt = 0; attempt < 3; attempt++) {
      const [result] = await engine.push(outbox.ops);
      expect(result).toMatchObject({ outcome: 'failed' });
    }

    // Reading the meeting's records would have been pages(held.size) requests each time.
    expect(pages(held.size)).toBeGreaterThanOrEqual(3);
    expect(delta(before, await stats(sandbox))).toEqual({ [`GET ${RECORD}`]: 3, [`POST ${RECORDS}`]: 3 });
  });

  it("lists a meeting's records while its size is unknown, then reads each student's record when they are fewer than its pages", async () => {
    const { learn } = learnAs(sandbox, 'instructor');
    const meeting = (await collect(learn.attendance.listMeetings(PSYC)))[0]!;
    const held = await serverStatuses(learn, PSYC, meeting.id);
    const [a, b, ...rest] = [...held.keys()];
    const flip = (userId: string) => (held.get(userId) === 'Late' ? 'Absent' : 'Late');
    const engine = createSyncEngine({ learn });

    // Two marks: the meeting's size is not known yet, so its records are listed (and counted).
    const first = new TestOutbox(PSYC);
    for (const u of [a!, b!]) first.set({ serverId: meeting.id }, u, flip(u), held.get(u) as 'Late');
    let before = await stats(sandbox);
    expect((await engine.push(first.ops)).every((r) => r.outcome === 'done')).toBe(true);
    expect(delta(before, await stats(sandbox))).toEqual({ [`GET ${RECORDS}`]: pages(held.size), [`PATCH ${RECORD}`]: 2 });

    // Then two marks again: fewer than the pages now known, so each record is read on its own.
    const second = new TestOutbox(PSYC);
    const two = rest.slice(0, 2);
    for (const u of two) second.set({ serverId: meeting.id }, u, flip(u), held.get(u) as 'Late');
    before = await stats(sandbox);
    expect((await engine.push(second.ops)).every((r) => r.outcome === 'done')).toBe(true);
    expect(delta(before, await stats(sandbox))).toEqual({ [`GET ${RECORD}`]: 2, [`PATCH ${RECORD}`]: 2 });
    const now = await serverStatuses(learn, PSYC, meeting.id);
    for (const u of [a!, b!, ...two]) expect(now.get(u)).toBe(flip(u));
  });

  it('reads the roster once for the roll call screen and the bulk of the sync that follows', async () => {
    const { learn } = learnAs(sandbox, 'instructor');
    let now = Date.now();
    const rosters = new CourseRosters(() => 'one identity', () => now);
    const screen = learnHandlers(() => learn, undefined, rosters);
    const engine = createSyncEngine({ learn, roll: rosters.of(learn) });
    const before = await stats(sandbox);
    const { members } = await screen['learn.roster']({ courseId: PSYC });
    expect(members).toHaveLength(300);
    const rollCall = async (title: string): Promise<void> => {
      const outbox = new TestOutbox(PSYC);
      outbox.create(`local-${title}`, fields(title));
      members.forEach((m, i) => outbox.set({ localId: `local-${title}` }, m.userId, i < 10 ? 'Absent' : 'Present', null));
      expect((await engine.push(outbox.ops)).every((r) => r.outcome === 'done')).toBe(true);
    };

    await rollCall('Roll call after the screen');
    let sent = delta(before, await stats(sandbox));
    expect(sent[USERS]).toBe(pages(300));
    expect(sent[`POST ${RECORDS}/bulk`]).toBe(1);

    // Minutes later the kept read is too old: the next bulk reads the roster again.
    now += ROSTER_FRESH_MS;
    await rollCall('Roll call minutes later');
    sent = delta(before, await stats(sandbox));
    expect(sent[USERS]).toBe(2 * pages(300));
    expect(sent[`POST ${RECORDS}/bulk`]).toBe(2);
  });

  it("lists a course's meetings once for the creates of several pushes, and again after a create whose answer was lost", async () => {
    const { learn } = learnAs(sandbox, 'instructor');
    const engine = createSyncEngine({ learn, retry: { maxAttempts: 3, baseDelayMs: 5, maxDelayMs: 20, maxRetryAfterMs: 100, retryStatuses: [429, 502, 503, 504] } });
    const before = await stats(sandbox);
    for (const title of ['First', 'Second', 'Third']) {
      const outbox = new TestOutbox(PSYC);
      outbox.create(`local-${title}`, fields(title));
      expect((await engine.push(outbox.ops))[0]).toMatchObject({ outcome: 'done' });
    }
    expect(delta(before, await stats(sandbox))).toEqual({ [`GET ${M}`]: 1, [`POST ${M}`]: 3 });

    // A create applied by Learn whose answer is lost: the look before the repeat reads the list anew and adopts it.
    await setFaults(sandbox, { dropAfterApplyRate: 1, dropMethods: ['POST'], pathPattern: '/meetings$', seed: 1 });
    const lost = new TestOutbox(PSYC);
    lost.create('local-lost', fields('Lost answer'));
    const lookups = await stats(sandbox);
    const [result] = await engine.push(lost.ops);
    await setFaults(sandbox, { dropAfterApplyRate: 0, pathPattern: null });
    expect(result).toMatchObject({ outcome: 'done' });
    expect(delta(lookups, await stats(sandbox))).toEqual({ [`GET ${M}`]: 1, [`POST ${M}`]: 1 });
    const titles = (await collect(learn.attendance.listMeetings(PSYC))).map((m) => m.title);
    for (const title of ['First', 'Second', 'Third', 'Lost answer']) expect(titles.filter((t) => t === title)).toHaveLength(1);
  });
});
