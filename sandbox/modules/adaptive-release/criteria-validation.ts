import type { SandboxCourse } from '../../core/directory';
import { badRequest, conflict } from '../../core/errors';
import type { ContentStore, GradeColumn, StoredContent } from '../content/store';
import { optionalDateTime } from '../content/validation';
import type { CriterionType, StoredCriterion } from './store';

/**
 * The body of Create and Update criterion, type by type (seed rules 4–5, adaptive-release.md):
 * - GradeRange / GradePercentage: gradeColumnId of another item of the course; minScore required
 *   and never null; maxScore null = "minScore or higher", omitted on create = the column's maximum.
 * - DateRange: startDate and endDate, each null or omitted = open on that side; one must be set,
 *   start before end.
 * - Memberships: no fields; its groups and users are predicates.
 * - GradeCompleted (Classic only): gradeColumnId.
 * ContentComplete and ContentReviewed are read-only. A rule holds one DateRange, one Memberships,
 * and one grade criterion per column: another is a 409. Read-only fields (`id`) are ignored; a
 * null field of another type (a Jackson client writes every field) counts as not sent.
 */

export const WRITABLE_TYPES: readonly CriterionType[] = ['GradeRange', 'GradePercentage', 'DateRange', 'Memberships', 'GradeCompleted'];
const READ_ONLY_TYPES: readonly string[] = ['ContentComplete', 'ContentReviewed'];

const FIELDS_OF: Record<string, readonly string[]> = {
  GradeRange: ['gradeColumnId', 'minScore', 'maxScore'],
  GradePercentage: ['gradeColumnId', 'minScore', 'maxScore'],
  DateRange: ['startDate', 'endDate'],
  Memberships: [],
  GradeCompleted: ['gradeColumnId'],
};
const ALL_FIELDS = ['gradeColumnId', 'minScore', 'maxScore', 'startDate', 'endDate', 'reviewedContentId', 'contentId'];

type Body = Record<string, unknown>;

export interface CriterionContext {
  course: SandboxCourse;
  /** The item the rule releases. */
  content: StoredContent;
  contentStore: ContentStore;
  /** The rule's other criteria (for the one-of-a-kind checks). */
  siblings: StoredCriterion[];
}

/** The criterion type a body names, checked to be one the API can write. */
export function readType(body: Body): CriterionType {
  const type = body.type;
  if (typeof type !== 'string' || type === '') throw badRequest(`Field 'type' is required: one of ${WRITABLE_TYPES.join(', ')}`);
  if (READ_ONLY_TYPES.includes(type)) throw badRequest(`Criteria of type ${type} are read-only through the API: set them in the course, or use one of ${WRITABLE_TYPES.join(', ')}`);
  if (!(WRITABLE_TYPES as readonly string[]).includes(type)) throw badRequest(`Unknown criterion type '${type}'. Use one of ${WRITABLE_TYPES.join(', ')}`);
  return type as CriterionType;
}

function rejectForeignFields(body: Body, type: CriterionType): void {
  const foreign = ALL_FIELDS.find((f) => body[f] !== undefined && body[f] !== null && !(FIELDS_OF[type] ?? []).includes(f));
  if (foreign) throw badRequest(`Field '${foreign}' does not apply to a ${type} criterion; its fields are: ${(FIELDS_OF[type] ?? []).join(', ') || 'none'}`);
}

function readColumn(body: Body, cc: CriterionContext): GradeColumn {
  const id = body.gradeColumnId;
  if (typeof id !== 'string' || id === '') throw badRequest("Field 'gradeColumnId' is required: the grade column of another gradable item in this course");
  const column = cc.contentStore.gradeColumns.get(id);
  if (!column || column.courseId !== cc.course.id) throw badRequest(`Field 'gradeColumnId' names '${id}', which is not a grade column of course ${cc.course.courseId}`);
  if (column.contentId === cc.content.id) throw badRequest(`Grade column ${id} belongs to '${cc.content.title}' itself: an item cannot be released by its own grade`);
  return column;
}

function readScore(body: Body, field: 'minScore' | 'maxScore'): number | null | undefined {
  const value = body[field];
  if (value === undefined || value === null) return value;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw badRequest(`Field '${field}' must be a number or null, not ${JSON.stringify(value)}`);
  return value;
}

function readDate(body: Body, field: 'startDate' | 'endDate'): string | null | undefined {
  // adaptive-release.md's own example sends the open side as the string "null".
  if (body[field] === null || body[field] === 'null') return null;
  return optionalDateTime(body, field);
}

/** Range checks on a complete grade criterion. */
function checkScores(c: Omit<StoredCriterion, 'id' | 'ruleId'>, column: GradeColumn): void {
  if (c.minScore === undefined) throw badRequest("Field 'minScore' is required and cannot be null: set the lowest score that releases the item (0 for any score)");
  const top = c.type === 'GradePercentage' ? 100 : column.scorePossible;
  const unit = c.type === 'GradePercentage' ? '%' : ` points (the most '${column.name}' gives)`;
  if (c.minScore < 0) throw badRequest(`Field 'minScore' is ${c.minScore}; it cannot be negative`);
  if (c.minScore > top) throw badRequest(`Field 'minScore' is ${c.minScore}; the most it can be is ${top}${unit}`);
  if (c.maxScore !== null && c.maxScore !== undefined) {
    if (c.maxScore < c.minScore) throw badRequest(`Field 'maxScore' (${c.maxScore}) is below minScore (${c.minScore}); use null for "minScore or higher"`);
    if (c.maxScore > top) throw badRequest(`Field 'maxScore' is ${c.maxScore}; the most it can be is ${top}${unit}`);
  }
}

