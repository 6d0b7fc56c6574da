import { Dexie, type Table } from 'dexie';
import { outboxJournal } from './outbox-journal';
import type {
  AllyReportRow,
  AttendanceRecordRow,
  ImportRow,
  ReviewCacheRow,
  ConflictRow,
  CourseRow,
  KeyValueRow,
  MeetingRow,
  StoredOutboxRow,
  RosterMemberRow,
  PhotoRow,
  SyncHistoryRow,
  UndoEntryRow,
} from './rows';

/** The database name the app uses; tests pass their own. */
export const DEFAULT_DB_NAME = 'rollbook';

/**
 * Version 1 stores. Kept as a constant because history must never change: a released version's
 * schema is what users have on disk, and the migration test opens exactly this.
 */
export const SCHEMA_V1 = {
  courses: 'id',
  rosterMembers: '[courseId+userId], courseId',
  meetings: 'key, courseId, serverId, localId',
  attendanceRecords: '[meetingKey+userId], meetingKey, courseId',
  outbox: 'opId, courseId, meetingKey, [meetingKey+userId], state',
  syncState: 'key',
  settings: 'key',
  syncHistory: '++id, at',
  conflicts: 'id, courseId, meetingKey',
} as const;

/**
 * Version 2: the roster is sorted by last name on every roll call, so each member gets a derived
 * `sortName` and an index to read it in order (no sorting 1,000 names in JS on each change);
 * "undo" gets its own log of user actions.
 */
export const SCHEMA_V2 = {
  rosterMembers: '[courseId+userId], courseId, [courseId+sortName]',
  undoLog: '++seq, [courseId+meetingKey]',
} as const;

/**
 * Version 3: CSV imports (undone as a whole until synced), server reads kept for offline review
 * (content pages, calendar windows, announcements: one JSON value per key), and every Ally report
 * fetched, with its date, so a file's score history can be shown.
 */
export const SCHEMA_V3 = {
  imports: 'id, courseId, at',
  reviewCache: 'key, courseId, kind',
  allyReports: '++seq, [courseId+fileKey], courseId, fetchedAt',
} as const;

/**
 * Version 4: student photos kept on the device for the roll call offline, one
 * row a user (the store is one identity's, so the user id is unique), with when it was fetched.
 */
export const SCHEMA_V4 = {
  photos: 'userId, fetchedAt',
} as const;

/**
 * Version 5: a CSV import's record ops are stored in batch rows (outbox-batches.ts). Their `size`
 * (entries still waiting) is indexed so the status bar counts them without reading rows, and their
 * `recordKeys` so a record's op in a batch is found by the record.
 */
export const SCHEMA_V5 = {
  outbox: 'opId, courseId, meetingKey, [meetingKey+userId], state, size, *recordKeys',
} as const;

/** Last name first, lower case, user name last to make the order total. */
export function sortNameOf(m: { familyName: string; givenName: string; userName: string }): string {
  return `${m.familyName}\u0000${m.givenName}\u0000${m.userName}`.toLocaleLowerCase();
}

/** The local store: every table typed, the whole version history in one place. */
export class RollbookDb extends Dexie {
  courses!: Table<CourseRow, string>;
  rosterMembers!: Table<RosterMemberRow, [string, string]>;
  meetings!: Table<MeetingRow, string>;
  attendanceRecords!: Table<AttendanceRecordRow, [string, string]>;
  outbox!: Table<StoredOutboxRow, string>;
  syncState!: Table<KeyValueRow, string>;
  settings!: Table<KeyValueRow, string>;
  syncHistory!: Table<SyncHistoryRow, number>;
  conflicts!: Table<ConflictRow, string>;
  undoLog!: Table<UndoEntryRow, number>;
  imports!: Table<ImportRow, string>;
  reviewCache!: Table<ReviewCacheRow, string>;
  allyReports!: Table<AllyReportRow, number>;
  photos!: Table<PhotoRow, string>;

  constructor(name: string = DEFAULT_DB_NAME) {
    // No optimistic cache: its middleware (an AbortController and listeners per transaction, a
    // copy of each write) was a quarter of a roll call press's Dexie work, and the
    // screens read only what is committed (the roll call shows its own presses from memory).
    super(name, { cache: 'disabled' });
    this.version(1).stores(SCHEMA_V1);
    this.version(2)
      .stores(SCHEMA_V2)
      .upgrade(async (tx) => {
        await tx
          .table<Partial<RosterMemberRow>>('rosterMembers')
          .toCollection()
          .modify((m) => {
            m.sortName = sortNameOf({ familyName: m.familyName ?? '', givenName: m.givenName ?? '', userName: m.userName ?? '' });
          });
      });
    this.version(3).stores(SCHEMA_V3);
    this.version(4).stores(SCHEMA_V4);
    this.version(5).stores(SCHEMA_V5);
    this.use(outboxJournal(this));
  }
}

/** Open (creating or upgrading) the local store. */
export async function openRollbookDb(name: string = DEFAULT_DB_NAME): Promise<RollbookDb> {
  const db = new RollbookDb(name);
  await db.open();
  return db;
}

/**
 * Whether the browser holds a database of this name. Its list answers in one request; Dexie.exists
 * opens the database and aborts its creation, which costs a start 5–15 ms more.
 */
export async function storeExists(name: string): Promise<boolean> {
  if (typeof indexedDB.databases !== 'function') return Dexie.exists(name);
  return (await indexedDB.databases()).some((d) => d.name === name);
}
