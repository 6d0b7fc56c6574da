import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdaptiveReleaseRule, Criterion, PagedCriteria, PagedRules } from '../../../shared/api/adaptive-release';
import { Content, PagedContents } from '../../../shared/api/content';
import type { RunningSandbox } from '../../../sandbox/server';
import { call, userToken, withSandbox } from '../../support/sandbox';
import { contents, courseRef, expectError, expectNoContent, expectOk, lectureOnlyStudent, type Res } from './content-support';
import { solid } from './learn-variety';

// Adaptive release rules and criteria: every operation, its entitlements, limits and conflicts.
let sandbox: RunningSandbox;
let instructor: string;
let ta: string;
let student: string;
let admin: string;
const lecture = contents(courseRef('lecture'));
const rulesOf = (base: string, contentId: string) => `${base}/${contentId}/adaptiveRelease/rules`;
const criteriaOf = (base: string, contentId: string, ruleId: string) => `${rulesOf(base, contentId)}/${ruleId}/criteria`;
/** A criterion's documented fields that carry a value (answers vary: null or absent, unknown fields). */
const CRITERION_FIELDS = ['id', 'type', 'gradeColumnId', 'minScore', 'maxScore', 'startDate', 'endDate'] as const;
/** maxScore as sent on the wire, where null means "minScore or higher". */
const maxScoreOf = (res: Res): unknown => (res.json as { maxScore?: unknown }).maxScore;

async function item(base: string, title: string): Promise<Content> {
  const path = `${base}?recursive=true&title=${encodeURIComponent(title)}`;
  const found = expectOk('GET', path, await call(sandbox, instructor, 'GET', path), 200, PagedContents).results.find((c) => c.title === title);
  if (!found) throw new Error(`no item ${title}`);
  return found;
}
async function newItem(base: string, title: string, parentId?: string): Promise<Content> {
  return expectOk('POST', base, await call(sandbox, instructor, 'POST', base, { title, ...(parentId ? { parentId } : {}) }), 201, Content);
}
async function newRule(base: string, contentId: string, title: string): Promise<AdaptiveReleaseRule> {
  const path = rulesOf(base, contentId);
  return expectOk('POST', path, await call(sandbox, instructor, 'POST', path, { title }), 201, AdaptiveReleaseRule);
}
const column = async (base: string, title: string) => (await item(base, title)).contentHandler?.gradeColumnId as string;

beforeAll(async () => {
  sandbox = await withSandbox();
  instructor = userToken(sandbox, 'instructor');
  ta = userToken(sandbox, 'ta');
  student = userToken(sandbox, lectureOnlyStudent(sandbox));
  admin = userToken(sandbox, 'admin');
});
afterAll(() => sandbox.close());

