/**
 * The local store's public surface. Screens import from here only.
 *
 * Writes: every user action goes through a repository, which commits the record AND its outbox op
 * in one Dexie transaction (docs/architecture.md rule 4). Reads: the query functions are plain async
 * functions of the db, meant to be wrapped in `liveQuery(() => rosterWithStatuses(db, ...))`.
 *
 * Meetings are named by `MeetingRef` (shared/domain/outbox): `{ serverId }` or `{ localId }` for a
 * meeting created offline. A `{ localId }` ref keeps working after sync maps it to a server id.
 */
export { RollbookDb, openRollbookDb, DEFAULT_DB_NAME } from './rollbook-db';
export type {
  CourseRow,
  RosterMemberRow,
  MeetingRow,
  AttendanceRecordRow,
  OutboxRow,
  ConflictRow,
  SyncHistoryRow,
} from './rows';
export { meetingKeyOf, refOf, findMeeting } from './ops';

/**
 * `attendanceRepo(db)`:
 * - `setStatus(courseId, meetingRef, userId, status, known?)`: one tap. No-op when the status is already
 *   that. `known` (the meeting and record the screen read) lets it write in one round trip.
 * - `markAllNotYetMarked(courseId, meetingRef, userIds, status)`: marks only users with no status;
 *   never overwrites one already set. Resolves to how many were marked. One undo step.
 * - `undoLast(courseId, meetingRef)`: reverts the meeting's last action (a tap or a mark-all).
 *   Resolves to `{ restored, notUndoable }` or null when there is nothing to undo.
 * - `setStatuses(courseId, meetingRef, presses, known?)`: several presses in one transaction, each
 *   its own undo step (group commit: see `GroupCommit`, which gathers presses made while a commit is
 *   in flight).
 */
export { attendanceRepo, type AttendanceRepo, type KnownRecord, type KnownRecords, type Press, type UndoOutcome } from './attendance-repo';
export { GroupCommit } from './group-commit';

/**
 * `meetingsRepo(db)`: `createMeeting(courseId, fields) -> { localId }`,
 * `createWeeklySeries(courseId, fields, untilDate 'YYYY-MM-DD') -> MeetingRef[]`,
 * `updateMeeting(courseId, ref, partialFields)`, `deleteMeeting(courseId, ref)`. All work offline.
 */
export { meetingsRepo, type MeetingsRepo } from './meetings-repo';

/**
 * `cacheRepo(db)`: store what was fetched from Learn (`putCourses`, `putRoster`, `putMeetings`,
 * `putRecords`). Server statuses become each record's `baseStatus`; a record with a pending op
 * keeps the user's status (local intent wins until it is synced).
 */
export { meetingReadKey, readRecently, recordsKnownRecently, rosterReadKey, COURSES_READ_KEY, FRESH_FOR_MS } from './read-freshness';
export { cacheRepo, meetingsReadKey, type CacheRepo, type FetchedCourse, type FetchedMember, type FetchedRecord, type LearnLists, type MeetingsRead } from './cache-repo';

/**
 * `outboxRepo(db)`: `pending()` (ops to hand to `sync.push`, in order), `applyResults(results)`
 * (one transaction: local -> server meeting ids everywhere, new base values, done/superseded ops
 * removed, failed ones kept with their message, conflicts stored, a sync history row),
 * `conflicts()`, `resolveConflict(id, 'mine' | 'server')`, `retry(opId)`, `discard(opId)`.
 */
export { outboxRepo, type OutboxRepo } from './outbox-repo';
/** `queueReasserts(db, ops)`: before a push, the re-assert ops a bulk of its meetings needs (reassert-repo.ts). */
export { queueReasserts } from './reassert-repo';

/** The outbox as the ops it holds (an import's batch as its ops): the one way to read it (outbox-batches.ts). */
export { expandOutbox } from './outbox-batches';

/** liveQuery-ready reads. */
export {
  courses,
  meetingsOf,
  counts,
  pendingCount,
  failures,
  lastSync,
  syncHistory,
  type MeetingListItem,
  type StatusCounts,
  type Failure,
  type LastSync,
} from './queries';

