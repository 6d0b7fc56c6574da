import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdaptiveReleaseRule, Criterion, GroupPredicate, PagedCriteria, PagedGroupPredicates, PagedRules, PagedUserPredicates, UserPredicate } from '../../../shared/api/adaptive-release';
import { Content, PagedContents } from '../../../shared/api/content';
import type { RunningSandbox } from '../../../sandbox/server';
import { call, userToken, withSandbox } from '../../support/sandbox';
import { contents, courseRef, expectCreatedGroupPredicate, expectError, expectNoContent, expectOk, lectureOnlyStudent, memberOf } from './content-support';

// Group and user predicates of Memberships criteria: lists, set-list semantics, limits of 100,
// who may be named, and what is refused on other criterion types.
let sandbox: RunningSandbox;
let instructor: string;
let admin: string;
const lecture = contents(courseRef('lecture'));
const seminar = contents(courseRef('seminar'));

async function freshCriterion(base: string, title: string, type = 'Memberships'): Promise<string> {
  const item = expectOk('POST', base, await call(sandbox, instructor, 'POST', base, { title, ...(base === seminar ? { parentId: await folderOf(base) } : {}) }), 201, Content);
  const rules = `${base}/${item.id}/adaptiveRelease/rules`;
  const rule = expectOk('POST', rules, await call(sandbox, instructor, 'POST', rules, { title }), 201, AdaptiveReleaseRule);
  const criteria = `${rules}/${rule.id}/criteria`;
  const body = type === 'Memberships' ? { type } : { type, endDate: '2026-12-18T23:59:00Z' };
  const criterion = expectOk('POST', criteria, await call(sandbox, instructor, 'POST', criteria, body), 201, Criterion);
  return `${criteria}/${criterion.id}`;
}
async function folderOf(base: string): Promise<string> {
  return (expectOk('GET', base, await call(sandbox, instructor, 'GET', base), 200, PagedContents).results[0] as Content).id;
}
/** A predicate's documented fields (answers may carry unknown ones too). */
const groupFields = (p: GroupPredicate) => ({ id: p.id, criterionId: p.criterionId, groupId: p.groupId });
const userFields = (p: UserPredicate) => ({ id: p.id, criterionId: p.criterionId, userId: p.userId });
const userId = (userName: string) => sandbox.context().directory.user(`userName:${userName}`).id;
const lectureGroups = () => [...sandbox.context().directory.groups.values()].filter((g) => g.courseId === sandbox.context().directory.course(courseRef('lecture')).id);

beforeAll(async () => {
  sandbox = await withSandbox();
  instructor = userToken(sandbox, 'instructor');
  admin = userToken(sandbox, 'admin');
});
afterAll(() => sandbox.close());

