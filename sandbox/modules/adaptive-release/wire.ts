/**
 * The adaptive release API's wire vocabulary, as the sandbox reads it from seed 000 ("Adaptive
 * release rule", "criterion", "Group predicate", "User predicate", "Limits"), the Swagger
 * (AdaptiveReleaseRule, AdaptiveReleaseRuleCriteria) and learn-docs/learn/adaptive-release.md.
 * Written here, not taken from the app's readers (rule 1 of the house).
 */

/** Seed 000 "Limits". */
export const RULE_TITLE_MAX = 100;
export const GROUPS_PER_CRITERION_MAX = 100;
export const USERS_PER_CRITERION_MAX = 100;

/** The Swagger's criterion type enum (the seed names GradeRange, DateRange, Memberships, grade-completed). */
export const CRITERION_TYPES = ['GradeRange', 'GradePercentage', 'DateRange', 'Memberships', 'GradeCompleted', 'ContentComplete', 'ContentReviewed'] as const;
export type CriterionType = (typeof CRITERION_TYPES)[number];

export interface RuleJson {
  id: string;
  title: string;
}

/**
 * A criterion as adaptive-release.md shows it: grade criteria write `maxScore: null` out ("minScore
 * or higher"); a DateRange's open side is null or absent; other types carry id and type only.
 */
export interface CriterionJson {
  id: string;
  type: CriterionType;
  gradeColumnId?: string;
  minScore?: number;
  maxScore?: number | null;
  startDate?: string | null;
  endDate?: string | null;
  reviewedContentId?: string;
}

export interface GroupPredicateJson {
  id: string;
  criterionId: string;
  groupId: string;
}

export interface UserPredicateJson {
  id: string;
  criterionId: string;
  userId: string;
}
