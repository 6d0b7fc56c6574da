import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../sandbox/server';
import { DEMO_COURSES } from '../../../sandbox/modules/institution';
import { call, systemToken, userToken, withSandbox } from '../../support/sandbox';
import { validateAgainstDefinition, validateAgainstSwagger } from '../../support/swagger';
import { SWAGGER_DEFECTS, isSwaggerDefect, swaggerStatusOf } from '../../support/swagger-defects';

/**
 * The sandbox's answers, with shape variety on, against the vendor's Swagger (release 3900.121.0):
 * every answer of the attendance, users/courses, memberships, groups, content, calendar and
 * announcements operations the app reads or writes, each list item against its resource's
 * definition (the file types lists only as `{type: object}`). Nothing may differ from the Swagger but the file's own
 * defects, listed with their evidence in tests/support/swagger-defects.ts and docs/api-notes/shapes-and-readers.md.
 */

const V1 = '/learn/api/public/v1';
type Answer = { method: string; path: string; status: number; json: unknown };

/** The Swagger definition of a list's items, by the list operation's path. */
const LIST_ITEMS: readonly [RegExp, string][] = [
  [/\/meetings\/users\/[^/]+$/, 'AttendanceRecord'],
  [/\/meetings\/\d+\/users$/, 'AttendanceRecord'],
  [/\/meetings$/, 'CourseMeeting'],
  [/\/v1\/users\/[^/]+\/courses$/, 'memberships.CourseMembership'],
  [/\/v1\/courses\/[^/]+\/users$/, 'memberships.CourseMembership'],
  [/\/v3\/courses$/, 'courses.CourseV2'],
  [/\/contents(\/[^/]+\/children)?$/, 'v1.Content'],
  [/\/calendars\/items$/, 'v1.CalendarItem'],
  [/\/announcements$/, 'announcements.Announcement'],
  [/\/v2\/courses\/[^/]+\/groups(\/sets(\/[^/]+\/groups)?)?$/, 'v2.groups.GroupV2'],
];

let sandbox: RunningSandbox;
const answers: Answer[] = [];

async function get(token: string, path: string): Promise<unknown> {
  const res = await call(sandbox, token, 'GET', path);
  expect(res.status, `GET ${path}: ${res.text}`).toBe(200);
  answers.push({ method: 'GET', path, status: res.status, json: res.json });
  return res.json;
}

async function send(token: string, method: string, path: string, body: unknown, status: number): Promise<Record<string, unknown>> {
  const res = await call(sandbox, token, method, path, body);
  expect(res.status, `${method} ${path}: ${res.text}`).toBe(status);
  answers.push({ method, path, status: res.status, json: res.json });
  return res.json as Record<string, unknown>;
}

/** Every page of a list; its items. */
async function list(token: string, first: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  for (let path: string | undefined = first; path; ) {
    const page = (await get(token, path)) as { results: Record<string, unknown>[]; paging?: { nextPage?: string } };
    items.push(...page.results);
    path = page.paging?.nextPage;
  }
  return items;
}

interface SwaggerError {
  answer: Answer;
  /** `<pointer> <message>`, a list item's pointer under `/results/<n>`. */
  error: string;
}

/** Every Swagger error of one answer, a list's items included; `validated` when anything was checked. */
function errorsOf(answer: Answer): { validated: boolean; errors: SwaggerError[] } {
  const path = answer.path.split('?')[0] ?? '';
  const check = validateAgainstSwagger(answer.method, answer.path, swaggerStatusOf(answer.method, path, answer.status), answer.json);
  const errors = check.checked ? check.errors.map((error) => ({ answer, error })) : [];
  const items = LIST_ITEMS.find(([re]) => re.test(path))?.[1];
  const results = (answer.json as { results?: unknown }).results;
  if (!items || !Array.isArray(results)) return { validated: check.checked, errors };
  results.forEach((result, i) => {
    for (const e of validateAgainstDefinition(items, result)) errors.push({ answer, error: `/results/${i}${e.startsWith('(root)') ? e.slice('(root)'.length) : e}` });
  });
  return { validated: true, errors };
}

const isDefect = (e: SwaggerError): boolean => isSwaggerDefect(e.answer.path, e.error, e.answer.json);
const describeError = (e: SwaggerError): string => `${e.answer.method} ${e.answer.path.split('?')[0] ?? ''} ${e.answer.status} ${e.error}`;

