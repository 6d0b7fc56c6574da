import type { RunningSandbox } from '../../sandbox/server';
import type { AttendanceStatus, LearnStatus } from '../../shared/api/attendance';
import type { MeetingFields, MeetingRef, OpResult, OutboxOp } from '../../shared/domain/outbox';
import type { LearnClient } from '../../electron/core/learn/learn-client';
import { bulkOptions, reassertsFor, type RollAfter } from '../../shared/domain/bulk-choice';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { withSandbox } from '../support/sandbox';
import { collect } from './learn-support';

/**
 * The file's sandbox, handed to `use` once started, stopped after the file and reset before each
 * test. Its bulk covers the students only: whom the bulk covers is not these tests' subject (a
 * start option, so it survives resets; the sandbox's default is the Swagger's "all users").
 */
export function syncSandbox(use: (sandbox: RunningSandbox) => void): void {
  let sandbox: RunningSandbox | undefined;
  beforeAll(async () => {
    sandbox = await withSandbox({ bulkCovers: 'students' });
    use(sandbox);
  });
  afterAll(async () => {
    await sandbox?.close();
  });
  beforeEach(async () => {
    await sandbox!.controlFetch(`/__sandbox/reset`, { method: 'POST' });
  });
}

/**
 * A stand-in for the renderer's outbox, as the store applies results: done and superseded ops
 * leave, a done create maps its local id to the server id in every op still waiting, conflicts
 * leave the outbox for the user, failed ops stay. Ops are built the way the UI writes them.
 */
export class TestOutbox {
  ops: OutboxOp[] = [];
  conflicts: Extract<OpResult, { outcome: 'conflict' }>[] = [];
  /** Local meeting id -> server id, once a create's result said so. */
  readonly serverIds = new Map<string, number>();
  #n = 0;
  constructor(readonly courseId: string) {}

  #base(): { opId: string; courseId: string; at: string } {
    this.#n++;
    return { opId: `op-${String(this.#n).padStart(5, '0')}`, courseId: this.courseId, at: new Date().toISOString() };
  }

  create(localMeetingId: string, fields: MeetingFields): void {
    this.ops.push({ ...this.#base(), kind: 'meeting.create', localMeetingId, fields });
  }

  /** A meeting as the UI names it in a new op: by server id once known. */
  ref(localId: string): MeetingRef {
    const serverId = this.serverIds.get(localId);
    return serverId === undefined ? { localId } : { serverId };
  }

  set(meeting: MeetingRef, userId: string, status: AttendanceStatus, baseStatus: LearnStatus | null): string {
    const base = this.#base();
    this.ops.push({ ...base, kind: 'record.set', meeting, userId, status, baseStatus });
    return base.opId;
  }

  delete(meeting: MeetingRef): void {
    this.ops.push({ ...this.#base(), kind: 'meeting.delete', meeting });
  }

  apply(results: readonly OpResult[]): void {
    const byId = new Map(results.map((r) => [r.opId, r]));
    const mapped = this.serverIds;
    for (const op of this.ops) {
      const r = byId.get(op.opId);
      if (op.kind === 'meeting.create' && r?.outcome === 'done' && r.serverMeetingId) mapped.set(op.localMeetingId, r.serverMeetingId);
    }
    const mapRef = (ref: MeetingRef): MeetingRef => ('localId' in ref && mapped.has(ref.localId) ? { serverId: mapped.get(ref.localId)! } : ref);
    this.ops = this.ops.flatMap((op): OutboxOp[] => {
      const r = byId.get(op.opId);
      if (r?.outcome === 'conflict') this.conflicts.push(r);
      if (r && r.outcome !== 'failed') return [];
      return op.kind === 'meeting.create' || op.kind === 'change' ? [op] : [{ ...op, meeting: mapRef(op.meeting) }];
    });
  }
}

export async function stats(sandbox: RunningSandbox): Promise<{ total: number; byRoute: Record<string, number> }> {
  return (await (await sandbox.controlFetch(`/__sandbox/stats`)).json()) as { total: number; byRoute: Record<string, number> };
}

/** Requests per route between two stats readings, without the routes that saw none. */
export function delta(before: { byRoute: Record<string, number> }, after: { byRoute: Record<string, number> }): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [route, n] of Object.entries(after.byRoute)) {
    const d = n - (before.byRoute[route] ?? 0);
    if (d > 0) out[route] = d;
  }
  return out;
}

export const M = '/learn/api/public/v1/courses/:courseId/meetings';

/** The course's students on the roll: userId -> user name. */
export async function students(learn: LearnClient, courseId: string): Promise<Map<string, string>> {
  const members = await collect(learn.courses.listCourseUsers(courseId, { role: 'Student' }));
  return new Map(members.filter((m) => m.courseRoleId === 'Student' && (m.availability?.available ?? 'Yes') === 'Yes').map((m) => [m.userId, m.user?.userName ?? m.userId]));
}

/** The server's statuses at one meeting: userId -> status. */
export async function serverStatuses(learn: LearnClient, courseId: string, meetingId: number): Promise<Map<string, LearnStatus>> {
  const records = await collect(learn.attendance.listRecords(courseId, meetingId));
  const out = new Map<string, LearnStatus>();
  for (const r of records) {
    if (out.has(r.userId)) throw new Error(`two records for ${r.userId} at meeting ${meetingId}`);
    out.set(r.userId, r.status);
  }
  return out;
}

/** A meeting as the renderer knows it: what the user wants, and Learn's status as last read or answered. */
export interface KnownMeeting {
  serverId?: number;
  statuses: ReadonlyMap<string, LearnStatus>;
  base: ReadonlyMap<string, LearnStatus | null>;
}

/**
 * The renderer's step before a push (renderer/src/db/reassert-repo.ts), on the test's outbox:
 * where the cheapest bulk (the shared rule) would move a student whose status is on Learn and who
 * has nothing waiting, an op re-asserting that status (base: the bulk's status) is queued.
 * Returns the ops queued, with their meeting and student.
 */
export function queueReasserts(outbox: TestOutbox, meetings: readonly KnownMeeting[], students: readonly string[]): { meeting: KnownMeeting; userId: string; opId: string }[] {
  const queued: { meeting: KnownMeeting; userId: string; opId: string }[] = [];
  for (const m of meetings) {
    if (m.serverId === undefined) continue;
    const users = new Map<string, Extract<OutboxOp, { kind: 'record.set' }>[]>();
    for (const op of outbox.ops) if (op.kind === 'record.set' && 'serverId' in op.meeting && op.meeting.serverId === m.serverId) users.set(op.userId, [...(users.get(op.userId) ?? []), op]);
    if (users.size < 2) continue;
    const final = new Map<string, LearnStatus>();
    const writers = new Set<string>();
    for (const [u, s] of m.base) if (s !== null) final.set(u, s);
    for (const [u, list] of users) {
      const last = list[list.length - 1]!;
      final.set(u, last.status);
      if (last.status !== (m.base.get(u) ?? null)) writers.add(u);
    }
    const roll: RollAfter = { students, final, writers };
    for (const option of bulkOptions(roll)) {
      const needed = reassertsFor(option, roll);
      const fits = needed.every((r) => {
        const own = users.get(r.userId);
        return own ? own.some((op) => op.baseStatus === option.status) : m.statuses.get(r.userId) === m.base.get(r.userId);
      });
      if (!fits) continue;
      for (const r of needed) if (!users.has(r.userId)) queued.push({ meeting: m, userId: r.userId, opId: outbox.set({ serverId: m.serverId }, r.userId, r.status, option.status) });
      break;
    }
  }
  return queued;
}
