/**
 * When students can first open a course file, from what this device already holds: the item's and
 * its folders' availability and adaptive release window (as the file listing read them), the date
 * criteria of adaptive release rules read earlier, and a due date from the calendar. Pure: the
 * accessibility overview orders files by it ("By when students see it").
 *
 * Learn's own rules (docs/api-notes/content-and-release.md "What non-privileged members see"): an
 * item is open to students when it is `available: Yes` (`PartiallyVisible` shows its title only and
 * keeps what it holds closed) and inside its release window (start inclusive, end exclusive); a
 * closed folder closes everything in it. Rules: every criterion of a rule must be met, any one rule
 * releases the item (docs/api-notes/content-and-release.md "How rules combine").
 */
import { always, closedBy, inside, isOver, narrowed, time, type ReleaseReason, type ReleaseStep, type ReleaseWindow } from './release-window';

export type { ReleaseStep };

/** An adaptive release criterion as far as a date is concerned; any other type is a condition on the student. */
export interface RuleCriterion {
  type: string;
  startDate?: string | null | undefined;
  endDate?: string | null | undefined;
}

export interface ReleaseRule {
  criteria: readonly RuleCriterion[];
}

export type StudentsSee =
  /** Open to students now (`someStudents`: only those who meet a rule's member or grade condition). */
  | { when: 'now'; until: number | null; someStudents: boolean }
  /** Opens at `from`. */
  | { when: 'later'; from: number; until: number | null; someStudents: boolean }
  /** No student can reach it, and why (a message of the catalogue). */
  | { when: 'never'; why: ReleaseReason };

/** A rule's window: the latest start and earliest end of its date criteria; other criteria narrow it to some students. */
function ruleWindow(rule: ReleaseRule): ReleaseWindow & { someStudents: boolean } {
  let window = always();
  let someStudents = false;
  for (const c of rule.criteria) {
    if (c.type === 'DateRange') window = narrowed(window, time(c.startDate), time(c.endDate));
    else someStudents = true;
  }
  return { ...window, someStudents };
}

/**
 * When students see the file held by `path[0]` (its item, then each folder above it). `rulesOf`
 * gives an item's rules as last read on this device, or undefined when they were never read
 * (then only its availability counts).
 */
export function whenStudentsSee(path: readonly ReleaseStep[], rulesOf: (contentId: string) => readonly ReleaseRule[] | undefined, now: number): StudentsSee {
  let window = always();
  let someStudents = false;
  for (const [i, step] of path.entries()) {
    const own = i === 0;
    const closed = closedBy(step, own);
    if (closed !== null) return { when: 'never', why: closed };
    window = narrowed(window, time(step.start), time(step.end));
    const rules = rulesOf(step.contentId) ?? [];
    if (rules.length > 0) {
      // Any one rule releases: the earliest window still to come or open wins.
      const windows = rules.map(ruleWindow).filter((w) => !isOver(w, now));
      if (windows.length === 0) return { when: 'never', why: inside({ key: 'content.why.ruleDatesPassed' }, own ? null : step.title) };
      const first = windows.reduce((a, b) => (b.from < a.from || (b.from === a.from && !b.someStudents && a.someStudents) ? b : a));
      window = narrowed(window, first.from, first.until);
      someStudents ||= first.someStudents;
    }
  }
  const { from, until } = window;
  if (isOver(window, now)) return { when: 'never', why: { key: 'content.why.datesPassed' } };
  if (from > now) return { when: 'later', from, until, someStudents };
  return { when: 'now', until, someStudents };
}

/** A file as the overview orders it. */
export interface FileToOrder {
  key: string;
  name: string;
  /** Ally's score, 0..1, or null without a report. */
  score: number | null;
  sees: StudentsSee;
  /** A due date from the calendar, if any. */
  due: number | null;
}

const GROUP = { now: 0, later: 1, never: 2 } as const;
const byScore = (a: FileToOrder, b: FileToOrder): number => (a.score ?? 2) - (b.score ?? 2);
const byDue = (a: FileToOrder, b: FileToOrder): number => (a.due ?? Infinity) - (b.due ?? Infinity) || 0;
const names = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * "By when students see it": open now, lowest score first (then the nearest due date); then those
 * still to open, earliest first (then lowest score); then those no student can reach. Ties fall to
 * the name and then the key, so the order is total and the same every time.
 */
export function compareByWhenStudentsSee(a: FileToOrder, b: FileToOrder): number {
  const group = GROUP[a.sees.when] - GROUP[b.sees.when];
  if (group !== 0) return group;
  let within = 0;
  if (a.sees.when === 'now') within = byScore(a, b) || byDue(a, b);
  else if (a.sees.when === 'later' && b.sees.when === 'later') within = a.sees.from - b.sees.from || byScore(a, b);
  else within = byScore(a, b);
  return within || names.compare(a.name, b.name) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}

export function byWhenStudentsSee<T extends FileToOrder>(files: readonly T[]): T[] {
  return [...files].sort(compareByWhenStudentsSee);
}

/** Below this Ally score a file counts as low (Ally's own colour bands change at one and two thirds). */
export const LOW_SCORE = 2 / 3;

/** The week ahead: files that open in [now, now + 7 days), and how many of them score low or have no score yet. */
export function weekAhead<T extends FileToOrder>(files: readonly T[], now: number): { opening: T[]; low: number; unscored: number; end: number } {
  const end = now + 7 * 24 * 60 * 60 * 1000;
  const opening = byWhenStudentsSee(files.filter((f) => f.sees.when === 'later' && f.sees.from < end));
  return { opening, low: opening.filter((f) => f.score !== null && f.score < LOW_SCORE).length, unscored: opening.filter((f) => f.score === null).length, end };
}
