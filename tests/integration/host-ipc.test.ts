import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OutboxOp } from '../../shared/domain/outbox';
import type { AuthStatus, EventName } from '../../shared/ipc/contract';
import { call } from '../../electron/core/ipc/dispatcher';
import { openSession } from '../support/browser-session';
import { startWebHost, type RunningWebHost } from '../../electron/web-host';
import { ok } from '../support/ipc-answer';

/**
 * The IPC channels through browser mode's real dispatch: the real sign-in flow (the
 * host plays the browser on the sandbox's login page), the real Learn client, the real sandbox.
 */
let host: RunningWebHost;
let dataDir: string;
const events: { event: EventName; payload: unknown }[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'rollbook-host-'));
  host = await startWebHost({ port: 0, demo: true, dataDir, rendererDir: dataDir });
  // Listen as the renderer does: Server-Sent Events with the launch cookie and key.
  void listen(host, (event, payload) => events.push({ event, payload }));
});

afterAll(async () => {
  await host.close();
  await rm(dataDir, { recursive: true, force: true });
});

const PSYC = 'courseId:PSYC-101-F26';

/** The signed-in identity's store key, as the renderer has it from the auth status. */
async function signedInIdentity(): Promise<string> {
  const status = await ok(call(host.dispatch, 'auth.status', {}));
  if (!status.identity) throw new Error('nobody is signed in');
  return status.identity.key;
}

