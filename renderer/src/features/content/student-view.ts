import { z } from 'zod';
import { Members, RuleWithCriteria } from '../../../../shared/ipc/content-channels';
import type { CriterionFacts, Verdict } from '../../../../shared/domain/student-view';
import { readReviews, type RollbookDb } from '../../db';
import { t } from '../../ui/i18n';
import { formatMoment } from '../../ui/locale-format';
import { describeCriterion } from './criterion-text';
import type { GradedItem } from './release-form';
import { invoke } from '../../bridge';
import { cacheKey, KINDS, readSaved, readThrough } from './review-cache';

/**
 * "See the course as a student": the rules and member lists this device holds for the items on
 * screen, read from the saved copies only (each item's rules are saved when its details were
 * opened; no Learn read is made for this view).
 */

const Rules = z.array(RuleWithCriteria);

/** Each item's rules as criteria lists, with their member lists where saved; absent: never read here. */
export async function savedRulesOf(db: RollbookDb, courseId: string, contentIds: readonly string[], gradedItems: readonly GradedItem[]): Promise<Map<string, CriterionFacts[][]>> {
  const rows = await readReviews(db, contentIds.map((part) => cacheKey({ kind: KINDS.rules, courseId, part })), Rules);
  const criterionIds = rows.flatMap((row) => (row?.value ?? []).flatMap((r) => r.criteria.filter((c) => c.type === 'Memberships').map((c) => c.id)));
  const memberRows = await readReviews(db, criterionIds.map((part) => cacheKey({ kind: KINDS.members, courseId, part })), Members);
  const members = new Map(criterionIds.map((id, i) => [id, memberRows[i]?.value] as const));
  const out = new Map<string, CriterionFacts[][]>();
  rows.forEach((row, i) => {
    const id = contentIds[i];
    if (!row || id === undefined) return;
    out.set(
      id,
      row.value.map((rule) =>
        rule.criteria.map((c) => {
          const fields = c as Record<string, unknown>;
          const date = (key: string): string | undefined => (typeof fields[key] === 'string' ? fields[key] : undefined);
          return { type: c.type, startDate: date('startDate'), endDate: date('endDate'), members: members.get(c.id), words: describeCriterion(c, gradedItems) };
        }),
      ),
    );
  });
  return out;
}

/** A group's member list read less than this long ago is used again rather than read (requests are the institution's). */
const MEMBERS_FRESH_MS = 60 * 60 * 1000;
const UserIds = z.array(z.string());

/**
 * Whether a student is in each of these groups (the groups release lists name where the student is
 * not named): each group's members as saved on this device, read from Learn (one request per 100
 * members) only when online and not read in the last hour. Groups not known stay out of the map.
 */
export async function studentGroups(db: RollbookDb, courseId: string, userId: string, groupIds: readonly string[], online: boolean): Promise<Map<string, boolean>> {
  const known = new Map<string, boolean>();
  for (const groupId of new Set(groupIds)) {
    const spec = { kind: KINDS.groupMembers, courseId, part: groupId, schema: UserIds };
    const saved = await readSaved(db, spec);
    const fresh = saved && Date.now() - Date.parse(saved.savedAt) < MEMBERS_FRESH_MS;
    const members = fresh || !online ? saved?.value : (await readThrough(db, spec, online, async () => (await invoke('learn.groupMembers', { courseId, groupId })).userIds)).value;
    if (members) known.set(groupId, members.includes(userId));
  }
  return known;
}

/** The groups the saved release lists name without naming this student: those whose members matter. */
export function groupsToCheck(rules: ReadonlyMap<string, CriterionFacts[][]>, userId: string): string[] {
  const out: string[] = [];
  for (const ruleSet of rules.values()) for (const rule of ruleSet) for (const c of rule) if (c.members && !c.members.userIds.includes(userId)) out.push(...c.members.groupIds);
  return [...new Set(out)];
}

/** The verdict in an instructor's words, for the row of the tree. */
export function verdictWords(v: Verdict): string {
  const until = 'until' in v && v.until !== null ? t('content.seesUntil', { until: formatMoment(v.until) }) : '';
  const unread = 'unread' in v && v.unread ? t('content.rulesUnread') : '';
  switch (v.sees) {
    case 'now':
      return `${t('content.seesNow')}${until}${unread}`;
    case 'from':
      return `${t('content.seesFrom', { at: formatMoment(v.at) })}${until}${unread}`;
    case 'no':
      return t('content.seesNot', { why: v.why });
    case 'cannot-tell':
      return t('content.cannotTell', { why: v.why });
  }
}

/** How Rollbook reads rules where Learn's documents are silent (docs/api-notes/content-and-release.md). */
export const readingWords = (): string => t('content.reading');