describe('group predicates', () => {
  it('lists the demo groups of a Memberships criterion', async () => {
    const base = contents(courseRef('lecture'));
    const extra = (expectOk('GET', `${base}?title=Extra credit`, await call(sandbox, instructor, 'GET', `${base}?title=Extra credit`), 200, PagedContents).results[0]) as Content;
    const rules = `${base}/${extra.id}/adaptiveRelease/rules`;
    const [rule] = expectOk('GET', rules, await call(sandbox, instructor, 'GET', rules), 200, PagedRules).results;
    const [criterion] = expectOk('GET', `${rules}/${rule?.id}/criteria`, await call(sandbox, instructor, 'GET', `${rules}/${rule?.id}/criteria`), 200, PagedCriteria).results;
    const path = `${rules}/${rule?.id}/criteria/${criterion?.id}/groups`;
    const groups = expectOk('GET', path, await call(sandbox, instructor, 'GET', path), 200, PagedGroupPredicates);
    const names = groups.results.map((p) => sandbox.context().directory.groups.get(p.groupId)?.name);
    expect(names.sort()).toEqual(['Lab section 1', 'Lab section 2']);
    expectError('GET', path, await call(sandbox, userToken(sandbox, lectureOnlyStudent(sandbox)), 'GET', path), 403);
  });

  it('sets the list: keeps present groups with their ids, drops absent ones, adds new ones', async () => {
    const groups = `${await freshCriterion(lecture, 'Set groups')}/groups`;
    const [g1, g2, g3] = lectureGroups();
    const first = expectOk('PUT', groups, await call(sandbox, instructor, 'PUT', groups, [{ groupId: g1?.id }, { groupId: g2?.id }]), 200, PagedGroupPredicates);
    const keptId = first.results.find((p) => p.groupId === g2?.id)?.id;
    const second = expectOk('PUT', groups, await call(sandbox, instructor, 'PUT', groups, [{ groupId: g2?.id }, { groupId: `externalId:${g3?.externalId}` }]), 200, PagedGroupPredicates);
    expect(second.results.map((p) => p.groupId).sort()).toEqual([g2?.id, g3?.id].sort());
    expect(second.results.find((p) => p.groupId === g2?.id)?.id).toBe(keptId);
    const listed = expectOk('GET', groups, await call(sandbox, instructor, 'GET', groups), 200, PagedGroupPredicates);
    expect(listed.results.map(groupFields)).toEqual(second.results.map(groupFields));
    expect(expectOk('PUT', groups, await call(sandbox, instructor, 'PUT', groups, []), 200, PagedGroupPredicates).results).toEqual([]);
  });

  it('refuses a list of 101, a group twice, a group of another course, and a non-array with 400', async () => {
    const groups = `${await freshCriterion(lecture, 'Bad group lists')}/groups`;
    const [g1] = lectureGroups();
    const otherCourseGroup = [...sandbox.context().directory.groups.values()].find((g) => g.name === 'Presenters week 1');
    const cases: [unknown, RegExp][] = [
      [Array.from({ length: 101 }, () => ({ groupId: g1?.id })), /101 entries; a criterion holds at most 100/],
      [[{ groupId: g1?.id }, { groupId: `externalId:${g1?.externalId}` }], /same group twice/],
      [[{ groupId: otherCourseGroup?.id }], /not a group of course PSYC-101-F26/],
      [{ groupId: g1?.id }, /JSON array/],
      [[{ group: g1?.id }], /needs 'groupId'/],
    ];
    for (const [body, message] of cases) expectError('PUT', groups, await call(sandbox, instructor, 'PUT', groups, body), 400, message);
    expectError('PUT', groups, await call(sandbox, userToken(sandbox, lectureOnlyStudent(sandbox)), 'PUT', groups, []), 403, /acl\.modify/);
  });

  it('adds one group (409 if there), refuses the 101st with 400, and removes one', async () => {
    const criterion = await freshCriterion(lecture, 'Many groups');
    const ctx = sandbox.context();
    const course = ctx.directory.course(courseRef('lecture'));
    // The demo lecture has six groups; a big course can have far more (sections, teams).
    const extraGroups = Array.from({ length: 101 }, (_, i) => {
      const id = ctx.directory.newId();
      const group = { id, courseId: course.id, externalId: `PSYC-team-${i}`, name: `Team ${i}`, memberUserIds: [] };
      ctx.directory.groups.set(id, group);
      return group;
    });
    for (const g of extraGroups.slice(0, 100)) {
      const path = `${criterion}/groups/${g.id}`;
      const made = expectCreatedGroupPredicate(path, await call(sandbox, instructor, 'PUT', path), GroupPredicate);
      expect(made).toMatchObject({ groupId: g.id, criterionId: criterion.split('/').at(-1) });
    }
    const again = `${criterion}/groups/externalId:PSYC-team-0`;
    expectError('PUT', again, await call(sandbox, instructor, 'PUT', again), 409, /already associated/);
    const last = `${criterion}/groups/${extraGroups[100]?.id}`;
    expectError('PUT', last, await call(sandbox, instructor, 'PUT', last), 400, /already holds 100 groups/);
    const first = `${criterion}/groups/${extraGroups[0]?.id}`;
    expectNoContent('DELETE', first, await call(sandbox, instructor, 'DELETE', first));
    expectError('DELETE', first, await call(sandbox, instructor, 'DELETE', first), 404, /not associated/);
    expectError('DELETE', `${criterion}/groups/_999999_1`, await call(sandbox, instructor, 'DELETE', `${criterion}/groups/_999999_1`), 404);
    expectCreatedGroupPredicate(last, await call(sandbox, instructor, 'PUT', last), GroupPredicate);
  });
});

