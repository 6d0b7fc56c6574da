import { describe, expect, it } from 'vitest';
import { accessFrom } from '../../electron/core/app/content-access';
import { ASSIGNMENT_FILES_MAX_BYTES } from '../../shared/ipc/content-channels';
import { assignmentFromDraft, checkFiles, emptyAssignment } from '../../renderer/src/features/content/assignment-form';
import { emptyFilters, filtersFromDraft, isFiltering, localDayStart } from '../../renderer/src/features/content/content-filters';

/** The content screen's pure checks: filters, the assignment form, file limits, and role advice. */
describe('content filters', () => {
  it('turns the form into the seed query parameters', () => {
    const draft = { ...emptyFilters(), title: ' week ', handler: 'resource/x-bb-folder', created: '2026-09-01', createdCompare: 'lessThan' as const, reviewable: 'no' as const };
    expect(filtersFromDraft(draft)).toEqual({
      filters: { title: 'week', contentHandler: 'resource/x-bb-folder', created: localDayStart('2026-09-01'), createdCompare: 'lessThan', reviewable: false },
    });
    expect(isFiltering(emptyFilters())).toBe(false);
    expect(isFiltering({ ...emptyFilters(), modified: '2026-09-01' })).toBe(true);
  });

  it('refuses a date that does not exist, naming the field', () => {
    expect(localDayStart('2026-02-30')).toBeNull();
    expect(filtersFromDraft({ ...emptyFilters(), modified: '2026-02-30' })).toEqual({ problem: 'The modified date "2026-02-30" is not a date: pick one from the calendar (YYYY-MM-DD).' });
  });
});

describe('assignment form', () => {
  it('builds the request in the seed shape', () => {
    const d = { ...emptyAssignment(), title: 'Essay', instructions: ' <p>500 words</p> ', due: '2026-12-01T17:00', attempts: '3', points: '40' };
    expect(assignmentFromDraft('_1_1', '_5_1', d)).toEqual({
      request: { courseId: '_1_1', parentId: '_5_1', title: 'Essay', instructions: '<p>500 words</p>', due: new Date('2026-12-01T17:00').toISOString(), attemptsAllowed: 3, pointsPossible: 40 },
    });
    expect(assignmentFromDraft('_1_1', undefined, { ...d, unlimitedAttempts: true, attempts: 'x' })).toMatchObject({ request: { unlimitedAttempts: true } });
  });

  it('names the field and the fix for each bad value', () => {
    const d = { ...emptyAssignment(), title: 'Essay' };
    expect(assignmentFromDraft('_1_1', undefined, { ...d, title: ' ' })).toEqual({ problem: 'Give the assignment a title.' });
    expect(assignmentFromDraft('_1_1', undefined, { ...d, attempts: '0' })).toEqual({ problem: 'Attempts "0" must be a whole number from 1 to 100 (or tick "Unlimited attempts").' });
    expect(assignmentFromDraft('_1_1', undefined, { ...d, points: '-5' })).toEqual({ problem: 'Points "-5" must be a number of 0 or more.' });
    expect(assignmentFromDraft('_1_1', undefined, { ...d, due: 'tomorrow' })).toMatchObject({ problem: expect.stringContaining('"tomorrow" is not a date') as unknown });
  });

  it('refuses files over the transfer limit, empty files and too many, by name', () => {
    const file = (name: string, size: number) => ({ name, size, type: 'application/pdf' });
    expect(checkFiles([file('a.pdf', ASSIGNMENT_FILES_MAX_BYTES)])).toBeNull();
    expect(checkFiles([file('big.pdf', ASSIGNMENT_FILES_MAX_BYTES + 1)])).toMatch(/^big\.pdf is 641 KB; files sent from Rollbook can total at most 640 KB/);
    expect(checkFiles([file('a.pdf', 400 * 1024), file('b.pdf', 400 * 1024)])).toMatch(/^With b\.pdf the files come to 800 KB/);
    expect(checkFiles([file('empty.txt', 0)])).toMatch(/^empty\.txt is empty/);
    expect(checkFiles(Array.from({ length: 11 }, (_, i) => file(`${i}.txt`, 1)))).toMatch(/^11 files chosen/);
  });
});

describe('what a role may do (content.access)', () => {
  const instructor = new Set(['course.content.VIEW', 'course.content.CREATE', 'course.content.MODIFY', 'course.content.availability.MODIFY', 'course.gradebook.MODIFY', 'course.adaptiverelease.VIEW', 'course.adaptiverelease.CREATE', 'course.adaptiverelease.MODIFY', 'course.adaptiverelease.DELETE', 'course.adaptiverelease.acl.modify']);

  it('needs the assessment entitlements for an Ultra assignment but not a Classic one', () => {
    expect(accessFrom('Instructor', instructor, false).createAssignment.allowed).toBe(true);
    const ultra = accessFrom('Instructor', instructor, true).createAssignment;
    expect(ultra).toMatchObject({ allowed: false, reason: expect.stringContaining('the permission to create tests and assignments') as unknown });
  });

  it('keeps criterion changes for holders of system.course.MODIFY, and says what to do instead', () => {
    const access = accessFrom('Instructor', instructor, false);
    expect(access.editCriterion.reason).toMatch(/only an administrator.*delete the whole rule/);
    expect(accessFrom('Administrator', new Set([...instructor, 'system.course.MODIFY']), false).editCriterion.allowed).toBe(true);
    expect(accessFrom('Student', new Set(), false).viewRules).toMatchObject({ allowed: false, reason: expect.stringContaining('your role (Student)') as unknown });
  });
});
