import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { byWhenStudentsSee, compareByWhenStudentsSee, weekAhead, whenStudentsSee, type FileToOrder, type ReleaseRule, type ReleaseStep } from '../../shared/domain/when-students-see';

const NOW = Date.parse('2026-11-29T10:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const iso = (t: number): string => new Date(t).toISOString();
const step = (title: string, extra: Partial<ReleaseStep> = {}): ReleaseStep => ({ contentId: `id-${title}`, title, available: 'Yes', ...extra });
const noRules = (): undefined => undefined;

describe('when students see a file', () => {
  it('is now for an available item in available folders', () => {
    expect(whenStudentsSee([step('Notes.pdf'), step('Week 1')], noRules, NOW)).toEqual({ when: 'now', until: null, someStudents: false });
  });

  it('is never under a hidden folder, naming the folder', () => {
    expect(whenStudentsSee([step('Notes.pdf'), step('Week 9', { available: 'No' })], noRules, NOW)).toEqual({ when: 'never', why: { key: 'content.why.hidden', folder: 'Week 9' } });
  });

  it('is never when only the title is shown, since students cannot open what it holds', () => {
    expect(whenStudentsSee([step('Notes.pdf'), step('Extras', { available: 'PartiallyVisible' })], noRules, NOW).when).toBe('never');
  });

  it('opens at the latest start of the item and its folders', () => {
    const sees = whenStudentsSee([step('Notes.pdf', { start: iso(NOW + DAY) }), step('Week 13', { start: iso(NOW + 3 * DAY) })], noRules, NOW);
    expect(sees).toEqual({ when: 'later', from: NOW + 3 * DAY, until: null, someStudents: false });
  });

  it('is never once its window has closed', () => {
    expect(whenStudentsSee([step('Notes.pdf', { end: iso(NOW - DAY) })], noRules, NOW)).toEqual({ when: 'never', why: { key: 'content.why.datesPassed' } });
  });

  it('takes a rule’s date criteria together and the earliest of several rules', () => {
    const rules: ReleaseRule[] = [
      { criteria: [{ type: 'DateRange', startDate: iso(NOW + 2 * DAY) }, { type: 'DateRange', startDate: iso(NOW + 5 * DAY) }] },
      { criteria: [{ type: 'DateRange', startDate: iso(NOW + 4 * DAY) }] },
    ];
    const sees = whenStudentsSee([step('Notes.pdf')], (id) => (id === 'id-Notes.pdf' ? rules : undefined), NOW);
    expect(sees).toEqual({ when: 'later', from: NOW + 4 * DAY, until: null, someStudents: false });
  });

  it('says a member or grade condition limits it to some students', () => {
    const rules: ReleaseRule[] = [{ criteria: [{ type: 'Memberships' }, { type: 'DateRange', startDate: iso(NOW - DAY) }] }];
    expect(whenStudentsSee([step('Notes.pdf')], () => rules, NOW)).toEqual({ when: 'now', until: null, someStudents: true });
  });

  it('is never when every rule’s dates have passed', () => {
    const rules: ReleaseRule[] = [{ criteria: [{ type: 'DateRange', endDate: iso(NOW - DAY) }] }];
    expect(whenStudentsSee([step('Notes.pdf'), step('Week 1')], (id) => (id === 'id-Week 1' ? rules : undefined), NOW).when).toBe('never');
  });
});

const stepArb = fc.record({
  contentId: fc.constantFrom('a', 'b', 'c', 'd'),
  title: fc.constantFrom('Week 1', 'Week 2', 'Notes'),
  available: fc.constantFrom(undefined, 'Yes', 'No', 'PartiallyVisible'),
  start: fc.option(fc.integer({ min: -10, max: 10 }).map((d) => iso(NOW + d * DAY)), { nil: undefined }),
  end: fc.option(fc.integer({ min: -10, max: 10 }).map((d) => iso(NOW + d * DAY)), { nil: undefined }),
});
const ruleArb: fc.Arbitrary<ReleaseRule> = fc.record({
  criteria: fc.array(
    fc.oneof(
      fc.record({ type: fc.constant('DateRange'), startDate: fc.option(fc.integer({ min: -10, max: 10 }).map((d) => iso(NOW + d * DAY)), { nil: null }), endDate: fc.option(fc.integer({ min: -10, max: 10 }).map((d) => iso(NOW + d * DAY)), { nil: null }) }),
      fc.record({ type: fc.constantFrom('Memberships', 'GradeRange', 'GradeCompleted') }),
    ),
    { maxLength: 3 },
  ),
});
const pathArb = fc.array(stepArb, { minLength: 1, maxLength: 5 });
const rulesArb = fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd'), fc.array(ruleArb, { maxLength: 2 }));

const fileArb = (i: number): fc.Arbitrary<FileToOrder> =>
  fc.record({ path: pathArb, rules: rulesArb, score: fc.option(fc.constantFrom(0, 0.2, 0.5, 0.9, 1), { nil: null }), name: fc.constantFrom('A.pdf', 'b.pdf', 'C.docx'), due: fc.option(fc.integer({ min: 0, max: 5 }).map((d) => NOW + d * DAY), { nil: null }) }).map(({ path, rules, score, name, due }) => ({
    key: `file-${i}`,
    name,
    score,
    due,
    sees: whenStudentsSee(path, (id) => rules[id], NOW),
  }));
const filesArb = fc.integer({ min: 0, max: 12 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => fileArb(i))));