describe('user predicates', () => {
  it('sets the list by primary or secondary ids, keeping present users’ predicate ids', async () => {
    const users = `${await freshCriterion(lecture, 'Set users')}/users`;
    const [a, b, c] = [0, 1, 2].map((i) => memberOf(sandbox, 'lecture', 'Student', i + 10)) as [string, string, string];
    const first = expectOk('PUT', users, await call(sandbox, instructor, 'PUT', users, [{ userId: userId(a) }, { userId: `userName:${b}` }]), 200, PagedUserPredicates);
    const kept = first.results.find((p) => p.userId === userId(b))?.id;
    const second = expectOk('PUT', users, await call(sandbox, instructor, 'PUT', users, [{ userId: userId(b) }, { userId: `userName:${c}` }]), 200, PagedUserPredicates);
    expect(second.results.map((p) => p.userId).sort()).toEqual([userId(b), userId(c)].sort());
    expect(second.results.find((p) => p.userId === userId(b))?.id).toBe(kept);
    expect(expectOk('GET', users, await call(sandbox, instructor, 'GET', users), 200, PagedUserPredicates).results.map(userFields)).toEqual(second.results.map(userFields));
  });

  it('refuses a Guest, course staff and people not enrolled (400), a user twice (409), 101 users (400)', async () => {
    const seminarUsers = `${await freshCriterion(seminar, 'Seminar users')}/users`;
    const guest = memberOf(sandbox, 'seminar', 'Guest');
    expectError('PUT', seminarUsers, await call(sandbox, instructor, 'PUT', seminarUsers, [{ userId: `userName:${guest}` }]), 400, /Guest/);
    const users = `${await freshCriterion(lecture, 'Refused users')}/users`;
    for (const staff of ['instructor', 'ta', 'cowens']) {
      expectError('PUT', users, await call(sandbox, instructor, 'PUT', users, [{ userId: `userName:${staff}` }]), 400, /course staff/);
    }
    const outsider = memberOf(sandbox, 'seminar', 'Student');
    expectError('PUT', users, await call(sandbox, instructor, 'PUT', users, [{ userId: `userName:${outsider}` }]), 400, /not enrolled/);
    const s = memberOf(sandbox, 'lecture', 'Student', 5);
    expectError('PUT', users, await call(sandbox, instructor, 'PUT', users, [{ userId: userId(s) }, { userId: `userName:${s}` }]), 409, /same user twice/);
    const many = Array.from({ length: 101 }, (_, i) => ({ userId: `userName:${memberOf(sandbox, 'lecture', 'Student', i)}` }));
    expectError('PUT', users, await call(sandbox, instructor, 'PUT', users, many), 400, /at most 100/);
    expectError('PUT', `${users}/userName:${guest}`, await call(sandbox, instructor, 'PUT', `${users}/userName:${guest}`), 400, /not enrolled/);
    expectError('PUT', `${users}/userName:nobody-here`, await call(sandbox, instructor, 'PUT', `${users}/userName:nobody-here`), 404);
  });

  it('adds users one by one up to 100: a repeat is 409, the 101st 400; removes one', async () => {
    const users = `${await freshCriterion(lecture, 'Hundred users')}/users`;
    const names = Array.from({ length: 101 }, (_, i) => memberOf(sandbox, 'lecture', 'Student', 100 + i));
    const full = expectOk('PUT', users, await call(sandbox, instructor, 'PUT', users, names.slice(0, 99).map((n) => ({ userId: `userName:${n}` }))), 200, PagedUserPredicates);
    expect(full.results).toHaveLength(99);
    const hundredth = `${users}/userName:${names[99]}`;
    expect(expectOk('PUT', hundredth, await call(sandbox, instructor, 'PUT', hundredth), 201, UserPredicate).userId).toBe(userId(names[99] as string));
    expectError('PUT', hundredth, await call(sandbox, instructor, 'PUT', hundredth), 409, /already associated/);
    const extra = `${users}/userName:${names[100]}`;
    expectError('PUT', extra, await call(sandbox, instructor, 'PUT', extra), 400, /already holds 100 users/);
    expectNoContent('DELETE', hundredth, await call(sandbox, instructor, 'DELETE', hundredth));
    expectError('DELETE', hundredth, await call(sandbox, instructor, 'DELETE', hundredth), 404);
    expect(expectOk('PUT', extra, await call(sandbox, admin, 'PUT', extra), 201, UserPredicate).userId).toBe(userId(names[100] as string));
  });
});

