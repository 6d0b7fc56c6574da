/**
 * What one student, or any member of one group, sees of a content item, from the copies on this
 * device: the availability and release window of the item and each folder above it, and the
 * adaptive release rules with their member lists as last read. Pure.
 *
 * How rules combine is the reading in docs/api-notes/content-and-release.md ("How rules combine"):
 * every criterion of a rule must be met, any one rule releases the item. A Memberships criterion
 * is met by a user it names or by a member of a group it names. Grade criteria need the student's
 * grades, which Rollbook does not read: they are said to be beyond what Rollbook can check.
 */
import { always, closedBy, inside, isOver, narrowed, time, type ReleaseReason, type ReleaseStep, type ReleaseWindow } from './release-window';

/**
 * A student with, for each group whose members this device has read, whether they are in it
 * (`groups`: group id -> member or not; a group not in the map is not known).
 */
export type Viewer = { kind: 'student'; userId: string; name: string; groups?: ReadonlyMap<string, boolean> | undefined } | { kind: 'group'; groupId: string; name: string };

/** One item on the way to what is looked at, the item itself first. */
export type ItemStep = ReleaseStep;

export interface CriterionFacts {
  type: string;
  startDate?: string | null | undefined;
  endDate?: string | null | undefined;
  /** A Memberships criterion's lists as last read; undefined when not on this device. */
  members?: { userIds: readonly string[]; groupIds: readonly string[] } | undefined;
  /** The criterion in words ("Quiz 5: 8 or more"), for grade conditions: the renderer's, in the instructor's language. */
  words: string;
}

export type Verdict =
  | { sees: 'now'; until: number | null; unread: boolean }
  | { sees: 'from'; at: number; until: number | null; unread: boolean }
  | { sees: 'no'; why: ReleaseReason }
  | { sees: 'cannot-tell'; why: ReleaseReason };

type RuleOutcome = ({ met: true } & ReleaseWindow) | { met: false; why: ReleaseReason } | { met: 'unknown'; why: ReleaseReason };

function ruleFor(criteria: readonly CriterionFacts[], viewer: Viewer, now: number): RuleOutcome {
  let window = always();
  let unknown: ReleaseReason | null = null;
  for (const c of criteria) {
    if (c.type === 'DateRange') {
      window = narrowed(window, time(c.startDate), time(c.endDate));
    } else if (c.type === 'Memberships') {
      if (!c.members) {
        unknown ??= { key: 'content.why.membersUnread' };
        continue;
      }
      if (viewer.kind === 'group') {
        if (!c.members.groupIds.includes(viewer.groupId)) return { met: false, why: { key: 'content.why.groupNotListed', values: { name: viewer.name } } };
      } else if (!c.members.userIds.includes(viewer.userId)) {
        const known = viewer.groups;
        if (c.members.groupIds.some((g) => known?.get(g) === true)) continue;
        if (c.members.groupIds.every((g) => known?.get(g) === false)) return { met: false, why: { key: 'content.why.studentNotListed', values: { name: viewer.name } } };
        unknown ??= { key: 'content.why.groupsUnknown', values: { name: viewer.name } };
      }
    } else {
      unknown ??= { key: 'content.why.gradeCondition', values: { condition: c.words } };
    }
  }
  if (isOver(window, now)) return { met: false, why: { key: 'content.why.ruleDatesPassed' } };
  if (unknown !== null) return { met: 'unknown', why: unknown };
  return { met: true, ...window };
}

/**
 * The verdict for the item at `path[0]` (then each folder above it). `rulesOf` gives an item's
 * rules as criteria lists, or undefined when its rules were never read on this device.
 */
export function whatViewerSees(path: readonly ItemStep[], rulesOf: (contentId: string) => readonly (readonly CriterionFacts[])[] | undefined, viewer: Viewer, now: number): Verdict {
  let window = always();
  let unread = false;
  let unknown: ReleaseReason | null = null;
  for (const [i, step] of path.entries()) {
    const where = i === 0 ? null : step.title;
    const shut = closedBy(step, i === 0);
    if (shut !== null) return { sees: 'no', why: shut };
    window = narrowed(window, time(step.start), time(step.end));
    const rules = rulesOf(step.contentId);
    if (rules === undefined) {
      unread = true;
      continue;
    }
    if (rules.length === 0) continue;
    const outcomes = rules.map((r) => ruleFor(r, viewer, now));
    const met = outcomes.filter((o): o is Extract<RuleOutcome, { met: true }> => o.met === true);
    if (met.length > 0) {
      const first = met.reduce((a, b) => (b.from < a.from ? b : a));
      window = narrowed(window, first.from, first.until);
      continue;
    }
    const open = outcomes.find((o): o is Extract<RuleOutcome, { met: 'unknown' }> => o.met === 'unknown');
    if (open) {
      unknown ??= inside(open.why, where);
      continue;
    }
    const closed = outcomes.find((o): o is Extract<RuleOutcome, { met: false }> => o.met === false);
    return { sees: 'no', why: inside(closed?.why ?? { key: 'content.why.notMet' }, where) };
  }
  if (isOver(window, now)) return { sees: 'no', why: { key: 'content.why.datesPassed' } };
  if (unknown !== null) return { sees: 'cannot-tell', why: unknown };
  const { from, until } = window;
  return from > now ? { sees: 'from', at: from, until, unread } : { sees: 'now', until, unread };
}