describe('when students see a file: properties', () => {
  it('a file under a hidden folder is never open now or later', () => {
    fc.assert(
      fc.property(pathArb, rulesArb, fc.integer({ min: 1, max: 4 }), (path, rules, at) => {
        const hidden: ReleaseStep[] = [...path];
        hidden.splice(Math.min(at, hidden.length), 0, { contentId: 'hidden', title: 'Hidden folder', available: 'No' });
        expect(whenStudentsSee(hidden, (id) => rules[id], NOW).when).toBe('never');
      }),
    );
  });

  it('the order is total, antisymmetric and transitive, and the same whatever the input order', () => {
    fc.assert(
      fc.property(filesArb, (files) => {
        for (const a of files) {
          expect(compareByWhenStudentsSee(a, a)).toBe(0);
          for (const b of files) {
            if (a !== b) expect(Math.sign(compareByWhenStudentsSee(a, b))).toBe(-Math.sign(compareByWhenStudentsSee(b, a)));
            if (a !== b) expect(compareByWhenStudentsSee(a, b)).not.toBe(0);
            for (const c of files) if (compareByWhenStudentsSee(a, b) < 0 && compareByWhenStudentsSee(b, c) < 0) expect(compareByWhenStudentsSee(a, c)).toBeLessThan(0);
          }
        }
        const sorted = byWhenStudentsSee(files).map((f) => f.key);
        expect(byWhenStudentsSee([...files].reverse()).map((f) => f.key)).toEqual(sorted);
      }),
    );
  });

  it('open files come first, then those opening by date, then those no student can reach', () => {
    fc.assert(
      fc.property(filesArb, (files) => {
        const sorted = byWhenStudentsSee(files);
        const rank = { now: 0, later: 1, never: 2 };
        sorted.forEach((f, i) => {
          const next = sorted[i + 1];
          if (!next) return;
          expect(rank[f.sees.when]).toBeLessThanOrEqual(rank[next.sees.when]);
          if (f.sees.when === 'later' && next.sees.when === 'later') expect(f.sees.from).toBeLessThanOrEqual(next.sees.from);
          if (f.sees.when === 'now' && next.sees.when === 'now') expect(f.score ?? 2).toBeLessThanOrEqual(next.score ?? 2);
        });
      }),
    );
  });

  it('the week ahead holds exactly the files opening in the next seven days', () => {
    fc.assert(
      fc.property(filesArb, (files) => {
        const week = weekAhead(files, NOW);
        const expected = files.filter((f) => f.sees.when === 'later' && f.sees.from < NOW + 7 * DAY).map((f) => f.key).sort();
        expect(week.opening.map((f) => f.key).sort()).toEqual(expected);
        expect(week.low + week.unscored).toBeLessThanOrEqual(week.opening.length);
      }),
    );
  });
});
