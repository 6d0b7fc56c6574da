import { z } from 'zod';
import { Criterion, GROUPS_PER_CRITERION_MAX, RULE_TITLE_MAX, USERS_PER_CRITERION_MAX } from '../api/adaptive-release';
import { DateTime } from '../api/common';
import { Content, CONTENT_DESCRIPTION_MAX, CreateAssignmentResult, FileAttachment } from '../api/content';

/**
 * IPC channels for content, adaptive release and assignments. Spread into `contract` in
 * contract.ts; same rules: a request schema each, a response schema each, operations by name and
 * never a URL or token. Limits the seed sets (rule title, 100 groups/users) are enforced here too,
 * so a renderer that skipped its form checks still cannot send what Learn would refuse.
 */

const Id = z.string().min(1).max(200);

/**
 * Bytes of files sent with one assignment. They cross the IPC boundary as base64 inside JSON, and
 * browser mode refuses IPC bodies over 1 MiB: 640 KiB of files is 853 KiB of base64, leaving room
 * for the instructions. Larger files are uploaded in Learn itself (docs/decisions/content-tree-and-release.md).
 */
export const ASSIGNMENT_FILES_MAX_BYTES = 640 * 1024;
export const ASSIGNMENT_FILES_MAX_COUNT = 10;

/** The seed's list filters (Get Contents / Get Content Children query parameters). */
export const ContentFilters = z.strictObject({
  title: z.string().trim().min(1).max(255).optional(),
  contentHandler: z.string().min(1).max(200).optional(),
  created: DateTime.optional(),
  createdCompare: z.enum(['lessThan', 'greaterOrEqual']).optional(),
  modified: DateTime.optional(),
  modifiedCompare: z.enum(['lessThan', 'greaterOrEqual']).optional(),
  reviewable: z.boolean().optional(),
});
export type ContentFilters = z.infer<typeof ContentFilters>;

/** What the signed-in user may do in a course, each refusal with its reason in words. */
export const Permission = z.strictObject({ allowed: z.boolean(), reason: z.string().optional() });
export type Permission = z.infer<typeof Permission>;
export const ContentAccess = z.strictObject({
  role: z.string(),
  createContent: Permission,
  createAssignment: Permission,
  viewRules: Permission,
  createRule: Permission,
  renameRule: Permission,
  deleteRule: Permission,
  createCriterion: Permission,
  editCriterion: Permission,
  deleteCriterion: Permission,
  setMembers: Permission,
});
export type ContentAccess = z.infer<typeof ContentAccess>;

/** A file for a new assignment, read by the renderer: its name, type and bytes (base64). */
export const AssignmentFile = z.strictObject({
  fileName: z.string().trim().min(1).max(255),
  mimeType: z.string().max(200).optional(),
  dataBase64: z.string().max(Math.ceil(ASSIGNMENT_FILES_MAX_BYTES / 3) * 4),
});
export type AssignmentFile = z.infer<typeof AssignmentFile>;

/** What Create Content may make from this app: a folder, a document, or a web link. */
export const NewContent = z.strictObject({
  courseId: Id,
  /** Absent: top level (Ultra: under ROOT; Classic: folders only). */
  parentId: Id.optional(),
  kind: z.enum(['folder', 'document', 'link']),
  title: z.string().trim().min(1).max(255),
  body: z.string().max(100_000).optional(),
  description: z.string().max(CONTENT_DESCRIPTION_MAX).optional(),
  url: z.url({ protocol: /^https?$/ }).optional(),
  available: z.enum(['Yes', 'No']).optional(),
});
export type NewContent = z.infer<typeof NewContent>;

export const NewAssignment = z.strictObject({
  courseId: Id,
  parentId: Id.optional(),
  title: z.string().trim().min(1).max(255),
  instructions: z.string().max(100_000).optional(),
  due: DateTime.optional(),
  attemptsAllowed: z.number().int().min(1).max(100).optional(),
  unlimitedAttempts: z.boolean().optional(),
  pointsPossible: z.number().min(0).max(100_000).optional(),
  files: z.array(AssignmentFile).max(ASSIGNMENT_FILES_MAX_COUNT),
});
export type NewAssignment = z.infer<typeof NewAssignment>;

const ItemRef = z.strictObject({ courseId: Id, contentId: Id });
const RuleRef = z.strictObject({ courseId: Id, contentId: Id, ruleId: Id });
const CriterionRef = z.strictObject({ courseId: Id, contentId: Id, ruleId: Id, criterionId: Id });
const RuleTitle = z.string().trim().min(1).max(RULE_TITLE_MAX);
const Score = z.number().min(0).max(1_000_000);