function checkDates(c: Omit<StoredCriterion, 'id' | 'ruleId'>): void {
  if (!c.startDate && !c.endDate) throw badRequest('A DateRange criterion needs startDate, endDate or both; both are null. Send at least one date');
  if (c.startDate && c.endDate && Date.parse(c.startDate) >= Date.parse(c.endDate)) {
    throw badRequest(`Field 'startDate' (${c.startDate}) must be before 'endDate' (${c.endDate})`);
  }
}

/** 409 when the rule already has a criterion of this kind (or on this grade column). */
function checkUnique(c: Omit<StoredCriterion, 'id' | 'ruleId'> & { id?: string }, cc: CriterionContext): void {
  const others = cc.siblings.filter((s) => s.id !== c.id);
  if (c.type === 'DateRange' || c.type === 'Memberships') {
    const existing = others.find((s) => s.type === c.type);
    if (existing) throw conflict(`Rule already has a ${c.type} criterion (${existing.id}): update that one instead of adding another`);
  }
  if (c.gradeColumnId) {
    const existing = others.find((s) => s.gradeColumnId === c.gradeColumnId);
    if (existing) throw conflict(`Rule already has a ${existing.type} criterion (${existing.id}) on grade column ${c.gradeColumnId}: update that one instead`);
  }
}

export function readNewCriterion(body: Body, type: CriterionType, cc: CriterionContext): Omit<StoredCriterion, 'id' | 'ruleId'> {
  rejectForeignFields(body, type);
  let c: Omit<StoredCriterion, 'id' | 'ruleId'>;
  if (type === 'GradeRange' || type === 'GradePercentage') {
    const column = readColumn(body, cc);
    const min = readScore(body, 'minScore');
    const max = readScore(body, 'maxScore');
    // Omitted maxScore on create takes the column's maximum (adaptive-release.md); 100 for a percentage.
    const maxScore = max === undefined ? (type === 'GradePercentage' ? 100 : column.scorePossible) : max;
    c = { type, gradeColumnId: column.id, ...(min !== null && min !== undefined ? { minScore: min } : {}), maxScore };
    checkScores(c, column);
  } else if (type === 'DateRange') {
    c = { type, startDate: readDate(body, 'startDate') ?? null, endDate: readDate(body, 'endDate') ?? null };
    checkDates(c);
  } else if (type === 'GradeCompleted') {
    if (cc.course.ultraStatus === 'Ultra') throw badRequest(`GradeCompleted criteria exist in Classic courses only; ${cc.course.courseId} is Ultra. Use GradeRange with minScore 0`);
    c = { type, gradeColumnId: readColumn(body, cc).id };
  } else {
    c = { type };
  }
  checkUnique(c, cc);
  return c;
}

/** Sent with a value: a null gradeColumnId names nothing, so it leaves the column as it is. */
const present = (body: Body, field: string): boolean => body[field] !== undefined && body[field] !== null;

/** The criterion after a PATCH: omitted fields stay, explicit nulls apply (seed rules 4–5). */
export function applyCriterionUpdate(existing: StoredCriterion, body: Body, cc: CriterionContext): StoredCriterion {
  let type = existing.type;
  if (body.type !== undefined && body.type !== null && body.type !== existing.type) {
    // GradeRange and GradePercentage convert into each other (adaptive-release.md); nothing else does.
    const grade = ['GradeRange', 'GradePercentage'];
    if (!(grade.includes(existing.type) && typeof body.type === 'string' && grade.includes(body.type))) {
      throw badRequest(`A ${existing.type} criterion cannot become ${JSON.stringify(body.type)}: delete it and create a new one`);
    }
    type = body.type as CriterionType;
  }
  rejectForeignFields(body, type);
  const next: StoredCriterion = { ...existing, type };
  if (type === 'GradeRange' || type === 'GradePercentage') {
    const column = present(body, 'gradeColumnId') ? readColumn(body, cc) : cc.contentStore.gradeColumns.get(existing.gradeColumnId ?? '');
    if (!column) throw badRequest(`Criterion ${existing.id} lost its grade column: send a gradeColumnId`);
    next.gradeColumnId = column.id;
    if ('minScore' in body) {
      const min = readScore(body, 'minScore');
      if (min === null || min === undefined) throw badRequest("Field 'minScore' cannot be null: set the lowest score that releases the item (0 for any score)");
      next.minScore = min;
    }
    if ('maxScore' in body) next.maxScore = readScore(body, 'maxScore') ?? null;
    checkScores(next, column);
  } else if (type === 'DateRange') {
    if ('startDate' in body) next.startDate = readDate(body, 'startDate') ?? null;
    if ('endDate' in body) next.endDate = readDate(body, 'endDate') ?? null;
    checkDates(next);
  } else if (type === 'GradeCompleted' && present(body, 'gradeColumnId')) {
    next.gradeColumnId = readColumn(body, cc).id;
  }
  checkUnique(next, cc);
  return next;
}
