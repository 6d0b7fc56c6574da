import { z } from 'zod';
import { AttendanceStatus, LearnStatus } from '../api/attendance';
import { HostWords } from '../ipc/host-words';
import { LocalId, QueuedChange } from './queued-change';

/**
 * The typed messages the renderer's outbox hands to the sync engine (Actual Budget's model: the
 * client writes locally, the sync layer replays typed operations). One user action = one op,
 * written in the same IndexedDB transaction as the record it changes.
 *
 * A meeting created offline has no server id yet: ops name it by its local id, and the engine maps
 * local -> server id once the create succeeds (and reports the mapping back).
 */

/** A meeting as this device knows it: by server id once it has one, else by its local id. */
export const MeetingRef = z.union([
  z.strictObject({ serverId: z.number().int().positive() }),
  z.strictObject({ localId: z.string().min(1) }),
]);
export type MeetingRef = z.infer<typeof MeetingRef>;

export const MeetingFields = z.strictObject({
  title: z.string().min(1).max(255),
  description: z.string().max(4000),
  start: z.iso.datetime({ offset: true }),
  end: z.iso.datetime({ offset: true }),
  externalLink: z.url().optional(),
});
export type MeetingFields = z.infer<typeof MeetingFields>;

const OpBase = {
  /** Unique, time-ordered id (e.g. `${Date.now().toString(36)}-${random}`); order of the user's actions. */
  opId: z.string().min(1),
  /** Learn course primary id (`_12_1`). */
  courseId: z.string().min(1),
  /** When the user did it (ISO). */
  at: z.iso.datetime({ offset: true }),
};

/** One user's status at one meeting: the op a tap, a mark-all or an imported row writes. */
export const RecordSetOp = z.strictObject({
  ...OpBase,
  kind: z.literal('record.set'),
  meeting: MeetingRef,
  userId: z.string().min(1),
  status: AttendanceStatus,
  /**
   * The server's status for this record when this device last read it (null: no record then).
   * A different value on the server now is a conflict, never silently overwritten.
   */
  /** Learn's value when read: possibly a status Rollbook does not know (kept as sent). */
  baseStatus: LearnStatus.nullable(),
});
export type RecordSetOp = z.infer<typeof RecordSetOp>;

/**
 * Take one user's record at one meeting off Learn (seed 001 "Delete record"): the undo of a mark
 * that created the record once it reached Learn. `baseStatus`: the status this device believes
 * Learn holds (the one the undone mark set); Learn holding another is left as Learn has it.
 */
export const RecordClearOp = z.strictObject({
  ...OpBase,
  kind: z.literal('record.clear'),
  meeting: MeetingRef,
  userId: z.string().min(1),
  baseStatus: LearnStatus.nullable(),
});
export type RecordClearOp = z.infer<typeof RecordClearOp>;

export const OutboxOp = z.discriminatedUnion('kind', [
  z.strictObject({ ...OpBase, kind: z.literal('meeting.create'), localMeetingId: z.string().min(1), fields: MeetingFields }),
  z.strictObject({ ...OpBase, kind: z.literal('meeting.update'), meeting: MeetingRef, fields: MeetingFields.partial() }),
  z.strictObject({ ...OpBase, kind: z.literal('meeting.delete'), meeting: MeetingRef }),
  RecordSetOp,
  RecordClearOp,
  /**
   * A content-review change (queued-change.ts). `courseId` is the course it concerns; a calendar
   * change names its calendar (a course id, `PERSONAL`, `INSTITUTION`), an announcement `system`.
   */
  z.strictObject({
    ...OpBase,
    kind: z.literal('change'),
    change: QueuedChange,
    /** For a create: the local id the screens gave the new thing until Learn answers with its own. */
    localId: LocalId.optional(),
    /**
     * For a create: Learn ids already there when the user made it (the folder's items, the rule's
     * criteria...). Replay never adopts one of them as "the one this change created".
     */
    known: z.array(z.string().min(1).max(200)).max(10_000).optional(),
    /** The change in the user's words ("New folder "Week 3" in BIO 101"), for the waiting list and failures. */
    label: z.string().min(1).max(300),
  }),
]);
export type OutboxOp = z.infer<typeof OutboxOp>;
export type OutboxOpKind = OutboxOp['kind'];

/** What became of one op. Every op handed to the engine gets exactly one result. */
export const OpResult = z.discriminatedUnion('outcome', [
  /** Applied (or found already applied). Server ids so the renderer can map local ids. */
  z.strictObject({
    opId: z.string(),
    outcome: z.literal('done'),
    serverMeetingId: z.number().int().positive().optional(),
    serverRecordId: z.number().int().positive().optional(),
    /** The server's value after the op: the new base for later conflict checks. */
    serverStatus: LearnStatus.nullable().optional(),
    /** A change that created something: Learn's id for it (the renderer maps the local id). */
    createdId: z.string().min(1).optional(),
  }),
  /** Superseded by a later op in the same push (coalesced); nothing was sent for it. */
  z.strictObject({ opId: z.string(), outcome: z.literal('superseded'), by: z.string() }),
  /** The server's value changed since this device read it: the user chooses. */
  z.strictObject({
    opId: z.string(),
    outcome: z.literal('conflict'),
    local: AttendanceStatus,
    server: LearnStatus.nullable(),
    serverRecordId: z.number().int().positive().optional(),
  }),
  /** Not applied. `retryable` false means the user must act (the message says how). */
  // `message`: why, in the user's words, without naming the record (the screen names it); `detail`: the technical account behind "Details".
  // `retryAt`: the earliest time trying again can help (Learn's quota resets, or it asked to wait); set for quota and burst refusals.
  // `learn`: the failure was Learn's, not the change's: it did not answer (`not-answering`) or answered with a server error (`had-a-problem`); the status bar says so.
  z.strictObject({
    opId: z.string(),
    outcome: z.literal('failed'),
    retryable: z.boolean(),
    message: z.string(),
    detail: z.string().optional(),
    retryAt: z.iso.datetime({ offset: true }).optional(),
    learn: z.enum(['not-answering', 'had-a-problem']).optional(),
    /** `message` as a catalogue key and values, for the renderer to write in the instructor's language. */
    words: HostWords.optional(),
  }),
]);
export type OpResult = z.infer<typeof OpResult>;
