import { describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/server';
import type { AttendanceStatus } from '../../shared/api/attendance';
import { createSyncEngine, type SyncProgress } from '../../electron/core/sync/sync-engine';
import { SignInRequiredError } from '../../electron/core/auth/access-token';
import { HttpClient } from '../../electron/core/http/http-client';
import { LearnClient } from '../../electron/core/learn/learn-client';
import { PSYC, collect, learnAs, setFaults, tokensFor } from './learn-support';
import { M, syncSandbox, TestOutbox, delta, serverStatuses, stats, students } from './sync-support';

/** The sync engine against the in-process sandbox, on the 300-student lecture. */

let sandbox: RunningSandbox;
syncSandbox((started) => (sandbox = started));

const pages = (n: number): number => Math.max(1, Math.ceil(n / 100));
const fields = { title: 'Review session', description: 'Before the midterm', start: '2026-11-30T15:00:00Z', end: '2026-11-30T16:15:00Z' };
const exceptionStatus = (i: number): AttendanceStatus => (['Absent', 'Late', 'Excused'] as const)[i % 3]!;

/** A roll taken offline at a new meeting: everyone Present but 12 (Absent, Late, Excused in turn). */
function rollAtNewMeeting(outbox: TestOutbox, roll: string[]): Map<string, AttendanceStatus> {
  const intent = new Map<string, AttendanceStatus>();
  outbox.create('local-1', fields);
  roll.forEach((userId, i) => intent.set(userId, i < 12 ? exceptionStatus(i) : 'Present'));
  for (const [userId, status] of intent) outbox.set({ localId: 'local-1' }, userId, status, null);
  return intent;
}

describe('sync engine', () => {
  it('sends a new 300-student roll as 1 create + 1 bulk + its check + 12 exceptions, in the fewest requests', async () => {
    const { learn } = learnAs(sandbox, 'instructor');
    const roll = [...(await students(learn, PSYC)).keys()];
    const meetingsBefore = (await collect(learn.attendance.listMeetings(PSYC))).length;
    expect(roll).toHaveLength(300);
    const outbox = new TestOutbox(PSYC);
    const intent = rollAtNewMeeting(outbox, roll);

    const before = await stats(sandbox);
    const progress: SyncProgress[] = [];
    const results = await createSyncEngine({ learn }).push(outbox.ops, { onProgress: (p) => progress.push(p) });
    const sent = delta(before, await stats(sandbox));

    expect(results.map((r) => r.opId)).toEqual(outbox.ops.map((o) => o.opId));
    expect(results.every((r) => r.outcome === 'done')).toBe(true);
    const meetingId = (results[0] as { serverMeetingId: number }).serverMeetingId;
    // The minimum (sync-engine.ts): look before creating, create, roster pages, bulk, the check of
    // what it did (the meeting's records), the exceptions.
    expect(sent).toEqual({
      [`GET ${M}`]: pages(meetingsBefore),
      [`POST ${M}`]: 1,
      ['GET /learn/api/public/v1/courses/:courseId/users']: pages(300),
      [`POST ${M}/:meetingId/users/bulk`]: 1,
      [`GET ${M}/:meetingId/users`]: pages(300),
      [`PATCH ${M}/:meetingId/users/:userId`]: 12,
    });
    expect(await serverStatuses(learn, PSYC, meetingId)).toEqual(intent);
    expect(progress.at(-1)).toEqual({ phase: 'records', done: 300, total: 300 });
  });

  it('tells the marks at a meeting Learn refused to create why, the meeting’s own reason inside their sentence', async () => {
    const { learn } = learnAs(sandbox, 'instructor');
    const roll = [...(await students(learn, PSYC)).keys()].slice(0, 2);
    const outbox = new TestOutbox(PSYC);
    // Ending before it starts: Learn refuses the meeting (400), and with it every mark taken at it.
    outbox.create('local-refused', { ...fields, end: '2026-11-30T14:00:00Z' });
    for (const userId of roll) outbox.set({ localId: 'local-refused' }, userId, 'Absent', null);
    const [meeting, ...marks] = await createSyncEngine({ learn }).push(outbox.ops);
    const reason = (meeting as { words?: { key: string } }).words;
    expect(reason?.key).toMatch(/^sync\.refused/);
    expect(marks).toHaveLength(2);
    for (const mark of marks) {
      expect(mark).toMatchObject({ outcome: 'failed', retryable: false, words: { key: 'sync.meetingNotCreated', parts: { reason } } });
      expect((mark as { message: string }).message).toBe(`its meeting could not be created in Learn: ${(meeting as { message: string }).message}`);
    }
  });

  it('changes existing records with one PATCH each and nothing else but the read', async () => {
    const { learn } = learnAs(sandbox, 'instructor');
    const meetingId = 1010;
    const now = await serverStatuses(learn, PSYC, meetingId);
    const outbox = new TestOutbox(PSYC);
    const changed = [...now].slice(0, 5).map(([userId, status]) => [userId, status === 'Absent' ? 'Late' : 'Absent', status] as const);
    for (const [userId, status, base] of changed) outbox.set({ serverId: meetingId }, userId, status, base);

    const before = await stats(sandbox);
    const results = await createSyncEngine({ learn }).push(outbox.ops);
    expect(delta(before, await stats(sandbox))).toEqual({
      [`GET ${M}/:meetingId/users`]: pages(now.size),
      [`PATCH ${M}/:meetingId/users/:userId`]: 5,
    });
    expect(results.every((r) => r.outcome === 'done')).toBe(true);
    const after = await serverStatuses(learn, PSYC, meetingId);
    for (const [userId, status] of changed) expect(after.get(userId)).toBe(status);
    expect([...after].filter(([u, s]) => now.get(u) !== s)).toHaveLength(5);
  });

  it('reports a change made by the co-instructor as a conflict with both values, overwriting nothing', async () => {
    const { learn } = learnAs(sandbox, 'instructor');
    const { learn: cowens } = learnAs(sandbox, 'cowens');
    const meetingId = 1012;
    const read = await serverStatuses(learn, PSYC, meetingId); // what this device saw
    const [[theirs, base], [mine, mineBase]] = [...read] as [[string, AttendanceStatus], [string, AttendanceStatus]];
    const other = (s: AttendanceStatus): AttendanceStatus => (s === 'Excused' ? 'Late' : 'Excused');
    await cowens.attendance.updateRecord(PSYC, meetingId, theirs, { status: other(base) === 'Late' ? 'Absent' : 'Late' });
    const serverNow = (await serverStatuses(learn, PSYC, meetingId)).get(theirs)!;

    const outbox = new TestOutbox(PSYC);
    outbox.set({ serverId: meetingId }, theirs, other(base), base);
    outbox.set({ serverId: meetingId }, mine, other(mineBase), mineBase);
    const results = await createSyncEngine({ learn }).push(outbox.ops);

    expect(results[0]).toMatchObject({ outcome: 'conflict', local: other(base), server: serverNow });
    expect(results[1]).toMatchObject({ outcome: 'done', serverStatus: other(mineBase) });
    const after = await serverStatuses(learn, PSYC, meetingId);
    expect(after.get(theirs)).toBe(serverNow);
    expect(after.get(mine)).toBe(other(mineBase));
  });

  it('does not bulk over a conflict: the other students are written one by one', async () => {
    const { learn } = learnAs(sandbox, 'instructor');
    const { learn: cowens } = learnAs(sandbox, 'cowens');
    const meetingId = 1014;
    const read = await serverStatuses(learn, PSYC, meetingId);
    const [first] = [...read.keys()];
    await cowens.attendance.updateRecord(PSYC, meetingId, first!, { status: read.get(first!) === 'Late' ? 'Excused' : 'Late' });
    const outbox = new TestOutbox(PSYC);
    for (const [userId, status] of read) outbox.set({ serverId: meetingId }, userId, status === 'Absent' ? 'Present' : 'Absent', status);
    const before = await stats(sandbox);
    const results = await createSyncEngine({ learn }).push(outbox.ops);
    expect(delta(before, await stats(sandbox))[`POST ${M}/:meetingId/users/bulk`]).toBeUndefined();
    expect(results.filter((r) => r.outcome === 'conflict')).toHaveLength(1);
    expect(results.filter((r) => r.outcome === 'done')).toHaveLength(read.size - 1);
  });

  const seeds = process.env.SYNC_SEEDS ? process.env.SYNC_SEEDS.split(',').map(Number) : [42, 7, 2026];
  it.each(seeds)('replays under lost answers, 503s and 429s until done: one meeting, one record per student, exactly the roll (seed %i)', async (seed) => {
    const { learn } = learnAs(sandbox, 'instructor');
    const roll = [...(await students(learn, PSYC)).keys()];
    const outbox = new TestOutbox(PSYC);
    const intent = rollAtNewMeeting(outbox, roll);
    await setFaults(sandbox, { dropAfterApplyRate: 0.3, serverErrorRate: 0.1, rateLimitRate: 0.05, retryAfterSeconds: 0, seed });
    const engine = createSyncEngine({ learn });
    let rounds = 0;
    while (outbox.ops.length > 0 && rounds < 30) {
      rounds++;
      outbox.apply(await engine.push(outbox.ops));
    }
    const injected = ((await (await sandbox.controlFetch(`/__sandbox/faults`)).json()) as { injected: { dropped: number } }).injected;
    await setFaults(sandbox, { dropAfterApplyRate: 0, serverErrorRate: 0, rateLimitRate: 0 });
    expect(outbox.ops).toEqual([]);
    expect(outbox.conflicts).toEqual([]);
    expect(injected.dropped).toBeGreaterThan(0);
    const ours = (await collect(learn.attendance.listMeetings(PSYC))).filter((m) => m.title === fields.title);
    expect(ours).toHaveLength(1);
    expect(await serverStatuses(learn, PSYC, ours[0]!.id)).toEqual(intent);
  });

  it('stops at a sign-in that ended: every op fails as retryable, and a replay after signing in sends them all', async () => {
    const { learn } = learnAs(sandbox, 'instructor');
    const roll = [...(await students(learn, PSYC)).keys()].slice(0, 20);
    const tokens = tokensFor(sandbox, 'instructor');
    let signedOut = false;
    const session = {
      accessToken: () => tokens.accessToken(),
      refreshAfterUnauthorized: (rejected: string) => (signedOut ? Promise.reject(new SignInRequiredError()) : tokens.refreshAfterUnauthorized(rejected)),
    };
    const expiring = new LearnClient({ baseUrl: sandbox.learnUrl, tokens: session, http: new HttpClient({ service: 'Learn', retry: { baseDelayMs: 20, maxDelayMs: 200 } }) });
    const outbox = new TestOutbox(PSYC);
    for (const [i, userId] of roll.entries()) outbox.set({ serverId: 1015 }, userId, exceptionStatus(i), null);
    await expiring.tokenInfo(); // signed in
    signedOut = true;
    await sandbox.controlFetch(`/__sandbox/tokens/expire`, { method: 'POST' });

    const results = await createSyncEngine({ learn: expiring }).push(outbox.ops);
    expect(results).toHaveLength(20);
    for (const r of results) expect(r).toMatchObject({ outcome: 'failed', retryable: true, message: 'Rollbook is not signed in to Learn: sign in and it will be sent.' });

    outbox.apply(results);
    expect(outbox.ops).toHaveLength(20); // nothing lost
    const again = await createSyncEngine({ learn }).push(outbox.ops);
    expect(again.filter((r) => r.outcome === 'failed')).toEqual([]);
  });

  it("fails a status Learn refuses with Learn's reason (the screen names the person and meeting), the detail behind it, and sends the rest", async () => {
    const { learn } = learnAs(sandbox, 'instructor');
    const me = await learn.courses.getUser('me');
    const [student] = [...(await students(learn, PSYC)).keys()];
    const outbox = new TestOutbox(PSYC);
    outbox.create('local-2', fields);
    outbox.set({ localId: 'local-2' }, me.id, 'Absent', null); // an instructor is not on the roll
    outbox.set({ localId: 'local-2' }, student!, 'Late', null);
    const [created, refused, marked] = await createSyncEngine({ learn }).push(outbox.ops);
    expect(created).toMatchObject({ outcome: 'done' });
    expect(refused).toMatchObject({ outcome: 'failed', retryable: false });
    const { message, detail } = refused as { message: string; detail?: string };
    expect(message).toMatch(/^Learn refused it \("User .* is not on the attendance roll of course PSYC-101-F26.*"\); correct it here, or ask your Learn administrator if it looks right\.$/);
    expect(detail).toMatch(/^Could not mark .* Absent at meeting \d+ of courseId:PSYC-101-F26: Learn answered 400/);
    expect(marked).toMatchObject({ outcome: 'done', serverStatus: 'Late' });
  });

  it('finds a meeting whose create answer was lost instead of creating a second one', async () => {
    const { learn } = learnAs(sandbox, 'instructor');
    const [student] = [...(await students(learn, PSYC)).keys()];
    const outbox = new TestOutbox(PSYC);
    outbox.create('local-3', fields);
    outbox.set({ localId: 'local-3' }, student!, 'Absent', null);
    // Every meeting create is applied and its answer lost, once.
    await setFaults(sandbox, { dropAfterApplyRate: 1, dropMethods: ['POST'], pathPattern: '/meetings$', seed: 1 });
    const engine = createSyncEngine({ learn, retry: { maxAttempts: 4, baseDelayMs: 10, maxDelayMs: 50, maxRetryAfterMs: 1000, retryStatuses: [429, 502, 503, 504] } });
    const results = await engine.push(outbox.ops);
    await setFaults(sandbox, { dropAfterApplyRate: 0, pathPattern: null });
    const ours = (await collect(learn.attendance.listMeetings(PSYC))).filter((m) => m.title === fields.title);
    expect(ours).toHaveLength(1);
    expect(results[0]).toEqual({ opId: outbox.ops[0]!.opId, outcome: 'done', serverMeetingId: ours[0]!.id });
    expect(results[1]).toMatchObject({ outcome: 'done', serverStatus: 'Absent' });
    // Replaying the same ops (as after a crash that lost these results) changes nothing.
    const replay = await engine.push(outbox.ops);
    expect(replay.map((r) => r.outcome)).toEqual(['done', 'done']);
    expect((await collect(learn.attendance.listMeetings(PSYC))).filter((m) => m.title === fields.title)).toHaveLength(1);
  });
});
