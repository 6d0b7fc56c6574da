import { GROUPS_PER_CRITERION_MAX, RULE_TITLE_MAX, USERS_PER_CRITERION_MAX, type Criterion } from '../../../../shared/api/adaptive-release';
import type { ContentAccess, CriterionChange, NewCriterionInput } from '../../../../shared/ipc/content-channels';
import type { MessageKey } from '../../../../shared/i18n/messages/en';
import { t } from '../../ui/i18n';

/**
 * The adaptive-release forms' checks, made before anything is sent (seed 000, "Adaptive release
 * rules"): rule title 1–100 characters; a grade criterion needs minScore; a date criterion at
 * least one date; at most 100 groups and 100 users; users enrolled as students (not guests, not
 * instructors), checked against the course roster saved on this device. Each problem names the
 * field and the fix.
 */

export type EditableType = 'GradeRange' | 'GradePercentage' | 'DateRange' | 'Memberships' | 'GradeCompleted';
export const EDITABLE_TYPES: readonly EditableType[] = ['GradeRange', 'GradePercentage', 'DateRange', 'Memberships', 'GradeCompleted'];

const TYPE_KEYS = {
  GradeRange: 'release.type.GradeRange',
  GradePercentage: 'release.type.GradePercentage',
  DateRange: 'release.type.DateRange',
  Memberships: 'release.type.Memberships',
  GradeCompleted: 'release.type.GradeCompleted',
  ContentReviewed: 'release.type.ContentReviewed',
  ContentComplete: 'release.type.ContentComplete',
} satisfies Record<string, MessageKey>;

/** Whether Rollbook knows a criterion type (and names it). */
export const isKnownType = (type: string): type is keyof typeof TYPE_KEYS => type in TYPE_KEYS;

/** A criterion type in the instructor's language; a type Rollbook does not know, as Learn names it. */
export const typeName = (type: string): string => (isKnownType(type) ? t(TYPE_KEYS[type]) : type);

/** The criterion form as typed: numbers and dates are text until checked. */
export interface CriterionDraft {
  type: EditableType;
  gradeColumnId: string;
  minScore: string;
  maxScore: string;
  /** `datetime-local` values (local time). */
  startDate: string;
  endDate: string;
}

export type Checked<T> = { ok: T } | { problem: string };

export function checkRuleTitle(title: string): Checked<string> {
  const trimmed = title.trim();
  if (!trimmed) return { problem: t('release.problem.noTitle') };
  if (trimmed.length > RULE_TITLE_MAX) return { problem: t('release.problem.titleTooLong', { length: trimmed.length, max: RULE_TITLE_MAX }) };
  return { ok: trimmed };
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** An ISO instant as a `datetime-local` value in local time ('' for none). */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function fromLocalInput(value: string, which: 'start' | 'end'): Checked<string | null> {
  if (!value) return { ok: null };
  const d = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) || Number.isNaN(d.getTime())) return { problem: t(which === 'start' ? 'release.problem.startNotDate' : 'release.problem.endNotDate', { value }) };
  return { ok: d.toISOString() };
}

function score(text: string, which: 'lowest' | 'highest'): Checked<number | null> {
  if (text.trim() === '') return { ok: null };
  const n = Number(text);
  if (!Number.isFinite(n) || n < 0) return { problem: t(which === 'lowest' ? 'release.problem.lowestNotScore' : 'release.problem.highestNotScore', { text }) };
  return { ok: n };
}

/** The draft of an existing criterion, for editing. */
export function draftOf(c: Criterion): CriterionDraft {
  const draft: CriterionDraft = { type: 'Memberships', gradeColumnId: '', minScore: '', maxScore: '', startDate: '', endDate: '' };
  const type = EDITABLE_TYPES.find((t) => t === c.type);
  if (type) draft.type = type;
  if ('gradeColumnId' in c && typeof c.gradeColumnId === 'string') draft.gradeColumnId = c.gradeColumnId;
  if ('minScore' in c && typeof c.minScore === 'number') draft.minScore = String(c.minScore);
  if ('maxScore' in c && typeof c.maxScore === 'number') draft.maxScore = String(c.maxScore);
  if ('startDate' in c && typeof c.startDate === 'string') draft.startDate = toLocalInput(c.startDate);
  if ('endDate' in c && typeof c.endDate === 'string') draft.endDate = toLocalInput(c.endDate);
  return draft;
}

