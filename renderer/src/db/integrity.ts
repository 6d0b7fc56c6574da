import type { z } from 'zod';
import { createLogger } from '../../../shared/logger';
import type { RollbookDb } from './rollbook-db';
import { UNREADABLE } from './sealed-row';
import { AttendanceRecordRow, ConflictRow, CourseRow, MeetingRow, RosterMemberRow, StoredOutboxRow, SyncHistoryRow } from './rows';

const log = createLogger('db.integrity');

/** A row that fails its schema: where it is and what is wrong, for the user and the log. */
export interface CorruptRow {
  table: string;
  key: string;
  problem: string;
}

/** Keys already logged, so a liveQuery re-running on every change does not flood the log. */
const reported = new Set<string>();

function keyOf(row: unknown): string {
  if (row === null || typeof row !== 'object') return String(row);
  const r = row as Record<string, unknown>;
  const parts = ['key', 'opId', 'id', 'meetingKey', 'courseId', 'userId'].filter((k) => r[k] !== undefined).map((k) => String(r[k]));
  return parts.join('|') || JSON.stringify(row).slice(0, 80);
}

/**
 * The rows that pass their schema. A damaged row (disk, an old build, a bug) is skipped and
 * logged once instead of throwing inside a screen's liveQuery and blanking it.
 */
export function readValid<S extends z.ZodType>(table: string, schema: S, rows: readonly unknown[]): z.infer<S>[] {
  const out: z.infer<S>[] = [];
  for (const row of rows) {
    const parsed = schema.safeParse(row);
    if (parsed.success) {
      out.push(parsed.data);
      continue;
    }
    const key = `${table}:${keyOf(row)}`;
    if (!reported.has(key)) {
      reported.add(key);
      log.warn('corrupt local row skipped', { table, row: keyOf(row), problem: parsed.error.issues[0]?.message });
    }
  }
  return out;
}

/**
 * `readValid` for reads of tens of thousands of rows (Today's 72,000 records): a row that
 * `plainlyValid` passes is taken as it is, with no copy; only the others go through the schema,
 * which keeps or skips them and logs what is wrong, as `readValid` does. `plainlyValid` must be at
 * least as strict as the schema (a unit test holds each one to its schema): stricter only costs time.
 */
export function readValidQuickly<S extends z.ZodType>(table: string, schema: S, rows: readonly unknown[], plainlyValid: (row: unknown) => row is z.infer<S>): z.infer<S>[] {
  const out: z.infer<S>[] = [];
  let doubtful: unknown[] | undefined;
  for (const row of rows) {
    if (plainlyValid(row)) out.push(row);
    else (doubtful ??= []).push(row);
  }
  return doubtful ? out.concat(readValid(table, schema, doubtful)) : out;
}

const checked: [string, (db: RollbookDb) => Promise<unknown[]>, z.ZodType][] = [
  ['courses', (db) => db.courses.toArray(), CourseRow],
  ['rosterMembers', (db) => db.rosterMembers.toArray(), RosterMemberRow],
  ['meetings', (db) => db.meetings.toArray(), MeetingRow],
  ['attendanceRecords', (db) => db.attendanceRecords.toArray(), AttendanceRecordRow],
  ['outbox', (db) => db.outbox.toArray(), StoredOutboxRow],
  ['conflicts', (db) => db.conflicts.toArray(), ConflictRow],
  ['syncHistory', (db) => db.syncHistory.toArray(), SyncHistoryRow],
];

/** Every corrupt row in the store (liveQuery-ready), so the UI can say what was lost. */
export async function corruptRows(db: RollbookDb): Promise<CorruptRow[]> {
  const out: CorruptRow[] = [];
  for (const [table, read, schema] of checked) {
    for (const row of await read(db)) {
      const parsed = schema.safeParse(row);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        // A sealed row that did not open (at-rest.ts) says why in words; its missing fields would say less.
        const unreadable = (row as Record<string, unknown> | null)?.[UNREADABLE];
        out.push({ table, key: keyOf(row), problem: typeof unreadable === 'string' ? unreadable : issue ? `${issue.path.join('.') || '(row)'}: ${issue.message}` : 'invalid' });
      }
    }
  }
  return out;
}
