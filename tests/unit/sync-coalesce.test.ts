import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AttendanceStatus } from '../../shared/api/attendance';
import { coalesce, meetingKey, type SyncPlan } from '../../shared/domain/coalesce';
import type { MeetingFields, MeetingRef, OutboxOp } from '../../shared/domain/outbox';

/** Coalescing must not change what the user asked for: the plan applied to a model equals every op applied in turn. */

const COURSE = '_1_1';
const STATUSES: AttendanceStatus[] = ['Present', 'Absent', 'Late', 'Excused'];
const fields = (title: string): MeetingFields => ({ title, description: '', start: '2026-12-01T15:00:00Z', end: '2026-12-01T16:15:00Z' });

interface Model {
  meetings: Map<string, MeetingFields | Partial<MeetingFields>>;
  records: Map<string, AttendanceStatus>;
}
const initial = (): Model => ({ meetings: new Map([['server:1001', {}], ['server:1002', {}]]), records: new Map() });

function dropMeeting(m: Model, key: string): void {
  m.meetings.delete(key);
  for (const k of [...m.records.keys()]) if (k.startsWith(`${key}|`)) m.records.delete(k);
}

function applySequentially(ops: readonly OutboxOp[]): Model {
  const m = initial();
  for (const op of ops) {
    if (op.kind === 'meeting.create') m.meetings.set(`local:${op.localMeetingId}`, { ...op.fields });
    else if (op.kind === 'meeting.update') m.meetings.set(meetingKey(op.meeting), { ...m.meetings.get(meetingKey(op.meeting)), ...op.fields });
    else if (op.kind === 'meeting.delete') dropMeeting(m, meetingKey(op.meeting));
    else if (op.kind === 'record.set') m.records.set(`${meetingKey(op.meeting)}|${op.userId}`, op.status);
  }
  return m;
}

function applyPlan(plan: SyncPlan): Model {
  const m = initial();
  for (const p of plan.meetings) {
    if (p.delete) {
      dropMeeting(m, p.key);
      continue;
    }
    if (p.create) m.meetings.set(p.key, { ...p.create.fields });
    if (p.update) m.meetings.set(p.key, { ...m.meetings.get(p.key), ...p.update.fields });
    for (const r of p.records) m.records.set(`${p.key}|${r.userId}`, r.status);
  }
  return m;
}

/** Random user actions, turned into valid ops against the meetings that exist at that point. */
const actions = fc.array(
  fc.oneof(
    fc.record({ a: fc.constant('create' as const), title: fc.constantFrom('Lab', 'Lecture', 'Review') }),
    fc.record({ a: fc.constant('update' as const), pick: fc.nat(), title: fc.constantFrom('Moved', 'Renamed') }),
    fc.record({ a: fc.constant('delete' as const), pick: fc.nat() }),
    fc.record({ a: fc.constant('set' as const), pick: fc.nat(), user: fc.constantFrom('_10_1', '_11_1', '_12_1'), status: fc.constantFrom(...STATUSES) }),
  ),
  { maxLength: 40 },
);

function toOps(list: { a: string; pick?: number; title?: string; user?: string; status?: AttendanceStatus }[]): OutboxOp[] {
  const live: MeetingRef[] = [{ serverId: 1001 }, { serverId: 1002 }];
  const ops: OutboxOp[] = [];
  let n = 0;
  const base = { courseId: COURSE, at: '2026-12-01T15:00:00Z' };
  for (const act of list) {
    const opId = `op-${String(n++).padStart(3, '0')}`;
    if (act.a === 'create') {
      const localId = `m${n}`;
      live.push({ localId });
      ops.push({ ...base, opId, kind: 'meeting.create', localMeetingId: localId, fields: fields(act.title ?? 'Lab') });
      continue;
    }
    if (live.length === 0) continue;
    const meeting = live[(act.pick ?? 0) % live.length]!;
    if (act.a === 'update') ops.push({ ...base, opId, kind: 'meeting.update', meeting, fields: { title: act.title ?? 'Moved' } });
    else if (act.a === 'delete') {
      ops.push({ ...base, opId, kind: 'meeting.delete', meeting });
      live.splice(live.indexOf(meeting), 1);
    } else ops.push({ ...base, opId, kind: 'record.set', meeting, userId: act.user ?? '_10_1', status: act.status ?? 'Present', baseStatus: null });
  }
  return ops;
}

