import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { whatViewerSees, type CriterionFacts, type ItemStep, type Viewer } from '../../shared/domain/student-view';

const NOW = Date.parse('2026-11-29T10:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const iso = (t: number): string => new Date(t).toISOString();
const item: ItemStep = { contentId: 'item', title: 'Bonus reading', available: 'Yes' };
const folder: ItemStep = { contentId: 'folder', title: 'Week 3', available: 'Yes' };
const ana: Viewer = { kind: 'student', userId: 'u-ana', name: 'Ana Díaz' };
const ben: Viewer = { kind: 'student', userId: 'u-ben', name: 'Ben Osei' };
const lab1: Viewer = { kind: 'group', groupId: 'g-1', name: 'Lab section 1' };
const lab2: Viewer = { kind: 'group', groupId: 'g-2', name: 'Lab section 2' };
const members = (userIds: string[], groupIds: string[] = []): CriterionFacts => ({ type: 'Memberships', members: { userIds, groupIds }, words: 'only the groups and users below' });
const from = (days: number): CriterionFacts => ({ type: 'DateRange', startDate: iso(NOW + days * DAY), words: '' });
const rules = (...r: CriterionFacts[][]) => (id: string) => (id === 'item' ? r : id === 'folder' ? [] : undefined);

describe('what one student or group sees', () => {
  it('a student outside a member condition does not see it, with the reason', () => {
    expect(whatViewerSees([item, folder], rules([members(['u-ana'])]), ben, NOW)).toEqual({ sees: 'no', why: { key: 'content.why.studentNotListed', values: { name: 'Ben Osei' } } });
  });

  it('a student in it sees it from its date', () => {
    expect(whatViewerSees([item, folder], rules([members(['u-ana']), from(2)]), ana, NOW)).toEqual({ sees: 'from', at: NOW + 2 * DAY, until: null, unread: false });
  });

  it('a group works the same way', () => {
    expect(whatViewerSees([item], rules([members([], ['g-1']), from(-1)]), lab1, NOW)).toEqual({ sees: 'now', until: null, unread: false });
    expect(whatViewerSees([item], rules([members([], ['g-1'])]), lab2, NOW)).toEqual({ sees: 'no', why: { key: 'content.why.groupNotListed', values: { name: 'Lab section 2' } } });
  });

  it('a grade condition is said to be beyond what Rollbook can check', () => {
    const grade: CriterionFacts = { type: 'GradeRange', words: 'Quiz 5: 8 or more' };
    expect(whatViewerSees([item], rules([grade, from(-1)]), ana, NOW)).toEqual({ sees: 'cannot-tell', why: { key: 'content.why.gradeCondition', values: { condition: 'Quiz 5: 8 or more' } } });
  });

  it('any one rule is enough', () => {
    expect(whatViewerSees([item], rules([members(['u-ana'])], [from(1)]), ben, NOW)).toEqual({ sees: 'from', at: NOW + DAY, until: null, unread: false });
  });

  it('a student named nowhere, where groups are listed, is not known to be outside them', () => {
    expect(whatViewerSees([item], rules([members(['u-ana'], ['g-1'])]), ben, NOW).sees).toBe('cannot-tell');
  });

  it('a student’s groups, once their members are read, decide a group list', () => {
    const inLab1: Viewer = { ...ben, groups: new Map([['g-1', true], ['g-2', false]]) };
    const inNone: Viewer = { ...ben, groups: new Map([['g-1', false], ['g-2', false]]) };
    expect(whatViewerSees([item], rules([members(['u-ana'], ['g-1', 'g-2'])]), inLab1, NOW).sees).toBe('now');
    expect(whatViewerSees([item], rules([members(['u-ana'], ['g-1', 'g-2'])]), inNone, NOW)).toEqual({ sees: 'no', why: { key: 'content.why.studentNotListed', values: { name: 'Ben Osei' } } });
    expect(whatViewerSees([item], rules([members([], ['g-1', 'g-3'])]), inNone, NOW).sees).toBe('cannot-tell');
  });

  it('says when the item’s conditions were never read on this device', () => {
    expect(whatViewerSees([{ ...item, contentId: 'never-opened' }], rules(), ana, NOW)).toEqual({ sees: 'now', until: null, unread: true });
  });

  it('a hidden folder hides the item from everyone', () => {
    expect(whatViewerSees([item, { ...folder, available: 'No' }], rules([members(['u-ana'])]), ana, NOW)).toEqual({ sees: 'no', why: { key: 'content.why.hidden', folder: 'Week 3' } });
  });
});

const criterion: fc.Arbitrary<CriterionFacts> = fc.oneof(
  fc.record({ type: fc.constant('DateRange'), startDate: fc.option(fc.integer({ min: -5, max: 5 }).map((d) => iso(NOW + d * DAY)), { nil: null }), endDate: fc.option(fc.integer({ min: -5, max: 5 }).map((d) => iso(NOW + d * DAY)), { nil: null }), words: fc.constant('') }),
  fc.record({ type: fc.constant('Memberships'), members: fc.option(fc.record({ userIds: fc.subarray(['u-ana', 'u-ben']), groupIds: fc.subarray(['g-1', 'g-2']) }), { nil: undefined }), words: fc.constant('') }),
  fc.record({ type: fc.constantFrom('GradeRange', 'GradeCompleted'), words: fc.constant('Quiz 5') }),
);
const step: fc.Arbitrary<ItemStep> = fc.record({ contentId: fc.constantFrom('a', 'b', 'c'), title: fc.constant('Folder'), available: fc.constantFrom('Yes', 'No', 'PartiallyVisible', undefined) });
const ruleSets = fc.dictionary(fc.constantFrom('a', 'b', 'c'), fc.array(fc.array(criterion, { maxLength: 3 }), { maxLength: 2 }));
const viewer: fc.Arbitrary<Viewer> = fc.constantFrom(ana, ben, lab1, lab2);

describe('what one student or group sees: properties', () => {
  it('nobody ever sees an item under a hidden folder', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 4 }), ruleSets, viewer, (path, sets, who) => {
        const verdict = whatViewerSees([...path, { contentId: 'top', title: 'Top', available: 'No' }], (id) => sets[id], who, NOW);
        expect(verdict.sees).toBe('no');
      }),
    );
  });

  it('adding a rule never takes the item away from someone who saw it (any one rule is enough)', () => {
    fc.assert(
      fc.property(fc.array(criterion, { maxLength: 3 }), fc.array(criterion, { maxLength: 3 }), viewer, (first, second, who) => {
        const one = whatViewerSees([item], (id) => (id === 'item' ? [first] : []), who, NOW);
        const two = whatViewerSees([item], (id) => (id === 'item' ? [first, second] : []), who, NOW);
        if (one.sees === 'now') expect(two.sees).toBe('now');
        if (one.sees === 'from' && two.sees === 'from') expect(two.at).toBeLessThanOrEqual(one.at);
      }),
    );
  });

  it('adding a criterion to a rule never gives the item to someone who did not see it (every criterion must be met)', () => {
    fc.assert(
      fc.property(fc.array(criterion, { maxLength: 3 }), criterion, viewer, (rule, extra, who) => {
        const before = whatViewerSees([item], (id) => (id === 'item' ? [rule] : []), who, NOW);
        const after = whatViewerSees([item], (id) => (id === 'item' ? [[...rule, extra]] : []), who, NOW);
        if (before.sees === 'no') expect(after.sees).toBe('no');
      }),
    );
  });
});
