import type { AttendanceStatus } from '../../shared/api/attendance';
import type { MeetingFields, MeetingRef, OutboxOp } from '../../shared/domain/outbox';

/**
 * The sync benchmark's offline term: `count` meetings of the 300-student lecture, every student
 * marked at each (12,000 records at 40 meetings), queued as the renderer queues them (one op per
 * key press, in the order pressed). Four kinds in turn, so any prefix of meetings holds a mix:
 * - all present: a new meeting, everyone Present (one bulk covers it);
 * - exceptions: a new meeting, 15 of 300 Absent, Late or Excused;
 * - edited: a new meeting marked all Present, then 24 marked Absent, then 8 of those put back to
 *   Present and 8 to Late (several ops per student: only the last one counts);
 * - existing: a meeting already in Learn (created before going offline, no records yet), marked
 *   as "exceptions": its records must be read before writing, to detect conflicts.
 * Deterministic: the same roster gives the same ops.
 */

export type MeetingKind = 'all present' | 'exceptions' | 'edited' | 'existing';
export const KINDS: readonly MeetingKind[] = ['all present', 'exceptions', 'edited', 'existing'];

export interface PlannedMeeting {
  index: number;
  kind: MeetingKind;
  title: string;
  fields: MeetingFields;
  /** What Learn must hold after the sync: userId -> status. */
  intent: Map<string, AttendanceStatus>;
}

export interface Scenario {
  meetings: PlannedMeeting[];
  ops: OutboxOp[];
  /** Distinct records (meeting x student) the ops set. */
  records: number;
}

const EXCEPTIONS: readonly AttendanceStatus[] = ['Absent', 'Late', 'Excused'];

export function kindOf(index: number): MeetingKind {
  return KINDS[index % KINDS.length]!;
}

/** Meeting i: weekdays from 2026-11-30 at 10:00 UTC, 75 minutes (after the demo term's meetings). */
export function meetingFields(index: number): MeetingFields {
  const day = new Date(Date.UTC(2026, 10, 30) + index * 24 * 3600_000);
  const start = new Date(day.getTime() + 10 * 3600_000);
  return {
    title: `Bench ${String(index + 1).padStart(2, '0')} (${kindOf(index)})`,
    description: 'Sync benchmark',
    start: start.toISOString(),
    end: new Date(start.getTime() + 75 * 60_000).toISOString(),
  };
}

/**
 * The ops for the first `count` meetings. `existingIds` gives the server id of each "existing"
 * meeting among them, in order (the caller creates those in Learn first).
 */
export function buildScenario(courseId: string, roster: readonly string[], count: number, existingIds: readonly number[]): Scenario {
  const ops: OutboxOp[] = [];
  const meetings: PlannedMeeting[] = [];
  let n = 0;
  const t0 = Date.UTC(2026, 10, 23, 12);
  const base = (): { opId: string; courseId: string; at: string } => {
    n++;
    // Time-ordered like the renderer's ids; the index keeps them unique and in press order.
    return { opId: `bench-${String(n).padStart(6, '0')}`, courseId, at: new Date(t0 + n * 1000).toISOString() };
  };
  const set = (meeting: MeetingRef, userId: string, status: AttendanceStatus, baseStatus: AttendanceStatus | null): void => {
    ops.push({ ...base(), kind: 'record.set', meeting, userId, status, baseStatus });
  };
  let existing = 0;
  for (let i = 0; i < count; i++) {
    const kind = kindOf(i);
    const fields = meetingFields(i);
    const intent = new Map<string, AttendanceStatus>();
    let ref: MeetingRef;
    if (kind === 'existing') {
      const serverId = existingIds[existing++];
      if (serverId === undefined) throw new Error(`meeting ${i + 1} is an existing one but no server id was given for it`);
      ref = { serverId };
    } else {
      ref = { localId: `bench-local-${i + 1}` };
      ops.push({ ...base(), kind: 'meeting.create', localMeetingId: ref.localId, fields });
    }
    roster.forEach((userId, j) => {
      const exception = kind !== 'all present' && kind !== 'edited' && (j * 7 + i) % 20 === 0;
      const status = exception ? EXCEPTIONS[(j + i) % 3]! : 'Present';
      intent.set(userId, status);
      set(ref, userId, status, null);
    });
    if (kind === 'edited') {
      // Second look around the room: 24 marked Absent; then 8 of them walk in late, 8 were there after all.
      const changed = roster.filter((_, j) => (j * 11 + i) % 12 === 0).slice(0, 24);
      for (const userId of changed) {
        set(ref, userId, 'Absent', null);
        intent.set(userId, 'Absent');
      }
      changed.forEach((userId, k) => {
        if (k % 3 === 2) return;
        const status: AttendanceStatus = k % 3 === 0 ? 'Late' : 'Present';
        set(ref, userId, status, null);
        intent.set(userId, status);
      });
    }
    meetings.push({ index: i, kind, title: fields.title, fields, intent });
  }
  return { meetings, ops, records: meetings.reduce((s, m) => s + m.intent.size, 0) };
}
