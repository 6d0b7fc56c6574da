import {
  AdaptiveReleaseRule,
  Criterion,
  GroupPredicate,
  PagedGroupPredicates,
  PagedUserPredicates,
  UserPredicate,
  type SetGroupPredicatesRequest,
  type SetUserPredicatesRequest,
} from '../../../shared/api/adaptive-release';
import { path, type LearnHttp } from './learn-http';
import { itemSchema, listQuery, toQuery, type FieldsOption, type PageOptions, type Read, type SortOptions } from './paging';

/**
 * Adaptive release (seed 000): a content item's rule, the rule's criteria, and for a Memberships
 * criterion the groups and users it releases the item to. Learn allows one rule per item, at most
 * 100 groups and 100 users per criterion. Group ids: primary or `externalId:`; user ids: primary,
 * `me`, `userName:`, `externalId:`, `uuid:`, `studentId:`.
 */

/** A criterion to create. Dates are ISO 8601; a null bound is open on that side. */
export type NewCriterion =
  | { type: 'GradeRange' | 'GradePercentage'; gradeColumnId: string; minScore: number; maxScore?: number | null }
  | { type: 'DateRange'; startDate?: string | null; endDate?: string | null }
  | { type: 'Memberships' }
  | { type: 'GradeCompleted'; gradeColumnId: string };

/** A change to a criterion: the fields of its type (GradeRange and GradePercentage convert into each other). */
export interface CriterionPatch {
  type?: 'GradeRange' | 'GradePercentage';
  gradeColumnId?: string;
  minScore?: number;
  maxScore?: number | null;
  startDate?: string | null;
  endDate?: string | null;
}

/** Where a criterion lives. */
export interface CriterionRef {
  courseId: string;
  contentId: string;
  ruleId: string;
  criterionId: string;
}

type Signal = { signal?: AbortSignal };
export type RuleListOptions = PageOptions<AdaptiveReleaseRule> & SortOptions<'id' | 'title'>;
/** Get Criteria takes paging and sort, not `fields`. */
export type CriterionListOptions = Omit<PageOptions<never>, 'fields'> & SortOptions<'id' | 'type'>;
export type GroupPredicateListOptions = PageOptions<GroupPredicate> & SortOptions<'id' | 'groupId'>;
export type UserPredicateListOptions = PageOptions<UserPredicate> & SortOptions<'id' | 'userId'>;

const rules = (courseId: string, contentId: string) => path`/api/public/v1/courses/${courseId}/contents/${contentId}/adaptiveRelease/rules`;
const rule = (courseId: string, contentId: string, ruleId: string) => `${rules(courseId, contentId)}${path`/${ruleId}`}`;
const criteria = (courseId: string, contentId: string, ruleId: string) => `${rule(courseId, contentId, ruleId)}/criteria`;
const criterion = (c: CriterionRef) => `${criteria(c.courseId, c.contentId, c.ruleId)}${path`/${c.criterionId}`}`;

export class AdaptiveReleaseApi {
  constructor(private readonly learn: LearnHttp) {}

  /** The item's rules (Learn allows one); all pages. */
  listRules<O extends RuleListOptions>(courseId: string, contentId: string, options?: O): AsyncGenerator<Read<AdaptiveReleaseRule, O>> {
    const o: RuleListOptions = options ?? {};
    return this.learn.list({ path: rules(courseId, contentId), query: listQuery(o), operation: `list the release rules of content ${contentId}`, signal: o.signal }, itemSchema(AdaptiveReleaseRule, o.fields));
  }

  /** Creates the item's rule (title 1–100 characters); a second rule on an item is a 409. */
  createRule(courseId: string, contentId: string, title: string, options: Signal = {}): Promise<AdaptiveReleaseRule> {
    return this.learn.read({ method: 'POST', path: rules(courseId, contentId), json: { title }, operation: `create the release rule "${title}"`, signal: options.signal }, AdaptiveReleaseRule);
  }

  getRule<O extends FieldsOption<AdaptiveReleaseRule> & Signal>(courseId: string, contentId: string, ruleId: string, options?: O): Promise<Read<AdaptiveReleaseRule, O>> {
    return this.learn.read(
      { method: 'GET', path: rule(courseId, contentId, ruleId), query: toQuery({ fields: options?.fields }), operation: `open release rule ${ruleId}`, signal: options?.signal },
      itemSchema(AdaptiveReleaseRule, options?.fields),
    );
  }

  updateRule(courseId: string, contentId: string, ruleId: string, change: { title?: string }, options: Signal = {}): Promise<AdaptiveReleaseRule> {
    return this.learn.read({ method: 'PATCH', path: rule(courseId, contentId, ruleId), json: change, operation: `rename release rule ${ruleId}`, signal: options.signal }, AdaptiveReleaseRule);
  }

  /** Deletes the rule with its criteria and their groups and users. */
  deleteRule(courseId: string, contentId: string, ruleId: string, options: Signal = {}): Promise<void> {
    return this.learn.send({ method: 'DELETE', path: rule(courseId, contentId, ruleId), operation: `delete release rule ${ruleId}`, signal: options.signal });
  }