/**
 * The roll call's narrow reads: `courseRoster(db, courseId)` (sorted by last name),
 * `meetingMarks(db, ref)` (each student's saved status, pending op, failure, conflict, by user id),
 * `withMarks(roster, marks)`, and `rosterWithStatuses` (both at once).
 */
export { courseRoster, hasRoster, meetingMarks, withMarks, rosterWithStatuses, type RosterStudent, type SavedMark, type MeetingMarks, type RosterEntry } from './roll-call-reads';

/** Rows that fail their schema are skipped by the queries and listed here for the user. */
export { corruptRows, type CorruptRow } from './integrity';

/** Ask the browser to keep the data; false when refused or unsupported (tell the user). */
export { requestPersistentStorage } from './persistence';

/**
 * CSV import, export and report. `attendanceSheet(db, courseId, courseCode)`: the
 * course's roster, meetings and statuses from this device (offline too), for shared/csv.
 * `confirmImport(db, request)`: records, ops, new meetings and the import's row in one
 * transaction. `undoImport(db, id)`: the whole import, while its ops wait. `importsOf(db, courseId)`:
 * past imports, newest first, with how many changes still wait.
 */
export { attendanceSheet } from './attendance-sheet';
export { confirmImport, undoImport, importsOf, importStanding, type ImportRequest, type ImportDone, type ImportUndone, type ImportStanding, type ImportStatuses } from './import-repo';
export type { ImportRow } from './rows';

/**
 * Reads kept for offline review: `saveReview(db, { key, kind, courseId }, value)`,
 * `readReview(db, key, schema)`, `readReviews(db, keys, schema)`. Damaged rows read as not saved.
 */
export { saveReview, readReview, readReviews, type ReviewSlot, type SavedReview } from './review-cache-repo';

/**
 * Content-review changes in the outbox: `queueChange(db, { courseId, change, label, known })`
 * queues a write of a content, release, calendar or announcement channel (a create gets a local id);
 * `waitingChanges(db, courseId?)` lists those waiting (liveQuery-ready); `discardChange(db, opId)`
 * drops one, and with a create every change that names what it would have made.
 */
export { queueChange, waitingChanges, discardChange, hasWaitingChanges, learnIdOf, CHANGE_KEY, type ChangeInput, type QueuedChangeRef, type WaitingChange } from './changes-repo';

/**
 * One store per identity: `openIdentityStore(key)`, `unsentChangesOf(key)`,
 * `removeIdentityStore(key)`; `moveSharedStore(db, courses)` moves the store every identity shared
 * before into the first identity it provably belongs to; `IdentityDirectory` lists the identities
 * with data on this device, by name.
 */
export { makeNewIdentityStore, openIdentityStore, removeIdentityStore, sealedStore, storeKeyOf, storeNameOf, unsentChangesOf } from './identity-store';
/** Rows sealed at rest under the key the host hands over (at-rest.ts, sealed-row.ts). */
export { importStoreKey, type StoreKey } from './sealed-row';
export { moveSharedStore, type LegacyOutcome, type UserCourse } from './legacy-store';
export { IdentityDirectory, type KnownIdentity } from './identity-directory';

/** Student photos kept on the device, and the statuses at the meeting before (roll call). */
export { cachedPhotos, keepPhotos, photoIsStale, PHOTO_REFRESH_MS } from './photo-cache';
export { previousMarks } from './previous-marks';
/**
 * Meetings with their states and courses at a glance: `courseAttendance(db,
 * courseId)` (meetings oldest first, each with marked/total, waiting, failed, conflicts; the
 * course's status counts), `courseGlances(db)` (every course, for Today). `waitingSummary(db)`:
 * what waits for Learn, counted by kind (Today and sign-out).
 */
export { courseAttendance, courseGlances, unreadPastMeetings, type MeetingState, type MeetingWithState, type CourseAttendance, type CourseGlance } from './course-glance';
export { waitingSummary, type WaitingSummary } from './waiting-summary';
export { inSlices, yieldToPage } from './yield-to-page';
