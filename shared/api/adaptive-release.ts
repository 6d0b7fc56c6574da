import { z } from 'zod';
import { DateTime, optional, pagedEnvelope } from './common';

/**
 * Adaptive release: a content item's rule, the rule's criteria, and the groups and users a
 * Memberships criterion releases the item to (seed 000 "Adaptive release"; Swagger
 * `AdaptiveReleaseRule`, `AdaptiveReleaseRuleCriteria`; adaptive-release.md for field shapes).
 */

/** Limits the service enforces (seed "Limits"). */
export const RULE_TITLE_MAX = 100;
export const GROUPS_PER_CRITERION_MAX = 100;
export const USERS_PER_CRITERION_MAX = 100;

export const AdaptiveReleaseRule = z.looseObject({
  id: z.string(),
  title: optional(z.string()),
});
export type AdaptiveReleaseRule = z.infer<typeof AdaptiveReleaseRule>;
export const PagedRules = pagedEnvelope(AdaptiveReleaseRule);

/** Body of Create Rule; Update Rule sends the same with `title` optional. */
export const CreateRuleRequest = z.strictObject({ title: z.string().min(1).max(RULE_TITLE_MAX) });
export type CreateRuleRequest = z.infer<typeof CreateRuleRequest>;

/** Criterion types the Swagger enumerates. Only the first five can be written through the API. */
export const CRITERION_TYPES = ['GradeRange', 'GradePercentage', 'DateRange', 'Memberships', 'GradeCompleted', 'ContentComplete', 'ContentReviewed'] as const;

const id = z.string();

/** Score range on another item's grade column; `maxScore: null` means "minScore or higher". */
export const GradeRangeCriterion = z.looseObject({
  id,
  type: z.enum(['GradeRange', 'GradePercentage']),
  gradeColumnId: z.string(),
  minScore: z.number().nullable().optional(),
  maxScore: z.number().nullable().optional(),
});

/** Date window; a missing or null end means "after startDate", a missing start "before endDate". */
export const DateRangeCriterion = z.looseObject({
  id,
  type: z.literal('DateRange'),
  startDate: DateTime.nullable().optional(),
  endDate: DateTime.nullable().optional(),
});

/** Who: the groups and users are separate resources (predicates) below the criterion. */
export const MembershipsCriterion = z.looseObject({ id, type: z.literal('Memberships') });

/** Released once the named grade column is graded, whatever the score (Classic courses). */
export const GradeCompletedCriterion = z.looseObject({ id, type: z.literal('GradeCompleted'), gradeColumnId: z.string() });

/** Read-only types the API reports but cannot write. */
export const ContentReviewedCriterion = z.looseObject({ id, type: z.literal('ContentReviewed'), reviewedContentId: z.string() });
export const ContentCompleteCriterion = z.looseObject({ id, type: z.literal('ContentComplete'), contentId: z.string() });

const KNOWN_TYPES: readonly string[] = CRITERION_TYPES;

/** A type this app does not know (ACL variants, future ones): shown, never edited. */
export const OtherCriterion = z.looseObject({
  id,
  type: z.string().refine((t) => !KNOWN_TYPES.includes(t), { message: 'a known criterion type must match its own shape' }),
});

/**
 * Seed 000 names the grade-completed type by its qualified class name
 * (`<vendor>.data.content.avlrule.GradeCompletedCriteria`); the Swagger enum and the vendor page
 * write `GradeCompleted`. A qualified name of a known type is read as the short one.
 */
function shortCriterionType(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || !('type' in value) || typeof value.type !== 'string') return value;
  const short = /^(?:\w+\.)+avlrule\.(\w+?)Criteria$/.exec(value.type)?.[1];
  return short !== undefined && KNOWN_TYPES.includes(short) ? { ...value, type: short } : value;
}

/**
 * Any criterion. A known type must have its own fields (a GradeRange without gradeColumnId is an
 * error, not an "other" criterion); unknown types pass with id and type only.
 */
export const Criterion = z.preprocess(shortCriterionType, z.union([
  GradeRangeCriterion,
  DateRangeCriterion,
  MembershipsCriterion,
  GradeCompletedCriterion,
  ContentReviewedCriterion,
  ContentCompleteCriterion,
  OtherCriterion,
]));
export type Criterion = z.infer<typeof Criterion>;
export const PagedCriteria = pagedEnvelope(Criterion);

export const GroupPredicate = z.looseObject({ id: z.string(), criterionId: z.string(), groupId: z.string() });
export type GroupPredicate = z.infer<typeof GroupPredicate>;
export const PagedGroupPredicates = pagedEnvelope(GroupPredicate);

export const UserPredicate = z.looseObject({ id: z.string(), criterionId: z.string(), userId: z.string() });
export type UserPredicate = z.infer<typeof UserPredicate>;
export const PagedUserPredicates = pagedEnvelope(UserPredicate);

/** Bodies of the two "set list" operations: the complete list the criterion should hold. */
export const SetGroupPredicatesRequest = z.array(z.strictObject({ groupId: z.string().min(1) })).max(GROUPS_PER_CRITERION_MAX);
export type SetGroupPredicatesRequest = z.infer<typeof SetGroupPredicatesRequest>;
export const SetUserPredicatesRequest = z.array(z.strictObject({ userId: z.string().min(1) })).max(USERS_PER_CRITERION_MAX);
export type SetUserPredicatesRequest = z.infer<typeof SetUserPredicatesRequest>;