describe('rules', () => {
  it('lists the rule of a demo item, to staff only', async () => {
    const bonus = await item(lecture, 'Bonus: memory techniques');
    const path = rulesOf(lecture, bonus.id);
    const page = expectOk('GET', path, await call(sandbox, instructor, 'GET', path), 200, PagedRules);
    expect(page.results.map((r) => r.title)).toEqual(['Scored 8 or more on Quiz 5']);
    expectError('GET', path, await call(sandbox, student, 'GET', path), 403, /course\.content\.VIEW/);
    expectError('GET', rulesOf(lecture, '_999999_1'), await call(sandbox, instructor, 'GET', rulesOf(lecture, '_999999_1')), 404);
    const bad = rulesOf(contents('nickname:PSYC'), bonus.id);
    expectError('GET', bad, await call(sandbox, instructor, 'GET', bad), 400);
  });

  it('creates one rule per item: title required, at most 100 characters; a second is 409', async () => {
    const target = await newItem(lecture, 'Rule target');
    const path = rulesOf(lecture, target.id);
    expectError('POST', path, await call(sandbox, instructor, 'POST', path, { title: 'x'.repeat(101) }), 400, /Rule title is 101 characters; the limit is 100/);
    expectError('POST', path, await call(sandbox, instructor, 'POST', path, {}), 400, /title/);
    expectError('POST', path, await call(sandbox, student, 'POST', path, { title: 'Mine' }), 403);
    const rule = expectOk('POST', path, await call(sandbox, instructor, 'POST', path, { title: 'y'.repeat(100) }), 201, AdaptiveReleaseRule);
    expect(rule.title).toHaveLength(100);
    expectError('POST', path, await call(sandbox, instructor, 'POST', path, { title: 'Another' }), 409, /already exists/);
    expectError('POST', rulesOf(lecture, '_999999_1'), await call(sandbox, instructor, 'POST', rulesOf(lecture, '_999999_1'), { title: 'x' }), 404);
    expectError('POST', rulesOf(lecture, 'root'), await call(sandbox, instructor, 'POST', rulesOf(lecture, 'root'), { title: 'x' }), 400, /ROOT/);
  });

  it('gets a rule by id, only below its own item', async () => {
    const target = await newItem(lecture, 'Get rule target');
    const rule = await newRule(lecture, target.id, 'Visible after week 2');
    const path = `${rulesOf(lecture, target.id)}/${rule.id}?fields=id`;
    expect(expectOk('GET', path, await call(sandbox, instructor, 'GET', path), 200, AdaptiveReleaseRule)).toEqual({ id: rule.id });
    const other = await item(lecture, 'Bonus: memory techniques');
    const elsewhere = `${rulesOf(lecture, other.id)}/${rule.id}`;
    expectError('GET', elsewhere, await call(sandbox, instructor, 'GET', elsewhere), 404);
    expectError('GET', `${rulesOf(lecture, target.id)}/_999999_1`, await call(sandbox, instructor, 'GET', `${rulesOf(lecture, target.id)}/_999999_1`), 404);
    expectError('GET', path, await call(sandbox, student, 'GET', path), 403);
    const bad = `${rulesOf(contents('nickname:PSYC'), target.id)}/${rule.id}`;
    expectError('GET', bad, await call(sandbox, instructor, 'GET', bad), 400);
  });

  it('renames a rule (also as a non-enrolled administrator), within 100 characters', async () => {
    const target = await newItem(lecture, 'Rename target');
    const rule = await newRule(lecture, target.id, 'Old name');
    const path = `${rulesOf(lecture, target.id)}/${rule.id}`;
    expect(expectOk('PATCH', path, await call(sandbox, instructor, 'PATCH', path, { title: 'New name' }), 200, AdaptiveReleaseRule).title).toBe('New name');
    expect(expectOk('PATCH', path, await call(sandbox, admin, 'PATCH', path, { title: 'Admin name' }), 200, AdaptiveReleaseRule).title).toBe('Admin name');
    expectError('PATCH', path, await call(sandbox, instructor, 'PATCH', path, { title: 'z'.repeat(101) }), 400, /101 characters/);
    expectError('PATCH', path, await call(sandbox, student, 'PATCH', path, { title: 'Mine' }), 403);
    expectError('PATCH', `${rulesOf(lecture, target.id)}/_999999_1`, await call(sandbox, instructor, 'PATCH', `${rulesOf(lecture, target.id)}/_999999_1`, { title: 'x' }), 404);
  });

  it('deletes a rule with its criteria; a TA may not', async () => {
    const target = await newItem(lecture, 'Delete target');
    const rule = await newRule(lecture, target.id, 'Short-lived');
    const criteria = criteriaOf(lecture, target.id, rule.id);
    expectOk('POST', criteria, await call(sandbox, instructor, 'POST', criteria, { type: 'Memberships' }), 201, Criterion);
    const path = `${rulesOf(lecture, target.id)}/${rule.id}`;
    expectError('DELETE', path, await call(sandbox, ta, 'DELETE', path), 403, /adaptiverelease\.DELETE/);
    expectNoContent('DELETE', path, await call(sandbox, instructor, 'DELETE', path));
    expectError('GET', path, await call(sandbox, instructor, 'GET', path), 404);
    expectError('GET', criteria, await call(sandbox, instructor, 'GET', criteria), 404);
    expectError('DELETE', path, await call(sandbox, instructor, 'DELETE', path), 404);
    const onRoot = `${rulesOf(lecture, 'root')}/${rule.id}`;
    expectError('DELETE', onRoot, await call(sandbox, instructor, 'DELETE', onRoot), 400, /ROOT/);
  });
});