describe('browser host IPC (demo mode)', () => {
  it('starts signed out, and Learn channels ask for a sign-in', async () => {
    expect(await ok(call(host.dispatch, 'auth.status', {}))).toEqual({ state: 'signed-out', mode: 'demo' });
    const courses = await call(host.dispatch, 'learn.myCourses', {});
    expect(courses.ok).toBe(false);
    if (!courses.ok) expect(courses.error.message).toMatch(/not signed in/i);
  });

  it('signs in to the demo as the instructor through the real flow, and says so with an event', async () => {
    const status = await ok(call(host.dispatch, 'auth.signInDemo', {}));
    expect(status).toMatchObject({ state: 'signed-in', mode: 'demo', user: { userName: 'instructor', displayName: 'Maya Okafor' }, identity: { demo: true, siteName: 'the demo' } });
    expect(status.identity?.key).toMatch(/^demo-[0-9a-f]{24}$/);
    expect(await ok(call(host.dispatch, 'auth.status', {}))).toEqual(status);
    // The refresh token stays in the host, never in the renderer's answer (the demo's in memory: its sandbox goes with the run).
    expect(JSON.stringify(status)).not.toMatch(/token/i);
    await expect.poll(() => events.some((e) => e.event === 'auth.changed' && (e.payload as AuthStatus).state === 'signed-in')).toBe(true);
  });

  it('lists my courses, the lecture among them', async () => {
    const { courses } = await ok(call(host.dispatch, 'learn.myCourses', {}));
    expect(courses.length).toBe(6);
    const psyc = courses.find((c) => c.courseId === 'PSYC-101-F26');
    expect(psyc).toMatchObject({ role: 'Instructor', organization: false });
    expect(psyc?.id).toMatch(/^_\d+_1$/);
  });

  it('gives the lecture roster: 300 students with names, sorted by family name', async () => {
    const { members } = await ok(call(host.dispatch, 'learn.roster', { courseId: PSYC }));
    expect(members).toHaveLength(300);
    expect(members.every((m) => m.role === 'Student' && m.familyName !== '' && m.givenName !== '' && m.userName !== '')).toBe(true);
    expect(new Set(members.map((m) => m.userId)).size).toBe(300);
    const families = members.map((m) => m.familyName);
    const collator = new Intl.Collator(undefined, { sensitivity: 'base' });
    expect(families).toEqual([...families].sort(collator.compare));
    expect(members.some((m) => m.userName === 'instructor')).toBe(false);
  });

  it('names the lecture groups from Learn\'s groups API, so no screen shows a group by its id', async () => {
    const { groups } = await ok(call(host.dispatch, 'learn.groups', { courseId: PSYC }));
    expect(groups.map((g) => g.name).sort()).toEqual(['Lab section 1', 'Lab section 2', 'Lab section 3', 'Lab section 4', 'Lab section 5', 'Lab section 6']);
    expect(groups.every((g) => /^_\d+_1$/.test(g.id))).toBe(true);
  });

  it('lists meetings and the records of one, matching the roster', async () => {
    const { meetings } = await ok(call(host.dispatch, 'learn.meetings', { courseId: PSYC }));
    expect(meetings.length).toBeGreaterThanOrEqual(20);
    const first = meetings[0];
    if (!first) throw new Error('no meeting');
    expect(first.id).toBeGreaterThanOrEqual(1001);
    const { records } = await ok(call(host.dispatch, 'learn.records', { courseId: PSYC, meetingId: first.id }));
    const { members } = await ok(call(host.dispatch, 'learn.roster', { courseId: PSYC }));
    const roll = new Set(members.map((m) => m.userId));
    expect(records.length).toBeGreaterThan(0);
    expect(records.every((r) => roll.has(r.userId) && ['Present', 'Absent', 'Late', 'Excused'].includes(r.status) && r.id >= 50001)).toBe(true);
  });

  it("tells the site's request budget as Learn last reported it: when asked, in the site check, and as an event", async () => {
    const budget = await ok(call(host.dispatch, 'learn.budget', {}));
    expect(budget).toMatchObject({ limit: 10_000, reserve: 500 });
    const quota = host.sandbox?.context().quota;
    expect(budget?.remaining).toBeLessThan(10_000);
    expect(budget?.remaining).toBeGreaterThanOrEqual(quota?.remaining() ?? 0);
    const check = await ok(call(host.dispatch, 'site.check', {}));
    expect(check.budget).toMatchObject({ limit: 10_000, reserve: 500 });
    await vi.waitFor(() => expect(events.filter((e) => e.event === 'learn.budget').at(-1)?.payload).toMatchObject({ limit: 10_000 }), { timeout: 5000 });
  });

  it('refuses invalid requests before any handler runs', async () => {
    const bad = [
      await host.dispatch('learn.roster', {}),
      await host.dispatch('learn.records', { courseId: PSYC, meetingId: '1001' }),
      await host.dispatch('auth.status', { extra: true }),
      await host.dispatch('auth.signIn', { learnUrl: 'https://learn.example.edu', applicationKey: 'has:colon' }),
      await host.dispatch('sync.push', { ops: [{ kind: 'record.set' }] }),
      await host.dispatch('learn.everything', {}),
    ];
    expect(bad.map((r) => (r.ok ? 'ok' : r.error.name))).toEqual(['InvalidRequest', 'InvalidRequest', 'InvalidRequest', 'InvalidRequest', 'InvalidRequest', 'UnknownChannel']);
  });

  it('answers an empty push with no results', async () => {
    expect(await ok(call(host.dispatch, 'sync.push', { identity: await signedInIdentity(), ops: [] }))).toEqual({ results: [] });
  });

  it('pushes outbox ops through the sync engine: one result per op, progress events, the roll on Learn', async () => {
    const { members } = await ok(call(host.dispatch, 'learn.roster', { courseId: PSYC }));
    const { courses } = await ok(call(host.dispatch, 'learn.myCourses', {}));
    const courseId = courses.find((c) => c.courseId === 'PSYC-101-F26')?.id ?? '';
    const at = new Date().toISOString();
    const meeting = { localId: 'local-host-ipc-1' };
    const marked = members.slice(0, 3);
    const ops: OutboxOp[] = [
      { opId: 'op-1', courseId, at, kind: 'meeting.create', localMeetingId: meeting.localId, fields: { title: 'Week 12 lecture', description: '', start: '2026-11-23T09:00:00Z', end: '2026-11-23T10:00:00Z' } },
      ...marked.map((m, i): OutboxOp => ({ opId: `op-${i + 2}`, courseId, at, kind: 'record.set', meeting, userId: m.userId, status: i === 0 ? 'Absent' : 'Late', baseStatus: null })),
    ];
    const progressBefore = events.filter((e) => e.event === 'sync.progress').length;
    // Ops from another identity's store are refused whole, before anything reaches Learn.
    const refused = await call(host.dispatch, 'sync.push', { identity: 'site-0123456789abcdef01234567', ops });
    expect(refused.ok ? 'sent' : refused.error.message).toMatch(/made under another sign-in, so they were not sent/);
    const { results } = await ok(call(host.dispatch, 'sync.push', { identity: await signedInIdentity(), ops }));
    expect(results.map((r) => [r.opId, r.outcome])).toEqual(ops.map((op) => [op.opId, 'done']));
    const created = results[0];
    const serverMeetingId = created?.outcome === 'done' ? created.serverMeetingId : undefined;
    expect(serverMeetingId).toBeGreaterThanOrEqual(1001);
    const { records } = await ok(call(host.dispatch, 'learn.records', { courseId: PSYC, meetingId: serverMeetingId ?? 0 }));
    expect(new Map(records.map((r) => [r.userId, r.status]))).toEqual(new Map(marked.map((m, i) => [m.userId, i === 0 ? 'Absent' : 'Late'])));
    await expect.poll(() => events.filter((e) => e.event === 'sync.progress').length).toBeGreaterThan(progressBefore);
  });

  it('signs out: Learn channels ask for a sign-in again', async () => {
    expect(await ok(call(host.dispatch, 'auth.signOut', {}))).toEqual({ state: 'signed-out', mode: 'demo' });
    expect((await call(host.dispatch, 'learn.meetings', { courseId: PSYC })).ok).toBe(false);
    await expect.poll(() => events.at(-1)?.payload).toEqual({ state: 'signed-out', mode: 'demo' });
  });
});

/** Reads the host's SSE stream with a launch link's cookie and key, as bridge.ts's EventSource does. */
async function listen(running: RunningWebHost, onEvent: (event: EventName, payload: unknown) => void): Promise<void> {
  const session = await openSession(running);
  const res = await fetch(`${running.url}events?key=${encodeURIComponent(session.key)}`, { headers: { Cookie: session.cookie } });
  const reader = res.body?.getReader();
  if (!reader) return;
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const name = /^event: (.+)$/m.exec(frame)?.[1];
      const data = /^data: (.+)$/m.exec(frame)?.[1];
      if (name && data) onEvent(name as EventName, JSON.parse(data));
    }
  }
}
