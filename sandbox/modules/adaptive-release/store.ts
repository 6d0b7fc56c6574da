import type { SandboxContext } from '../../core/context';
import type { ShapeVariety } from '../../core/shape-variety';
import type { CriterionJson, CriterionType, GroupPredicateJson, RuleJson, UserPredicateJson } from './wire';

/**
 * Adaptive release state: a content item's rule (one per item, adaptive-release.md), the rule's
 * criteria, and the groups and users a Memberships criterion names. Deleting a rule takes its
 * criteria and predicates with it; deleting a criterion takes its predicates.
 */

export type { CriterionType } from './wire';

export interface StoredRule {
  id: string;
  courseId: string;
  contentId: string;
  title: string;
}

export interface StoredCriterion {
  id: string;
  ruleId: string;
  type: CriterionType;
  /** GradeRange, GradePercentage, GradeCompleted. */
  gradeColumnId?: string;
  minScore?: number;
  maxScore?: number | null;
  /** DateRange: null means open on that side. */
  startDate?: string | null;
  endDate?: string | null;
  /** ContentReviewed (read-only type). */
  reviewedContentId?: string;
}

export interface StoredGroupPredicate {
  id: string;
  criterionId: string;
  groupId: string;
}

export interface StoredUserPredicate {
  id: string;
  criterionId: string;
  userId: string;
}

export class AdaptiveReleaseStore {
  readonly rules = new Map<string, StoredRule>();
  readonly criteria = new Map<string, StoredCriterion>();
  readonly groupPredicates = new Map<string, StoredGroupPredicate>();
  readonly userPredicates = new Map<string, StoredUserPredicate>();

  rulesOf(contentId: string): StoredRule[] {
    return [...this.rules.values()].filter((r) => r.contentId === contentId);
  }

  criteriaOf(ruleId: string): StoredCriterion[] {
    return [...this.criteria.values()].filter((c) => c.ruleId === ruleId);
  }

  groupsOf(criterionId: string): StoredGroupPredicate[] {
    return [...this.groupPredicates.values()].filter((p) => p.criterionId === criterionId);
  }

  usersOf(criterionId: string): StoredUserPredicate[] {
    return [...this.userPredicates.values()].filter((p) => p.criterionId === criterionId);
  }

  deleteCriterion(id: string): void {
    for (const p of this.groupsOf(id)) this.groupPredicates.delete(p.id);
    for (const p of this.usersOf(id)) this.userPredicates.delete(p.id);
    this.criteria.delete(id);
  }

  deleteRule(id: string): void {
    for (const c of this.criteriaOf(id)) this.deleteCriterion(c.id);
    this.rules.delete(id);
  }
}

const stores = new WeakMap<SandboxContext, AdaptiveReleaseStore>();

/** The store of this world (a reset builds a new context, and so a new store). */
export function adaptiveReleaseStore(ctx: SandboxContext): AdaptiveReleaseStore {
  let store = stores.get(ctx);
  if (!store) {
    store = new AdaptiveReleaseStore();
    stores.set(ctx, store);
  }
  return store;
}

export const ruleJson = (rule: StoredRule): RuleJson => ({ id: rule.id, title: rule.title });

/**
 * A criterion as Learn shows it (adaptive-release.md): a null maxScore is written out ("minScore
 * or higher"); an open date is null or left out, as `variety` picks: the page says an omitted date
 * "will be set to null", and its DateRange answer leaves `startDate` out.
 */
export function criterionJson(variety: ShapeVariety, c: StoredCriterion): CriterionJson {
  switch (c.type) {
    case 'GradeRange':
    case 'GradePercentage':
      return { id: c.id, type: c.type, gradeColumnId: c.gradeColumnId ?? '', minScore: c.minScore ?? 0, maxScore: c.maxScore ?? null };
    case 'DateRange':
      return { id: c.id, type: c.type, startDate: c.startDate ?? variety.empty(), endDate: c.endDate ?? variety.empty() };
    case 'GradeCompleted':
      return { id: c.id, type: c.type, gradeColumnId: c.gradeColumnId ?? '' };
    case 'ContentReviewed':
      return { id: c.id, type: c.type, reviewedContentId: c.reviewedContentId ?? '' };
    default:
      return { id: c.id, type: c.type };
  }
}

export const groupPredicateJson = (p: StoredGroupPredicate): GroupPredicateJson => ({ id: p.id, criterionId: p.criterionId, groupId: p.groupId });
export const userPredicateJson = (p: StoredUserPredicate): UserPredicateJson => ({ id: p.id, criterionId: p.criterionId, userId: p.userId });