type GradeFields = { gradeColumnId: string; minScore: number; maxScore: number | null };
function gradeFields(d: CriterionDraft): Checked<GradeFields> {
  if (!d.gradeColumnId) return { problem: t('release.problem.noGradedItem') };
  if (d.minScore.trim() === '') return { problem: t('release.problem.noLowest') };
  const min = score(d.minScore, 'lowest');
  if ('problem' in min) return min;
  const max = score(d.maxScore, 'highest');
  if ('problem' in max) return max;
  const minScore = min.ok ?? 0;
  if (d.type === 'GradePercentage' && (minScore > 100 || (max.ok ?? 0) > 100)) return { problem: t('release.problem.percentOver') };
  if (max.ok !== null && max.ok < minScore) return { problem: t('release.problem.highestBelow', { max: max.ok, min: minScore }) };
  return { ok: { gradeColumnId: d.gradeColumnId, minScore, maxScore: max.ok } };
}

function dateFields(d: CriterionDraft): Checked<{ startDate: string | null; endDate: string | null }> {
  const start = fromLocalInput(d.startDate, 'start');
  if ('problem' in start) return start;
  const end = fromLocalInput(d.endDate, 'end');
  if ('problem' in end) return end;
  if (start.ok === null && end.ok === null) return { problem: t('release.problem.noDates') };
  if (start.ok !== null && end.ok !== null && start.ok >= end.ok) return { problem: t('release.problem.endBeforeStart') };
  return { ok: { startDate: start.ok, endDate: end.ok } };
}

/** A new criterion from the form, or the problem to show. */
export function newCriterion(d: CriterionDraft): Checked<NewCriterionInput> {
  switch (d.type) {
    case 'GradeRange':
    case 'GradePercentage': {
      const g = gradeFields(d);
      return 'problem' in g ? g : { ok: { type: d.type, ...g.ok } };
    }
    case 'DateRange': {
      const dates = dateFields(d);
      return 'problem' in dates ? dates : { ok: { type: 'DateRange', ...dates.ok } };
    }
    case 'GradeCompleted':
      return d.gradeColumnId ? { ok: { type: 'GradeCompleted', gradeColumnId: d.gradeColumnId } } : { problem: t('release.problem.noGradedFirst') };
    case 'Memberships':
      return { ok: { type: 'Memberships' } };
  }
}

/** The change to an existing criterion: every field of its type, so nulls clear a bound. */
export function criterionChange(d: CriterionDraft): Checked<CriterionChange> {
  if (d.type === 'GradeRange' || d.type === 'GradePercentage') {
    const g = gradeFields(d);
    return 'problem' in g ? g : { ok: { type: d.type, ...g.ok } };
  }
  if (d.type === 'DateRange') return dateFields(d);
  if (d.type === 'GradeCompleted') return d.gradeColumnId ? { ok: { gradeColumnId: d.gradeColumnId } } : { problem: t('release.problem.noGradedFirst') };
  return { problem: t('release.problem.membersUnchanged') };
}

/** A student on the roster saved on this device. */
export interface RosterEntry {
  userId: string;
  userName: string;
  studentId?: string | undefined;
  givenName: string;
  familyName: string;
}

/** A graded item a GradeRange or grade-completed criterion can name. */
export interface GradedItem {
  title: string;
  gradeColumnId: string;
}

/** What an item's details and its release panel are opened with (the panel is handed them as they are). */
export interface ItemPanelProps {
  courseId: string;
  contentId: string;
  ultra: boolean;
  access: ContentAccess | undefined;
  roster: RosterEntry[];
  gradedItems: GradedItem[];
}

const lines = (text: string): string[] =>
  text
    .split(/\r?\n|,/)
    .map((l) => l.trim())
    .filter(Boolean);

