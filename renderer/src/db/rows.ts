import { z } from 'zod';
import { AttendanceStatus, LearnStatus } from '../../../shared/api/attendance';
import { MeetingRef, OutboxOp } from '../../../shared/domain/outbox';
import { MyCourse, RosterMember } from '../../../shared/ipc/course-shapes';
import { HostWords } from '../../../shared/ipc/host-words';

/**
 * The rows of the local store, one zod schema each. Rows are read back through these schemas
 * (see integrity.ts) so that a row damaged on disk or written by an older build is reported and
 * skipped instead of crashing a screen.
 */

/** A course from "my courses" (server data): the contract's `MyCourse`, as stored. */
export const CourseRow = z.object({ ...MyCourse.shape, id: z.string().min(1) });
export type CourseRow = z.infer<typeof CourseRow>;

/**
 * A student of a course (server data): the contract's `RosterMember` (fields and their meaning are
 * defined there, once), plus the course and `sortName`, derived (version 2): last name first, lower case.
 */
export const RosterMemberRow = z.object({
  ...RosterMember.shape,
  courseId: z.string().min(1),
  userId: z.string().min(1),
  sortName: z.string(),
});
export type RosterMemberRow = z.infer<typeof RosterMemberRow>;

/**
 * A meeting. `key` is the meeting key every other table uses: the server id as a string once the
 * meeting has one, else its local id (a UUID, so the two never collide). `localId` stays after
 * the meeting is synced so an old `{ localId }` ref still finds it.
 */
export const MeetingRow = z.object({
  key: z.string().min(1),
  courseId: z.string().min(1),
  serverId: z.number().int().positive().optional(),
  localId: z.string().optional(),
  title: z.string(),
  description: z.string(),
  start: z.string(),
  end: z.string().nullable(),
  externalLink: z.string().optional(),
  /**
   * Deleted by the user: hidden from every screen. Until the delete is synced it has its op; after,
   * the row stays as a marker (with `confirmedAt`) until a read of Learn sent later agrees.
   */
  deleted: z.boolean().optional(),
  savedAt: z.string(),
  /** When Learn last took this device's own change to it: a read of Learn sent earlier is older than the row. */
  confirmedAt: z.string().optional(),
});
export type MeetingRow = z.infer<typeof MeetingRow>;

/**
 * One user's status at one meeting. `status` is what the user wants (null: not marked);
 * `baseStatus` the server's value when this device last read it (null: no record on the server).
 */
export const AttendanceRecordRow = z.object({
  courseId: z.string().min(1),
  meetingKey: z.string().min(1),
  userId: z.string().min(1),
  // Learn's word when it came from Learn (possibly one Rollbook does not know); what the user sets is one of the four.
  status: LearnStatus.nullable(),
  baseStatus: LearnStatus.nullable(),
  serverRecordId: z.number().int().positive().optional(),
  savedAt: z.string(),
  /** When Learn last answered this device's own change to it: a read of Learn sent earlier is older than the row. */
  confirmedAt: z.string().optional(),
});
export type AttendanceRecordRow = z.infer<typeof AttendanceRecordRow>;

/**
 * An outbox entry: the op itself plus where it stands. Failed ops stay, with their message.
 * 'withdrawn': undone by the user; never sent again, kept only until the next push's results
 * say whether a copy already on its way was applied (apply-results.ts).
 */
export const OutboxRow = z.object({
  opId: z.string().min(1),
  courseId: z.string().min(1),
  /** Key of the meeting the op concerns (for mapping local ids and per-meeting queries). */
  meetingKey: z.string().min(1),
  /** For record.set: the user it concerns (else ''), so per-record lookups use one index. */
  userId: z.string(),
  op: OutboxOp,
  state: z.enum(['pending', 'failed', 'withdrawn']),
  /** Why it was not sent, in plain words (the screens name the record). */
  error: z.string().optional(),
  /** The technical account behind "Details" (Learn's answer, its ids). */
  errorDetail: z.string().optional(),
  /** `error` as the host's catalogue key and values: shown in the instructor's language. */
  errorWords: HostWords.optional(),
  retryable: z.boolean().optional(),
  /**
   * Not sent before this time (ISO): part of an import planned for a later day of the site's
   * request quota (docs/decisions/import-over-several-days.md, "An import over several days"). Not indexed: every read of
   * pending ops reads the rows anyway.
   */
  heldUntil: z.iso.datetime({ offset: true }).optional(),
});
export type OutboxRow = z.infer<typeof OutboxRow>;

/** One imported status in an import's batch (below): its place `n` in the batch names its op. */
export const BatchEntry = z.object({
  n: z.number().int().nonnegative(),
  userId: z.string().min(1),
  status: AttendanceStatus,
  baseStatus: LearnStatus.nullable(),
});
export type BatchEntry = z.infer<typeof BatchEntry>;

/**
 * Up to 50 of the record.set ops a CSV import writes for one meeting, stored as one row
 * (docs/decisions/outbox-batch-rows.md, "An import's ops in batch rows"): an import of 12,000 statuses is 240 puts, not 12,000.
 * Every entry is still its own op everywhere else: `expandOutbox` (outbox-batches.ts) turns the row
 * into the ops it holds, entry `n` with op id `${opId}.${n}`, so the engine, the screens and the
 * results see exactly the ops one row each would have been. A batch is only ever pending: an
 * entry that fails, is withdrawn, or is settled leaves the batch (as a row of its own, if it stays).
 */