/** A criterion to create (the writable types; GradeCompleted is Classic-only, Learn says so). */
export const NewCriterionInput = z.discriminatedUnion('type', [
  z.strictObject({ type: z.enum(['GradeRange', 'GradePercentage']), gradeColumnId: Id, minScore: Score, maxScore: Score.nullable().optional() }),
  z.strictObject({ type: z.literal('DateRange'), startDate: DateTime.nullable().optional(), endDate: DateTime.nullable().optional() }),
  z.strictObject({ type: z.literal('Memberships') }),
  z.strictObject({ type: z.literal('GradeCompleted'), gradeColumnId: Id }),
]);
export type NewCriterionInput = z.infer<typeof NewCriterionInput>;

/** A change to a criterion: only the fields of its own type are sent. */
export const CriterionChange = z.strictObject({
  type: z.enum(['GradeRange', 'GradePercentage']).optional(),
  gradeColumnId: Id.optional(),
  minScore: Score.optional(),
  maxScore: Score.nullable().optional(),
  startDate: DateTime.nullable().optional(),
  endDate: DateTime.nullable().optional(),
});
export type CriterionChange = z.infer<typeof CriterionChange>;

export const RuleWithCriteria = z.strictObject({ id: z.string(), title: z.string(), criteria: z.array(Criterion) });
export type RuleWithCriteria = z.infer<typeof RuleWithCriteria>;
export const Members = z.strictObject({ groupIds: z.array(z.string()), userIds: z.array(z.string()) });
export type Members = z.infer<typeof Members>;

const Ok = z.strictObject({});

export const contentChannels = {
  /** What the user may do in this course (Learn has no entitlement API: see docs/api-notes/content-and-release.md). */
  'content.access': { request: z.strictObject({ courseId: Id }), response: ContentAccess },
  /** A folder's items (absent `folderId`: the top level), every page. */
  'content.children': { request: z.strictObject({ courseId: Id, folderId: Id.optional() }), response: z.strictObject({ items: z.array(Content) }) },
  /** Every item in the course matching the filters (recursive), every page. */
  'content.search': { request: z.strictObject({ courseId: Id, filters: ContentFilters }), response: z.strictObject({ items: z.array(Content) }) },
  /** One item, with its attachments where its type holds files. */
  'content.item': { request: ItemRef, response: z.strictObject({ item: Content, attachments: z.array(FileAttachment) }) },
  'content.create': { request: NewContent, response: z.strictObject({ item: Content }) },
  /** Uploads the files first, then creates the assignment; answers what Learn made. */
  'content.createAssignment': {
    request: NewAssignment,
    response: z.strictObject({ result: CreateAssignmentResult, item: Content, attachments: z.array(FileAttachment) }),
  },
  /** The item's rules, each with its criteria. */
  'adaptiveRelease.rules': { request: ItemRef, response: z.strictObject({ rules: z.array(RuleWithCriteria) }) },
  'adaptiveRelease.createRule': { request: ItemRef.extend({ title: RuleTitle }), response: RuleWithCriteria },
  'adaptiveRelease.renameRule': { request: RuleRef.extend({ title: RuleTitle }), response: z.strictObject({ id: z.string(), title: z.string() }) },
  'adaptiveRelease.deleteRule': { request: RuleRef, response: Ok },
  'adaptiveRelease.createCriterion': { request: RuleRef.extend({ criterion: NewCriterionInput }), response: z.strictObject({ criterion: Criterion }) },
  'adaptiveRelease.updateCriterion': { request: CriterionRef.extend({ change: CriterionChange }), response: z.strictObject({ criterion: Criterion }) },
  'adaptiveRelease.deleteCriterion': { request: CriterionRef, response: Ok },
  /** A Memberships criterion's groups and users (ids), every page. */
  'adaptiveRelease.members': { request: CriterionRef, response: Members },
  /** Replaces the criterion's group list in one action (Set Group Predicate List). */
  'adaptiveRelease.setGroups': { request: CriterionRef.extend({ groupIds: z.array(Id).max(GROUPS_PER_CRITERION_MAX) }), response: Members.pick({ groupIds: true }) },
  /** Replaces the criterion's user list in one action (Set User Predicates List). */
  'adaptiveRelease.setUsers': { request: CriterionRef.extend({ userIds: z.array(Id).max(USERS_PER_CRITERION_MAX) }), response: Members.pick({ userIds: true }) },
} as const;
