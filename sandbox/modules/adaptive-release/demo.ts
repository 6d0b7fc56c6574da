import type { SandboxContext } from '../../core/context';
import type { SandboxCourse } from '../../core/directory';
import { DEMO_COURSES } from '../institution';
import { contentStore, type StoredContent } from '../content/store';
import { adaptiveReleaseStore, type StoredCriterion } from './store';

/**
 * Demo rules on the demo content, one of each writable criterion type:
 * - PSYC-101 "Bonus: memory techniques": GradeRange (Quiz 5, 8 or more) and DateRange (until term ends)
 * - PSYC-101 "Extra credit: research participation": Memberships (lab sections 1–2, plus two students)
 * - PSYC-101 "Final exam review": DateRange (from the last week of term)
 * - BIOL-220 "Unit 3: Genetics": GradeRange (Quiz 2, 14 to 20 of 20)
 * - BIOL-220 "Lab pairs": Memberships (lab pairs A and B, plus one student)
 * - CHEM-105 "Lab 2: Titration": GradeCompleted (Safety quiz); "Lab 3: Spectroscopy": DateRange
 * - HIST-310 "Presenter briefing pack": Memberships (presenters of week 1, plus one student)
 */

const TERM_END = '2026-12-18T23:59:00.000Z';

export function seedAdaptiveReleaseDemo(ctx: SandboxContext): void {
  const content = contentStore(ctx);
  const store = adaptiveReleaseStore(ctx);
  const rng = ctx.rng.fork('adaptive-release');

  const course = (key: keyof typeof DEMO_COURSES): SandboxCourse => ctx.directory.course(`courseId:${DEMO_COURSES[key]}`);
  const item = (c: SandboxCourse, title: string): StoredContent => {
    const found = [...content.items.values()].find((i) => i.courseId === c.id && i.title === title);
    if (!found) throw new Error(`Adaptive release demo: ${c.courseId} has no item '${title}'`);
    return found;
  };
  const columnOf = (c: SandboxCourse, title: string): string => {
    const target = item(c, title);
    const column = [...content.gradeColumns.values()].find((col) => col.contentId === target.id);
    if (!column) throw new Error(`Adaptive release demo: '${title}' in ${c.courseId} has no grade column`);
    return column.id;
  };
  const rule = (c: SandboxCourse, title: string, ruleTitle: string, criteria: Omit<StoredCriterion, 'id' | 'ruleId'>[]): StoredCriterion[] => {
    const target = item(c, title);
    const r = { id: ctx.directory.newId(), courseId: c.id, contentId: target.id, title: ruleTitle };
    store.rules.set(r.id, r);
    return criteria.map((fields) => {
      const criterion = { ...fields, id: ctx.directory.newId(), ruleId: r.id };
      store.criteria.set(criterion.id, criterion);
      return criterion;
    });
  };
  /** Names groups (by name) and some extra students (drawn from the course's other students). */
  const members = (c: SandboxCourse, criterion: StoredCriterion | undefined, groupNames: string[], extraStudents: number): void => {
    if (!criterion) return;
    const groups = [...ctx.directory.groups.values()].filter((g) => g.courseId === c.id && groupNames.includes(g.name));
    for (const g of groups) {
      const id = ctx.directory.newId();
      store.groupPredicates.set(id, { id, criterionId: criterion.id, groupId: g.id });
    }
    const inGroups = new Set(groups.flatMap((g) => g.memberUserIds));
    const others = ctx.directory.courseMemberships(c.id).filter((m) => m.courseRoleId === 'Student' && !inGroups.has(m.userId));
    const chosen = new Set<string>();
    while (chosen.size < Math.min(extraStudents, others.length)) chosen.add(rng.pick(others).userId);
    for (const userId of chosen) {
      const id = ctx.directory.newId();
      store.userPredicates.set(id, { id, criterionId: criterion.id, userId });
    }
  };

  const lecture = course('lecture');
  rule(lecture, 'Bonus: memory techniques', 'Scored 8 or more on Quiz 5', [
    { type: 'GradeRange', gradeColumnId: columnOf(lecture, 'Quiz 5'), minScore: 8, maxScore: null },
    { type: 'DateRange', startDate: null, endDate: TERM_END },
  ]);
  const [extraCredit] = rule(lecture, 'Extra credit: research participation', 'Lab sections 1 and 2', [{ type: 'Memberships' }]);
  members(lecture, extraCredit, ['Lab section 1', 'Lab section 2'], 2);
  rule(lecture, 'Final exam review', 'Open in the last week of term', [{ type: 'DateRange', startDate: '2026-12-07T08:00:00.000Z', endDate: null }]);

  const biology = course('ultra');
  rule(biology, 'Unit 3: Genetics', 'Passed Quiz 2 (70%)', [{ type: 'GradeRange', gradeColumnId: columnOf(biology, 'Quiz 2'), minScore: 14, maxScore: 20 }]);
  const [pairs] = rule(biology, 'Lab pairs', 'Lab pairs A and B', [{ type: 'Memberships' }]);
  members(biology, pairs, ['Lab pair A', 'Lab pair B'], 1);

  const chemistry = course('classic');
  rule(chemistry, 'Lab 2: Titration', 'Safety quiz graded', [{ type: 'GradeCompleted', gradeColumnId: columnOf(chemistry, 'Safety quiz') }]);
  rule(chemistry, 'Lab 3: Spectroscopy', 'Lab 3 weeks', [{ type: 'DateRange', startDate: '2026-10-05T08:00:00.000Z', endDate: TERM_END }]);

  const seminar = course('seminar');
  const [presenters] = rule(seminar, 'Presenter briefing pack', 'Week 1 presenters', [{ type: 'Memberships' }]);
  members(seminar, presenters, ['Presenters week 1'], 1);
}