/** User lines (user name, student id or Learn id) to user ids, each one a student of the course. */
export function resolveUsers(text: string, roster: readonly RosterEntry[]): Checked<string[]> {
  const entries = lines(text);
  if (entries.length > USERS_PER_CRITERION_MAX) {
    return { problem: t('release.problem.tooManyUsers', { count: entries.length, max: USERS_PER_CRITERION_MAX, over: entries.length - USERS_PER_CRITERION_MAX }) };
  }
  const find = (entry: string): RosterEntry | undefined => {
    const e = entry.toLocaleLowerCase();
    return roster.find((m) => m.userName.toLocaleLowerCase() === e || m.userId === entry || (m.studentId !== undefined && m.studentId.toLocaleLowerCase() === e));
  };
  const ids: string[] = [];
  for (const [i, entry] of entries.entries()) {
    const member = find(entry);
    if (!member) {
      return { problem: t('release.problem.notStudent', { line: i + 1, entry }) };
    }
    if (ids.includes(member.userId)) return { problem: t('release.problem.userTwice', { line: i + 1, entry, name: `${member.givenName} ${member.familyName}` }) };
    ids.push(member.userId);
  }
  return { ok: ids };
}

/** Group lines (Learn group ids, or `externalId:…`) checked for the limit and repeats. */
export function checkGroups(text: string): Checked<string[]> {
  const entries = lines(text);
  if (entries.length > GROUPS_PER_CRITERION_MAX) {
    return { problem: t('release.problem.tooManyGroups', { count: entries.length, max: GROUPS_PER_CRITERION_MAX, over: entries.length - GROUPS_PER_CRITERION_MAX }) };
  }
  const seen = new Set<string>();
  for (const [i, entry] of entries.entries()) {
    if (seen.has(entry)) return { problem: t('release.problem.listedTwice', { line: i + 1, entry }) };
    seen.add(entry);
  }
  return { ok: entries };
}

/** How a user id shows: the student's name and user name when on the roster. */
export function userLabel(userId: string, roster: readonly RosterEntry[]): string {
  const m = roster.find((r) => r.userId === userId);
  return m ? `${m.givenName} ${m.familyName} (${m.userName})` : t('release.notOnRoster', { id: userId });
}

/** Users as the form shows them: one user name per line. */
export function usersText(userIds: readonly string[], roster: readonly RosterEntry[]): string {
  return userIds.map((id) => roster.find((r) => r.userId === id)?.userName ?? id).join('\n');
}

/** A course group as the form knows it (Learn's groups API, saved on this device). */
export interface GroupEntry {
  id: string;
  externalId?: string | undefined;
  name: string;
}

/**
 * Groups as the form reads them: one per line, by the name Learn shows (any case), or
 * `externalId:…` for a group whose name is not unique; each checked against the course's groups.
 */
export function resolveGroups(text: string, groups: readonly GroupEntry[]): Checked<string[]> {
  const checked = checkGroups(text);
  if ('problem' in checked) return checked;
  const collator = new Intl.Collator(undefined, { sensitivity: 'base' });
  const ids: string[] = [];
  for (const [i, entry] of checked.ok.entries()) {
    const named = groups.filter((g) => collator.compare(g.name, entry) === 0);
    if (named.length > 1) return { problem: t('release.problem.groupNameShared', { line: i + 1, entry, count: named.length }) };
    const found = named[0] ?? groups.find((g) => g.externalId !== undefined && `externalId:${g.externalId}` === entry);
    if (!found) return { problem: t('release.problem.notGroup', { line: i + 1, entry }) };
    if (ids.includes(found.id)) return { problem: t('release.problem.groupTwice', { line: i + 1, entry }) };
    ids.push(found.id);
  }
  return { ok: ids };
}

/** How a group shows: its name, when the course's groups saved on this device include it. */
export function groupLabel(groupId: string, groups: readonly GroupEntry[]): string | undefined {
  return groups.find((g) => g.id === groupId)?.name;
}

/** Groups as the form shows them: one name per line. */
export function groupsText(groupIds: readonly string[], groups: readonly GroupEntry[]): string {
  return groupIds.map((id) => groupLabel(id, groups) ?? id).join('\n');
}