beforeAll(async () => {
  sandbox = await withSandbox();
  const dir = sandbox.context().directory;
  const instructor = userToken(sandbox, 'instructor');
  const admin = userToken(sandbox, 'admin');
  const system = await systemToken(sandbox);
  const course = (key: keyof typeof DEMO_COURSES): string => dir.course(`courseId:${DEMO_COURSES[key]}`).id;

  // Users, courses and memberships, as each kind of caller sees them.
  await get(instructor, `${V1}/users/me`);
  await get(system, `${V1}/users/${dir.user('userName:instructor').id}`);
  await list(instructor, `${V1}/users/me/courses?expand=course`);
  await list(system, '/learn/api/public/v3/courses');
  for (const key of Object.keys(DEMO_COURSES) as (keyof typeof DEMO_COURSES)[]) await get(instructor, `/learn/api/public/v3/courses/${course(key)}`);
  for (const key of ['lecture', 'ultra', 'ultraChild', 'seminar'] as const) {
    const roster = await list(instructor, `${V1}/courses/${course(key)}/users?expand=user`);
    await get(instructor, `${V1}/courses/${course(key)}/users/${String(roster[roster.length - 1]?.['userId'])}`);
  }
  await list(system, `${V1}/courses/${course('ultra')}/users`);

  // Groups: the top-level ones, the group sets and each set's groups (GroupV2 throughout).
  for (const key of ['lecture', 'ultra'] as const) {
    const groups = `/learn/api/public/v2/courses/${course(key)}/groups`;
    await list(instructor, groups);
    for (const set of await list(instructor, `${groups}/sets`)) await list(instructor, `${groups}/sets/${String(set['id'])}/groups`);
  }

  // Attendance: meetings made in Learn's grid and through the API, their records, one user's.
  for (const key of ['lecture', 'seminar', 'ultra'] as const) {
    const meetings = await list(instructor, `${V1}/courses/${course(key)}/meetings`);
    for (const meeting of meetings.slice(0, 4)) {
      await get(instructor, `${V1}/courses/${course(key)}/meetings/${String(meeting['id'])}`);
      const records = await list(instructor, `${V1}/courses/${course(key)}/meetings/${String(meeting['id'])}/users`);
      const first = records[0];
      if (first) {
        await get(instructor, `${V1}/courses/${course(key)}/meetings/${String(meeting['id'])}/users/${String(first['userId'])}`);
        await list(instructor, `${V1}/courses/${course(key)}/meetings/users/${String(first['userId'])}`);
      }
    }
  }
  const meetings = `${V1}/courses/${course('seminar')}/meetings`;
  const made = await send(instructor, 'POST', meetings, { courseId: course('seminar'), title: 'Make-up session', start: '2026-12-01T15:00:00Z', end: '2026-12-01T16:00:00Z' }, 200);
  await send(instructor, 'PATCH', `${meetings}/${String(made['id'])}`, { description: 'Room 5' }, 200);
  const student = (await list(instructor, `${V1}/courses/${course('seminar')}/users?role=Student`))[0]?.['userId'];
  await send(instructor, 'POST', `${meetings}/${String(made['id'])}/users`, { meetingId: made['id'], userId: student, status: 'Late' }, 201);
  await send(instructor, 'PATCH', `${meetings}/${String(made['id'])}/users/${String(student)}`, { meetingId: made['id'], userId: student, status: 'Present' }, 200);

  // Content: each course's tree, every folder's children.
  for (const key of ['lecture', 'ultra', 'classic'] as const) {
    const folders = (await list(instructor, `${V1}/courses/${course(key)}/contents`)).filter((c) => c['hasChildren'] === true);
    for (const folder of folders) await list(instructor, `${V1}/courses/${course(key)}/contents/${String(folder['id'])}/children`);
  }

  // Calendars and their items over the term; system announcements.
  await get(instructor, `${V1}/calendars`);
  const items = await list(instructor, `${V1}/calendars/items?since=2026-08-31T00:00:00Z&until=2026-12-20T00:00:00Z`);
  for (const item of items.slice(0, 12)) await get(instructor, `${V1}/calendars/items/${String(item['type'])}/${String(item['id'])}`);
  const announcements = await list(admin, `${V1}/announcements`);
  for (const a of announcements) await get(admin, `${V1}/announcements/${String(a['id'])}`);
});
afterAll(() => sandbox.close());

describe("the sandbox's answers against the Swagger, with shape variety on", () => {
  it('differ from the Swagger only at its listed defects', () => {
    const checks = answers.map(errorsOf);
    const all = checks.flatMap((c) => c.errors);
    const beyond = all.filter((e) => !isDefect(e)).map(describeError);
    const met = SWAGGER_DEFECTS.filter((d) => all.some((e) => isDefect(e) && d.pointer.test(e.error.split(' ')[0] ?? '')));
    const items = answers.reduce((n, a) => n + (Array.isArray((a.json as { results?: unknown }).results) ? (a.json as { results: unknown[] }).results.length : 0), 0);
    console.info(
      `Swagger response check: ${checks.filter((c) => c.validated).length} of ${answers.length} answers validated, ${items} list items each against its definition; ` +
        `${all.length - beyond.length} errors at ${met.length} listed defects (${met.map((d) => d.field).join('; ')}); ${beyond.length} beyond them`,
    );
    expect(beyond.slice(0, 20)).toEqual([]);
    expect(checks.every((c) => c.validated)).toBe(true);
  });

  it('catches the invented shapes a plain script breaks on, which no listed defect covers', () => {
    const records = answers.find((a) => /\/meetings\/\d+\/users$/.test(a.path) && (a.json as { results: unknown[] }).results.length > 0);
    const roster = answers.find((a) => /\/courses\/[^/]+\/users\?expand=user$/.test(a.path));
    if (!records || !roster) throw new Error('no records or roster answer received');
    const first = (a: Answer): Record<string, unknown> => (a.json as { results: Record<string, unknown>[] }).results[0] as Record<string, unknown>;
    const mutated = (a: Answer, change: Record<string, unknown>): Answer => ({ ...a, json: { results: [{ ...first(a), ...change }] } });
    const beyondDefects = (a: Answer): string[] => errorsOf(a).errors.filter((e) => !isDefect(e)).map((e) => e.error);
    expect(beyondDefects(mutated(records, { meetingId: Number(first(records)['meetingId']) }))).toEqual(['/results/0/meetingId must be string']);
    expect(beyondDefects(mutated(roster, { childCourseId: null }))).toEqual(['/results/0/childCourseId must be string']);
    expect(beyondDefects(mutated(records, { modifiedByUserId: null }))).toEqual(['/results/0/modifiedByUserId must be string']);
  });
});