describe('criteria', () => {
  let target: Content;
  let rule: AdaptiveReleaseRule;
  let criteria: string;
  let quiz5: string;
  let quiz6: string;
  beforeAll(async () => {
    target = await newItem(lecture, 'Criteria target');
    rule = await newRule(lecture, target.id, 'Criteria rule');
    criteria = criteriaOf(lecture, target.id, rule.id);
    quiz5 = await column(lecture, 'Quiz 5');
    quiz6 = await column(lecture, 'Quiz 6');
  });
  const create = async (body: unknown, token = instructor) => call(sandbox, token, 'POST', criteria, body);

  it('lists a demo rule’s criteria, sortable by type', async () => {
    const bonus = await item(lecture, 'Bonus: memory techniques');
    const [demoRule] = expectOk('GET', rulesOf(lecture, bonus.id), await call(sandbox, instructor, 'GET', rulesOf(lecture, bonus.id)), 200, PagedRules).results;
    const path = `${criteriaOf(lecture, bonus.id, demoRule?.id as string)}?sort=type(desc)`;
    const res = await call(sandbox, instructor, 'GET', path);
    const page = expectOk('GET', path, res, 200, PagedCriteria);
    expect(page.results.map((c) => c.type)).toEqual(['GradeRange', 'DateRange']);
    expect(page.results[0]).toMatchObject({ gradeColumnId: quiz5, minScore: 8 });
    // "minScore or higher" is written out as null (adaptive-release.md), which the reader takes as absent.
    expect((res.json as { results: { maxScore?: unknown }[] }).results[0]?.maxScore).toBeNull();
    expectError('GET', path, await call(sandbox, student, 'GET', path), 403);
    const badSort = path.replace('type(desc)', 'colour');
    expectError('GET', badSort, await call(sandbox, instructor, 'GET', badSort), 400, /Unsupported sort field/);
  });

  it('creates a GradeRange: maxScore omitted is the column maximum, null is "minScore or higher"', async () => {
    expect(expectOk('POST', criteria, await create({ type: 'GradeRange', gradeColumnId: quiz5, minScore: 6 }), 201, Criterion)).toMatchObject({ minScore: 6, maxScore: 10 });
    const open = await create({ type: 'GradeRange', gradeColumnId: quiz6, minScore: 7, maxScore: null });
    expect(expectOk('POST', criteria, open, 201, Criterion)).toMatchObject({ minScore: 7 });
    expect(maxScoreOf(open)).toBeNull();
    expectError('POST', criteria, await create({ type: 'GradeRange', gradeColumnId: quiz5, minScore: 1 }), 409, /already has/);
  });

  it('refuses GradeRange bodies that cannot work with 400', async () => {
    const quiz7 = await item(lecture, 'Quiz 7');
    const chemColumn = await column(contents(courseRef('classic')), 'Lab report 1');
    const cases: [unknown, RegExp][] = [
      [{ type: 'GradeRange', gradeColumnId: quiz6, minScore: null }, /minScore/],
      [{ type: 'GradeRange', gradeColumnId: quiz6 }, /minScore/],
      [{ type: 'GradeRange', gradeColumnId: quiz6, minScore: 11 }, /most it can be is 10/],
      [{ type: 'GradeRange', gradeColumnId: quiz6, minScore: 5, maxScore: 4 }, /below minScore/],
      [{ type: 'GradeRange', gradeColumnId: '_999999_1', minScore: 5 }, /not a grade column/],
      [{ type: 'GradeRange', gradeColumnId: chemColumn, minScore: 5 }, /not a grade column of course PSYC-101-F26/],
      [{ type: 'GradeRange', gradeColumnId: quiz6, minScore: 5, startDate: '2026-12-01T00:00:00Z' }, /does not apply/],
      [{ type: 'ContentReviewed', reviewedContentId: quiz7.id }, /read-only/],
      [{ type: 'Hologram' }, /Unknown criterion type/],
      [{ type: 'GradeCompleted', gradeColumnId: quiz6 }, /Classic courses only/],
    ];
    for (const [body, message] of cases) expectError('POST', criteria, await create(body), 400, message);
    const own = await newRule(lecture, quiz7.id, 'Own grade');
    const ownPath = criteriaOf(lecture, quiz7.id, own.id);
    const res = await call(sandbox, instructor, 'POST', ownPath, { type: 'GradeRange', gradeColumnId: quiz7.contentHandler?.gradeColumnId, minScore: 1 });
    expectError('POST', ownPath, res, 400, /its own grade/);
  });

  it('creates one DateRange (one date may be open, not both) and one Memberships per rule', async () => {
    expectError('POST', criteria, await create({ type: 'DateRange', startDate: null, endDate: null }), 400, /both are null/);
    expectError('POST', criteria, await create({ type: 'DateRange', startDate: '2026-12-02T00:00:00Z', endDate: '2026-12-01T00:00:00Z' }), 400, /before/);
    const dates = expectOk('POST', criteria, await create({ type: 'DateRange', endDate: '2026-12-18T23:59:00Z' }), 201, Criterion);
    expect(solid(dates, CRITERION_FIELDS)).toEqual({ id: dates.id, type: 'DateRange', endDate: '2026-12-18T23:59:00.000Z' });
    expectError('POST', criteria, await create({ type: 'DateRange', startDate: '2026-12-01T00:00:00Z' }), 409);
    expectOk('POST', criteria, await create({ type: 'Memberships' }), 201, Criterion);
    expectError('POST', criteria, await create({ type: 'Memberships' }), 409);
    expectError('POST', criteria, await create({ type: 'Memberships' }, student), 403);
    expectError('POST', `${rulesOf(lecture, target.id)}/_999999_1/criteria`, await call(sandbox, instructor, 'POST', `${rulesOf(lecture, target.id)}/_999999_1/criteria`, { type: 'Memberships' }), 404);
  });

  it('creates GradeCompleted in a Classic course', async () => {
    const chemistry = contents(courseRef('classic'));
    const lab3 = await item(chemistry, 'Lab 3: Spectroscopy');
    const preLab = await newItem(chemistry, 'Lab 4 pre-reading', lab3.parentId);
    const r = await newRule(chemistry, preLab.id, 'Lab report 1 graded');
    const path = criteriaOf(chemistry, preLab.id, r.id);
    const gradeColumnId = await column(chemistry, 'Lab report 1');
    const made = expectOk('POST', path, await call(sandbox, instructor, 'POST', path, { type: 'GradeCompleted', gradeColumnId }), 201, Criterion);
    expect(solid(made, CRITERION_FIELDS)).toEqual({ id: made.id, type: 'GradeCompleted', gradeColumnId });
  });

  it('gets a criterion by id, only within its rule', async () => {
    const [first] = expectOk('GET', criteria, await call(sandbox, instructor, 'GET', criteria), 200, PagedCriteria).results;
    const path = `${criteria}/${first?.id}`;
    expect(solid(expectOk('GET', path, await call(sandbox, instructor, 'GET', path), 200, Criterion), CRITERION_FIELDS)).toEqual(solid(first, CRITERION_FIELDS));
    expectError('GET', `${criteria}/_999999_1`, await call(sandbox, instructor, 'GET', `${criteria}/_999999_1`), 404);
    expectError('GET', path, await call(sandbox, student, 'GET', path), 403);
  });

  it('updates criteria as an administrator, by seed rules 4 and 5; instructors lack system.course.MODIFY', async () => {
    const page = expectOk('GET', criteria, await call(sandbox, instructor, 'GET', criteria), 200, PagedCriteria).results;
    const grade = page.find((c) => c.type === 'GradeRange' && 'gradeColumnId' in c && c.gradeColumnId === quiz5) as Criterion;
    const dates = page.find((c) => c.type === 'DateRange') as Criterion;
    const g = `${criteria}/${grade.id}`;
    const d = `${criteria}/${dates.id}`;
    expectError('PATCH', g, await call(sandbox, instructor, 'PATCH', g, { maxScore: null }), 403, /system\.course\.MODIFY/);
    expectError('PATCH', g, await call(sandbox, admin, 'PATCH', g, { minScore: null }), 400, /cannot be null/);
    const opened = await call(sandbox, admin, 'PATCH', g, { maxScore: null });
    expect(expectOk('PATCH', g, opened, 200, Criterion)).toMatchObject({ minScore: 6 });
    expect(maxScoreOf(opened)).toBeNull();
    expect(expectOk('PATCH', g, await call(sandbox, admin, 'PATCH', g, { type: 'GradePercentage', minScore: 60 }), 200, Criterion)).toMatchObject({ type: 'GradePercentage', minScore: 60 });
    expectError('PATCH', g, await call(sandbox, admin, 'PATCH', g, { gradeColumnId: quiz6 }), 409, /already has/);
    expectError('PATCH', g, await call(sandbox, admin, 'PATCH', g, { type: 'DateRange' }), 400, /cannot become/);
    expectError('PATCH', d, await call(sandbox, admin, 'PATCH', d, { endDate: null }), 400, /both are null/);
    const moved = expectOk('PATCH', d, await call(sandbox, admin, 'PATCH', d, { startDate: '2026-12-01T00:00:00Z', endDate: null }), 200, Criterion);
    expect(solid(moved, CRITERION_FIELDS)).toEqual({ id: dates.id, type: 'DateRange', startDate: '2026-12-01T00:00:00.000Z' });
    expectError('PATCH', `${criteria}/_999999_1`, await call(sandbox, admin, 'PATCH', `${criteria}/_999999_1`, {}), 404);
  });

  it('deletes a criterion as an administrator only', async () => {
    const [first] = expectOk('GET', criteria, await call(sandbox, instructor, 'GET', criteria), 200, PagedCriteria).results;
    const path = `${criteria}/${first?.id}`;
    expectError('DELETE', path, await call(sandbox, instructor, 'DELETE', path), 403, /system\.course\.MODIFY/);
    expectNoContent('DELETE', path, await call(sandbox, admin, 'DELETE', path));
    expectError('GET', path, await call(sandbox, instructor, 'GET', path), 404);
    expectError('DELETE', path, await call(sandbox, admin, 'DELETE', path), 404);
    const bad = path.replace(/courseId:[^/]+/, 'nickname:PSYC');
    expectError('DELETE', bad, await call(sandbox, admin, 'DELETE', bad), 400);
  });
});