export const OutboxBatchRow = z.object({
  opId: z.string().min(1),
  courseId: z.string().min(1),
  meetingKey: z.string().min(1),
  /** '' as for every op that is not one record's. */
  userId: z.literal(''),
  state: z.literal('pending'),
  /** Entries still waiting; indexed, so the status bar counts them from the index's keys alone. */
  size: z.number().int().positive(),
  /**
   * `${meetingKey}\u0000${userId}` of each entry, indexed (multiEntry): the batches holding a
   * record's op are found as a tap's op is, by the record, without reading the meeting's batches.
   */
  recordKeys: z.array(z.string()),
  /** As an op row's `heldUntil`: the whole batch waits for its day. */
  heldUntil: z.iso.datetime({ offset: true }).optional(),
  batch: z.object({
    at: z.iso.datetime({ offset: true }),
    meeting: MeetingRef,
    entries: z.array(BatchEntry).min(1),
  }),
});
export type OutboxBatchRow = z.infer<typeof OutboxBatchRow>;

/** What the outbox table holds: one op's row, or an import's batch of record ops. */
export const StoredOutboxRow = z.union([OutboxRow, OutboxBatchRow]);
export type StoredOutboxRow = z.infer<typeof StoredOutboxRow>;

/** A record the server changed since this device read it; the user chooses. One per record. */
export const ConflictRow = z.object({
  id: z.string().min(1),
  courseId: z.string().min(1),
  meetingKey: z.string().min(1),
  userId: z.string().min(1),
  local: AttendanceStatus,
  server: LearnStatus.nullable(),
  serverRecordId: z.number().int().positive().optional(),
  at: z.string(),
});
export type ConflictRow = z.infer<typeof ConflictRow>;

/** One push to the server. */
export const SyncHistoryRow = z.object({
  id: z.number().int().optional(),
  at: z.string(),
  sent: z.number().int(),
  done: z.number().int(),
  superseded: z.number().int(),
  failed: z.number().int(),
  conflicts: z.number().int(),
});
export type SyncHistoryRow = z.infer<typeof SyncHistoryRow>;

/** Key/value rows of syncState and settings. */
export interface KeyValueRow {
  key: string;
  value: unknown;
}

/** One user action on a meeting's roll, kept so "undo" can revert it (version 2). */
export interface UndoChange {
  userId: string;
  /** Status before the action (null: not marked). */
  before: LearnStatus | null;
  /** The op the action wrote for this user. */
  opId: string;
  /** The status the action set (absent in steps saved before it was recorded). */
  after?: AttendanceStatus;
}
export interface UndoEntryRow {
  seq?: number;
  courseId: string;
  meetingKey: string;
  at: string;
  changes: UndoChange[];
}

/**
 * One confirmed CSV import: what it changed, so it can be undone as a whole while its
 * ops are still waiting. The attendance-csv feature owns the shape of `changes`.
 */
export interface ImportRow {
  id: string;
  courseId: string;
  at: string;
  fileName: string;
  /** Per record: meeting, user, the status before, and the op that sends the new one. */
  changes: {
    meetingKey: string;
    userId: string;
    before: UndoChange['before'];
    opId: string;
    /** The status the import set (absent in imports saved before it was recorded). */
    after?: AttendanceStatus;
  }[];
  /** Set once undone, so the history can say so. */
  undoneAt?: string;
  /** Local ids of the meetings this import created (undo removes them while Learn has not seen them). */
  createdMeetings?: string[];
  /** The preview's counts at confirmation, for the list of past imports. */
  counts?: { new: number; changed: number; unchanged: number; error: number };
}

/** A server read kept for offline review: `kind` names the reader (e.g. `content.children`). */
export interface ReviewCacheRow {
  key: string;
  /** The course the read belongs to; null for reads across courses (calendar, announcements). */
  courseId: string | null;
  kind: string;
  savedAt: string;
  value: unknown;
}

/** One Ally report as fetched: `fileKey` names the course file (its Learn content and attachment). */
export interface AllyReportRow {
  seq?: number;
  courseId: string;
  fileKey: string;
  fileName: string;
  fetchedAt: string;
  /** Ally's overall score, 0..1; null while Ally has none. */
  score: number | null;
  report: unknown;
  /** When this same report (same bytes, same score) was first fetched; `fetchedAt` is the last time. */
  firstFetchedAt?: string;
  /** Ally's content hash of the file the report is about (a new hash: the file was replaced). */
  hash?: string | null;
}

/**
 * A student's photo as last fetched from Learn, or why there is none: `none` (Learn has no
 * avatar), `not-allowed` (Learn's 403), `refused` (the link answered something that is not a
 * photo). Every state is kept with its time, so a student without a photo is not asked for again
 * on every roll call, only once the row is older than the refresh age (db/photo-cache.ts).
 */
export interface PhotoRow {
  userId: string;
  /** Epoch milliseconds. */
  fetchedAt: number;
  state: 'photo' | 'none' | 'not-allowed' | 'refused';
  contentType?: string;
  bytes?: Uint8Array;
  reason?: string;
  /** Learn's avatar link when this was fetched: a new link means a new picture. */
  link?: string;
}