describe('predicates need a Memberships criterion', () => {
  it('refuses group and user predicates on a DateRange criterion with 400', async () => {
    const criterion = await freshCriterion(lecture, 'Dates only', 'DateRange');
    const [g1] = lectureGroups();
    const student = `userName:${memberOf(sandbox, 'lecture', 'Student', 3)}`;
    const attempts: [string, string, unknown?][] = [
      ['GET', `${criterion}/groups`],
      ['PUT', `${criterion}/groups`, [{ groupId: g1?.id }]],
      ['PUT', `${criterion}/groups/${g1?.id}`],
      ['DELETE', `${criterion}/groups/${g1?.id}`],
      ['GET', `${criterion}/users`],
      ['PUT', `${criterion}/users`, [{ userId: student }]],
      ['PUT', `${criterion}/users/${student}`],
      ['DELETE', `${criterion}/users/${student}`],
    ];
    for (const [method, path, body] of attempts) {
      expectError(method, path, await call(sandbox, instructor, method, path, body), 400, /Memberships criterion/);
    }
  });

  it('answers 404 for an unknown criterion and drops predicates with their criterion', async () => {
    const criterion = await freshCriterion(lecture, 'Short-lived audience');
    const [g1] = lectureGroups();
    const groups = `${criterion}/groups`;
    expectOk('PUT', groups, await call(sandbox, instructor, 'PUT', groups, [{ groupId: g1?.id }]), 200, PagedGroupPredicates);
    expectNoContent('DELETE', criterion, await call(sandbox, admin, 'DELETE', criterion));
    expectError('GET', groups, await call(sandbox, instructor, 'GET', groups), 404);
    expect([...sandbox.context().directory.groups.keys()]).toContain(g1?.id);
  });
});

describe('every predicate operation', () => {
  it('refuses a student with 403 and answers 404 for an unknown criterion or record', async () => {
    const criterion = await freshCriterion(lecture, 'Access checks');
    const missing = criterion.replace(/[^/]+$/, '_999999_1');
    const student = userToken(sandbox, lectureOnlyStudent(sandbox));
    const [g1] = lectureGroups();
    const s = `userName:${memberOf(sandbox, 'lecture', 'Student', 7)}`;
    const operations: [string, string, unknown?][] = [
      ['GET', '/groups'],
      ['PUT', '/groups', [{ groupId: g1?.id }]],
      ['PUT', `/groups/${g1?.id}`],
      ['DELETE', `/groups/${g1?.id}`],
      ['GET', '/users'],
      ['PUT', '/users', [{ userId: s }]],
      ['PUT', `/users/${s}`],
      ['DELETE', `/users/${s}`],
    ];
    for (const [method, tail, body] of operations) {
      expectError(method, criterion + tail, await call(sandbox, student, method, criterion + tail, body), 403);
      expectError(method, missing + tail, await call(sandbox, instructor, method, missing + tail, body), 404);
    }
    expectError('PUT', `${criterion}/groups/_999999_1`, await call(sandbox, instructor, 'PUT', `${criterion}/groups/_999999_1`), 404);
    expectError('DELETE', `${criterion}/users/userName:nobody-here`, await call(sandbox, instructor, 'DELETE', `${criterion}/users/userName:nobody-here`), 404);
  });
});