describe('coalesce', () => {
  it('gives the same end state as applying every op in turn', () => {
    fc.assert(
      fc.property(actions, (list) => {
        const ops = toOps(list);
        const plan = coalesce(ops);
        expect(applyPlan(plan)).toEqual(applySequentially(ops));
      }),
      { numRuns: 500 },
    );
  });

  it('accounts for every op exactly once: sent, or following the op that is', () => {
    fc.assert(
      fc.property(actions, (list) => {
        const ops = toOps(list);
        const plan = coalesce(ops);
        const leaders = plan.meetings.flatMap((p) => [
          ...(p.create && !p.delete ? [p.create.opId] : []),
          ...(p.update ? [p.update.opIds[0]!] : []),
          ...(p.delete ? [p.delete.opId] : []),
          ...(p.delete ? [] : p.records.map((r) => r.opId)),
        ]);
        const followers = plan.followers.map((f) => f.opId);
        expect([...leaders, ...followers].sort()).toEqual(ops.map((o) => o.opId).sort());
        for (const f of plan.followers) expect(leaders).toContain(f.leader);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the last status per student and remembers the earlier ones as this device\'s own', () => {
    const base = { courseId: COURSE, at: '2026-12-01T15:00:00Z', kind: 'record.set' as const, meeting: { serverId: 1001 }, userId: '_10_1', baseStatus: 'Present' as const };
    const plan = coalesce([
      { ...base, opId: 'a', status: 'Absent' },
      { ...base, opId: 'b', status: 'Late' },
    ]);
    expect(plan.meetings[0]!.records).toEqual([{ userId: '_10_1', status: 'Late', opId: 'b', acceptable: ['Present', 'Absent'] }]);
    expect(plan.followers).toEqual([{ opId: 'a', leader: 'b', mode: 'supersede' }]);
  });

  it('cancels a meeting created and deleted offline, with everything done to it', () => {
    const base = { courseId: COURSE, at: '2026-12-01T15:00:00Z' };
    const plan = coalesce([
      { ...base, opId: '1', kind: 'meeting.create', localMeetingId: 'x', fields: fields('Lab') },
      { ...base, opId: '2', kind: 'record.set', meeting: { localId: 'x' }, userId: '_10_1', status: 'Absent', baseStatus: null },
      { ...base, opId: '3', kind: 'meeting.update', meeting: { localId: 'x' }, fields: { title: 'Lab 2' } },
      { ...base, opId: '4', kind: 'meeting.delete', meeting: { localId: 'x' } },
    ]);
    expect(plan.meetings).toHaveLength(1);
    expect(plan.meetings[0]).toMatchObject({ delete: { opId: '4' }, records: [] });
    expect(plan.followers.map((f) => [f.opId, f.leader, f.mode])).toEqual([
      ['1', '4', 'supersede'],
      ['3', '4', 'supersede'],
      ['2', '4', 'supersede'],
    ]);
  });

  it('folds updates of a meeting created offline into its create', () => {
    const base = { courseId: COURSE, at: '2026-12-01T15:00:00Z' };
    const plan = coalesce([
      { ...base, opId: '1', kind: 'meeting.create', localMeetingId: 'x', fields: fields('Lab') },
      { ...base, opId: '2', kind: 'meeting.update', meeting: { localId: 'x' }, fields: { title: 'Lab 2' } },
    ]);
    expect(plan.meetings[0]!.create!.fields.title).toBe('Lab 2');
    expect(plan.followers).toEqual([{ opId: '2', leader: '1', mode: 'share' }]);
  });
});
