import { z } from 'zod';

/**
 * A course and a roster member as the host sends them (`learn.myCourses`, `learn.roster`), in a
 * module of their own: the local store's row checks use them, and taking them from the contract
 * brought every channel's schemas into the import worker's chunk. The contract re-exports them.
 */
export const MyCourse = z.strictObject({
  /** Learn's primary id (`_12_1`): what every other channel takes as `courseId`. */
  id: z.string(),
  /** The human course id (`PSYC-101-F26`). */
  courseId: z.string(),
  name: z.string(),
  ultra: z.boolean(),
  organization: z.boolean(),
  /** The signed-in user's course role (`Instructor`, `TeachingAssistant`, ...). */
  role: z.string(),
  /**
   * A cross-listed child's parent course (Learn's id): its students' attendance is taken there,
   * and Learn refuses the child's meetings (docs/api-notes/attendance.md).
   */
  parentId: z.string().optional(),
  /** A course whose dates (its own or its term's) are over: listed only when asked for ("Show past courses"). */
  past: z.literal(true).optional(),
});
export type MyCourse = z.infer<typeof MyCourse>;

export const RosterMember = z.strictObject({
  userId: z.string(),
  userName: z.string(),
  givenName: z.string(),
  familyName: z.string(),
  studentId: z.string().optional(),
  /** For CSV import by email or external key. */
  email: z.string().optional(),
  externalId: z.string().optional(),
  role: z.string(),
  /** Learn's avatar link (`user.avatar.viewUrl`): the kept photo is fetched again only when it changes. */
  avatarLink: z.string().optional(),
});
export type RosterMember = z.infer<typeof RosterMember>;
