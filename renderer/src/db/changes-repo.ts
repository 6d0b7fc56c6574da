import type { OutboxOp } from '../../../shared/domain/outbox';
import type { HostWords } from '../../../shared/ipc/host-words';
import { isCreate, localRefsOf, newLocalId, withLearnIds, type ChangeOf, type QueueableChannel, type QueuedChange } from '../../../shared/domain/queued-change';
import { readValid } from './integrity';
import { addOp, newOpId } from './ops';
import { isOpRow } from './outbox-batches';
import type { RollbookDb } from './rollbook-db';
import { OutboxRow } from './rows';

/**
 * Content-review changes waiting for Learn (content, release rules, calendar, announcements): the
 * same outbox as attendance, one op per change, sent by the same sync. Screens show them over what
 * they last read from Learn ("waiting to be sent") until sync lands them; shared/domain/queued-change.ts
 * says how something created offline is named until Learn gives it an id.
 */

/** The outbox's meeting key for change ops: they concern no meeting (remapMeeting never matches it). */
export const CHANGE_KEY = 'change';

type ChangeOp = Extract<OutboxOp, { kind: 'change' }>;

export interface ChangeInput<C extends QueueableChannel = QueueableChannel> {
  /** The course it concerns; a calendar change its calendar id, an announcement `system`. */
  courseId: string;
  change: ChangeOf<C>;
  /** In the user's words, e.g. `New folder "Week 3"`. */
  label: string;
  /** For a create: the Learn ids already there (what this device last read where it goes). */
  known?: readonly string[];
}

export interface QueuedChangeRef {
  opId: string;
  /** For a create: the id screens and later changes use until Learn answers with its own. */
  localId?: string;
}

/** A change still waiting, as screens show it. */
export interface WaitingChange {
  opId: string;
  courseId: string;
  at: string;
  change: QueuedChange;
  label: string;
  localId?: string;
  state: 'pending' | 'failed';
  /** Why the last try failed (names the thing and the fix). */
  error?: string;
  /** `error` as the host's catalogue key and values (ui/host-words.ts). */
  errorWords?: HostWords;
  retryable?: boolean;
}

/** Where a landed create's Learn id is remembered, for a screen that still holds the local id. */
const landedKey = (localId: string): string => `landed:${localId}`;

/**
 * Queue one change (validated against its channel's request schema). A create gets a local id.
 * A local id whose create has already landed is replaced by Learn's id first (a form opened
 * before the sync still holds the local one).
 */
export async function queueChange<C extends QueueableChannel>(db: RollbookDb, input: ChangeInput<C>): Promise<QueuedChangeRef> {
  const localId = isCreate(input.change.channel) ? newLocalId() : undefined;
  return db.transaction('rw', [db.outbox, db.syncState], async () => {
    const landed = new Map<string, string>();
    for (const ref of localRefsOf(input.change)) {
      const learnId = (await db.syncState.get(landedKey(ref)))?.value;
      if (typeof learnId === 'string') landed.set(ref, learnId);
    }
    const op: ChangeOp = {
      opId: newOpId(),
      kind: 'change',
      courseId: input.courseId,
      at: new Date().toISOString(),
      change: withLearnIds(input.change, landed),
      label: input.label.slice(0, 300),
      ...(localId ? { localId } : {}),
      ...(localId ? { known: [...new Set(input.known ?? [])].slice(0, 10_000) } : {}),
    };
    await addOp(db, op, CHANGE_KEY);
    return { opId: op.opId, ...(localId ? { localId } : {}) };
  });
}

/** Learn's id for something made offline, once its create has landed (else undefined). */
export async function learnIdOf(db: RollbookDb, localId: string): Promise<string | undefined> {
  const value = (await db.syncState.get(landedKey(localId)))?.value;
  return typeof value === 'string' ? value : undefined;
}

/** Changes waiting (pending or failed), oldest first; for one course/calendar scope, or all. liveQuery-ready. */
export async function waitingChanges(db: RollbookDb, courseId?: string): Promise<WaitingChange[]> {
  const raw = await db.outbox.where('meetingKey').equals(CHANGE_KEY).toArray();
  const rows = readValid('outbox', OutboxRow, raw).filter((r) => r.state !== 'withdrawn' && (courseId === undefined || r.courseId === courseId));
  return rows
    .sort((a, b) => a.opId.localeCompare(b.opId))
    .flatMap((row): WaitingChange[] => {
      const op = row.op;
      if (op.kind !== 'change' || row.state === 'withdrawn') return []; // already filtered; narrows the types
      return [
        {
          opId: op.opId,
          courseId: op.courseId,
          at: op.at,
          change: op.change,
          label: op.label,
          ...(op.localId ? { localId: op.localId } : {}),
          state: row.state,
          ...(row.error !== undefined ? { error: row.error } : {}),
          ...(row.errorWords ? { errorWords: row.errorWords } : {}),
          ...(row.retryable !== undefined ? { retryable: row.retryable } : {}),
        },
      ];
    });
}

/**
 * Gives up on a waiting change. A create takes with it every change that names what it would have
 * made (they could never be sent); resolves to how many changes were dropped.
 */
export async function discardChange(db: RollbookDb, opId: string): Promise<number> {
  return db.transaction('rw', db.outbox, async () => {
    const row = await db.outbox.get(opId);
    if (!row || !isOpRow(row) || row.op.kind !== 'change') return 0;
    const gone = new Set([opId]);
    const dropped = new Set(row.op.localId ? [row.op.localId] : []);
    if (dropped.size > 0) {
      // Dependents of dependents too: a criterion on a dropped rule, then that criterion's user list.
      const rest = (await db.outbox.where('meetingKey').equals(CHANGE_KEY).sortBy('opId')).filter((r): r is OutboxRow => isOpRow(r) && r.op.kind === 'change' && r.opId > opId);
      for (const r of rest) {
        if (r.op.kind !== 'change') continue;
        if (localRefsOf(r.op.change).some((id) => dropped.has(id))) {
          gone.add(r.opId);
          if (r.op.localId) dropped.add(r.op.localId);
        }
      }
    }
    await db.outbox.bulkDelete([...gone]);
    return gone.size;
  });
}

/**
 * A create landed: every change still waiting that names its local id now names Learn's id, and
 * the pair is remembered for changes queued later by a screen still holding the local id.
 * Runs inside applyResults' transaction, so no change is ever sent with an id Learn never gave.
 */
export async function mapLocalId(db: RollbookDb, localId: string, learnId: string): Promise<void> {
  const ids = new Map([[localId, learnId]]);
  await db.syncState.put({ key: landedKey(localId), value: learnId });
  await db.outbox
    .where('meetingKey')
    .equals(CHANGE_KEY)
    .modify((row) => {
      if (!isOpRow(row) || row.op.kind !== 'change') return;
      const change = withLearnIds(row.op.change, ids);
      if (change !== row.op.change) row.op = { ...row.op, change };
    });
}

/**
 * Whether a change of this scope is on its way: a new change then queues behind it, keeping the
 * user's order. One Learn refused (not retryable) is not on its way: it waits for the user's
 * Try again or Discard, and must not turn every later change of the course into a queued one.
 */
export async function hasWaitingChanges(db: RollbookDb, courseId: string): Promise<boolean> {
  return (await waitingChanges(db, courseId)).some((c) => c.state === 'pending' || c.retryable !== false);
}