  /** The rule's criteria, any type (unknown types come back with id and type only); all pages. */
  listCriteria(courseId: string, contentId: string, ruleId: string, options: CriterionListOptions = {}): AsyncGenerator<Criterion> {
    return this.learn.list({ path: criteria(courseId, contentId, ruleId), query: listQuery(options), operation: `list the criteria of release rule ${ruleId}`, signal: options.signal }, Criterion);
  }

  createCriterion(courseId: string, contentId: string, ruleId: string, input: NewCriterion, options: Signal = {}): Promise<Criterion> {
    return this.learn.read({ method: 'POST', path: criteria(courseId, contentId, ruleId), json: input, operation: `add a ${input.type} criterion to release rule ${ruleId}`, signal: options.signal }, Criterion);
  }

  getCriterion(ref: CriterionRef, options: Signal = {}): Promise<Criterion> {
    return this.learn.read({ method: 'GET', path: criterion(ref), operation: `open criterion ${ref.criterionId}`, signal: options.signal }, Criterion);
  }

  /** Changes a criterion; `maxScore: null` means "minScore or higher", a null date an open side. */
  updateCriterion(ref: CriterionRef, change: CriterionPatch, options: Signal = {}): Promise<Criterion> {
    return this.learn.read({ method: 'PATCH', path: criterion(ref), json: change, operation: `change criterion ${ref.criterionId}`, signal: options.signal }, Criterion);
  }

  deleteCriterion(ref: CriterionRef, options: Signal = {}): Promise<void> {
    return this.learn.send({ method: 'DELETE', path: criterion(ref), operation: `delete criterion ${ref.criterionId}`, signal: options.signal });
  }

  /** The groups a Memberships criterion releases to; all pages. */
  listGroupPredicates<O extends GroupPredicateListOptions>(ref: CriterionRef, options?: O): AsyncGenerator<Read<GroupPredicate, O>> {
    const o: GroupPredicateListOptions = options ?? {};
    return this.learn.list({ path: `${criterion(ref)}/groups`, query: listQuery(o), operation: `list the groups of criterion ${ref.criterionId}`, signal: o.signal }, itemSchema(GroupPredicate, o.fields));
  }

  /**
   * Makes the criterion's groups exactly `groupIds` (at most 100): groups not listed are removed,
   * listed ones kept or added. Answers the resulting list (first page; Learn caps it at 100 anyway).
   */
  async setGroupPredicates(ref: CriterionRef, groupIds: readonly string[], options: Signal = {}): Promise<GroupPredicate[]> {
    const body: SetGroupPredicatesRequest = groupIds.map((groupId) => ({ groupId }));
    const page = await this.learn.read({ method: 'PUT', path: `${criterion(ref)}/groups`, json: body, operation: `set the groups of criterion ${ref.criterionId}`, signal: options.signal }, PagedGroupPredicates);
    return page.results;
  }

  /** Adds one group (201; already there is a 409). */
  addGroupPredicate(ref: CriterionRef, groupId: string, options: Signal = {}): Promise<GroupPredicate> {
    return this.learn.read({ method: 'PUT', path: `${criterion(ref)}${path`/groups/${groupId}`}`, operation: `release to group ${groupId}`, signal: options.signal }, GroupPredicate);
  }

  removeGroupPredicate(ref: CriterionRef, groupId: string, options: Signal = {}): Promise<void> {
    return this.learn.send({ method: 'DELETE', path: `${criterion(ref)}${path`/groups/${groupId}`}`, operation: `stop releasing to group ${groupId}`, signal: options.signal });
  }

  /** The users a Memberships criterion releases to; all pages. */
  listUserPredicates<O extends UserPredicateListOptions>(ref: CriterionRef, options?: O): AsyncGenerator<Read<UserPredicate, O>> {
    const o: UserPredicateListOptions = options ?? {};
    return this.learn.list({ path: `${criterion(ref)}/users`, query: listQuery(o), operation: `list the users of criterion ${ref.criterionId}`, signal: o.signal }, itemSchema(UserPredicate, o.fields));
  }

  /** Makes the criterion's users exactly `userIds` (at most 100; students of the course only). */
  async setUserPredicates(ref: CriterionRef, userIds: readonly string[], options: Signal = {}): Promise<UserPredicate[]> {
    const body: SetUserPredicatesRequest = userIds.map((userId) => ({ userId }));
    const page = await this.learn.read({ method: 'PUT', path: `${criterion(ref)}/users`, json: body, operation: `set the users of criterion ${ref.criterionId}`, signal: options.signal }, PagedUserPredicates);
    return page.results;
  }

  /** Adds one user (201; already there is a 409). */
  addUserPredicate(ref: CriterionRef, userId: string, options: Signal = {}): Promise<UserPredicate> {
    return this.learn.read({ method: 'PUT', path: `${criterion(ref)}${path`/users/${userId}`}`, operation: `release to ${userId}`, signal: options.signal }, UserPredicate);
  }

  removeUserPredicate(ref: CriterionRef, userId: string, options: Signal = {}): Promise<void> {
    return this.learn.send({ method: 'DELETE', path: `${criterion(ref)}${path`/users/${userId}`}`, operation: `stop releasing to ${userId}`, signal: options.signal });
  }
}
