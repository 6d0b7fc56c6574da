import { describe, expect, it } from 'vitest';
import { checkGroups, checkRuleTitle, groupsText, resolveGroups, criterionChange, draftOf, newCriterion, resolveUsers, type CriterionDraft, type RosterEntry } from '../../renderer/src/features/content/release-form';

/** The adaptive-release form checks made before sending (seed 000, "Adaptive release rules"). */
const draft = (over: Partial<CriterionDraft>): CriterionDraft => ({ type: 'DateRange', gradeColumnId: '', minScore: '', maxScore: '', startDate: '', endDate: '', ...over });
const problem = (r: { ok: unknown } | { problem: string }): string => ('problem' in r ? r.problem : '');
const roster: RosterEntry[] = Array.from({ length: 120 }, (_, i) => ({ userId: `_${100 + i}_1`, userName: `s${i}`, studentId: `N${i}`, givenName: 'Given', familyName: `Family${i}` }));

describe('rule title', () => {
  it('takes 1 to 100 characters, trimmed', () => {
    expect(checkRuleTitle('  Week 3 gate ')).toEqual({ ok: 'Week 3 gate' });
    expect(checkRuleTitle('x'.repeat(100))).toEqual({ ok: 'x'.repeat(100) });
    expect(problem(checkRuleTitle('x'.repeat(101)))).toBe('The rule title is 101 characters; Learn allows at most 100. Shorten it.');
    expect(problem(checkRuleTitle('   '))).toBe('Give the rule a title.');
  });
});

describe('grade criteria', () => {
  it('requires the graded item and minScore, and keeps max above min', () => {
    expect(problem(newCriterion(draft({ type: 'GradeRange', minScore: '5' })))).toMatch(/Choose the graded item/);
    expect(problem(newCriterion(draft({ type: 'GradeRange', gradeColumnId: '_9_1' })))).toMatch(/lowest score \(minScore\): Learn requires it/);
    expect(problem(newCriterion(draft({ type: 'GradeRange', gradeColumnId: '_9_1', minScore: 'eight' })))).toMatch(/"eight" is not a score/);
    expect(problem(newCriterion(draft({ type: 'GradeRange', gradeColumnId: '_9_1', minScore: '8', maxScore: '6' })))).toMatch(/highest score \(6\) is below the lowest \(8\)/);
    expect(problem(newCriterion(draft({ type: 'GradePercentage', gradeColumnId: '_9_1', minScore: '120' })))).toMatch(/at most 100/);
    expect(newCriterion(draft({ type: 'GradeRange', gradeColumnId: '_9_1', minScore: '0' }))).toEqual({ ok: { type: 'GradeRange', gradeColumnId: '_9_1', minScore: 0, maxScore: null } });
  });

  it('sends maxScore null on change, meaning "minScore or higher"', () => {
    expect(criterionChange(draft({ type: 'GradeRange', gradeColumnId: '_9_1', minScore: '7' }))).toEqual({ ok: { type: 'GradeRange', gradeColumnId: '_9_1', minScore: 7, maxScore: null } });
  });
});

describe('date criteria', () => {
  it('needs at least one date, and the end after the start', () => {
    expect(problem(newCriterion(draft({})))).toMatch(/needs at least one/);
    expect(problem(newCriterion(draft({ startDate: '2026-12-10T09:00', endDate: '2026-12-01T09:00' })))).toMatch(/end must be after the start/);
    expect(problem(newCriterion(draft({ startDate: '2026-12-10T09:00', endDate: '2026-12-10T09:00' })))).toMatch(/end must be after the start/);
    expect(problem(newCriterion(draft({ startDate: 'soon' })))).toMatch(/"soon" is not a date/);
    const open = newCriterion(draft({ endDate: '2026-12-20T09:00' }));
    expect(open).toEqual({ ok: { type: 'DateRange', startDate: null, endDate: new Date('2026-12-20T09:00').toISOString() } });
  });

  it('round-trips an existing criterion through the form', () => {
    const existing = { id: '_1_1', type: 'DateRange' as const, startDate: '2026-12-01T09:00:00.000Z', endDate: null };
    expect(criterionChange(draftOf(existing))).toEqual({ ok: { startDate: '2026-12-01T09:00:00.000Z', endDate: null } });
  });

  it('refuses to "change" a members criterion (its lists are edited instead)', () => {
    expect(problem(criterionChange(draft({ type: 'Memberships' })))).toMatch(/edit its groups and users/);
  });
});

describe('members', () => {
  it('resolves user names, student ids and Learn ids against the roster', () => {
    expect(resolveUsers('s1\nN2, _105_1\n\n', roster)).toEqual({ ok: ['_101_1', '_102_1', '_105_1'] });
    expect(resolveUsers('S3', roster)).toEqual({ ok: ['_103_1'] });
  });

  it('refuses anyone not a student of the course, naming the entry and the fix', () => {
    expect(problem(resolveUsers('s1\ninstructor', roster))).toBe(
      'Entry 2, "instructor", is not a student of this course. Only enrolled students can be on a release list (not guests or instructors): check the spelling or remove it.',
    );
    expect(problem(resolveUsers('s1\nN1', roster))).toMatch(/Entry 2, "N1", names Given Family1 a second time/);
  });

  it('allows 100 users and 100 groups, not 101', () => {
    const names = roster.map((r) => r.userName);
    expect(resolveUsers(names.slice(0, 100).join('\n'), roster)).toMatchObject({ ok: expect.any(Array) as unknown });
    expect(problem(resolveUsers(names.slice(0, 101).join('\n'), roster))).toBe('101 users listed; a criterion holds at most 100. Remove 1, or release to a group instead.');
    const groups = Array.from({ length: 101 }, (_, i) => `_${i}_1`);
    expect(checkGroups(groups.slice(0, 100).join('\n'))).toEqual({ ok: groups.slice(0, 100) });
    expect(problem(checkGroups(groups.join('\n')))).toBe('101 groups listed; a criterion holds at most 100. Remove 1.');
    expect(problem(checkGroups('_1_1\n_1_1'))).toMatch(/listed twice/);
    expect(checkGroups('')).toEqual({ ok: [] });
  });

  it('reads groups by the names Learn shows, in any case, and says which entry is not a group of the course', () => {
    const groups = [
      { id: '_7_1', externalId: 'LAB-1', name: 'Lab section 1' },
      { id: '_8_1', externalId: 'LAB-2', name: 'Lab section 2' },
      { id: '_9_1', externalId: 'PAIR-A', name: 'Pair' },
      { id: '_10_1', externalId: 'PAIR-B', name: 'pair' },
    ];
    expect(resolveGroups('lab SECTION 2\nLab section 1', groups)).toEqual({ ok: ['_8_1', '_7_1'] });
    expect(resolveGroups('externalId:PAIR-B', groups)).toEqual({ ok: ['_10_1'] });
    expect(problem(resolveGroups('Lab section 9', groups))).toBe('Entry 1, "Lab section 9", is not a group of this course: write the group\'s name as Learn shows it.');
    expect(problem(resolveGroups('Pair', groups))).toMatch(/^Entry 1, "Pair", is the name of 2 groups of this course: write externalId:/);
    expect(problem(resolveGroups('Lab section 1\nexternalId:LAB-1', groups))).toMatch(/^Entry 2, "externalId:LAB-1", is a group already listed/);
    expect(groupsText(['_8_1', '_7_1'], groups)).toBe('Lab section 2\nLab section 1');
  });
});
