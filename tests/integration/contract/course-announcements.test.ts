import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CourseAnnouncement, PagedCourseAnnouncements } from '../../../shared/api/course-announcements';
import { ErrorBody } from '../../../shared/api/common';
import type { RunningSandbox } from '../../../sandbox/server';
import { call, userToken, withSandbox } from '../../support/sandbox';
import { expectLearnShape } from './learn-variety';

// Contract of a course's announcements (Swagger /courses/{courseId}/announcements; docs/api-notes/announcements.md, "Course announcements").

let sandbox: RunningSandbox;
const tokens: Record<string, string> = {};
let api = '';
let otherApi = '';

async function expectCall<S extends z.ZodType>(who: string, method: string, path: string, status: number, schema: S, body?: unknown): Promise<z.infer<S>> {
  const res = await call(sandbox, tokens[who] ?? null, method, path, body);
  expect(res.status, `${method} ${path}: ${res.text}`).toBe(status);
  return expectLearnShape(method, path, res, schema);
}

const expectError = async (who: string, method: string, path: string, status: number, body?: unknown): Promise<string> => (await expectCall(who, method, path, status, ErrorBody, body)).message ?? '';

beforeAll(async () => {
  sandbox = await withSandbox();
  const ctx = sandbox.context();
  const course = ctx.directory.course('courseId:PSYC-101-F26');
  api = `/learn/api/public/v1/courses/${course.id}/announcements`;
  otherApi = `/learn/api/public/v1/courses/${ctx.directory.course('courseId:HIST-310-F26').id}/announcements`;
  const student = ctx.directory.courseMemberships(course.id).find((m) => m.courseRoleId === 'Student')!;
  tokens.student = userToken(sandbox, ctx.directory.users.get(student.userId)!.userName);
  tokens.instructor = userToken(sandbox, 'instructor');
  tokens.ta = userToken(sandbox, 'ta');
});
afterAll(() => sandbox.close());

describe('course announcements', () => {
  it('lists all for the instructor (drafts included), only those shown now for a student, in pages', async () => {
    const all = await expectCall('instructor', 'GET', api, 200, PagedCourseAnnouncements);
    expect(all.results.map((a) => a.title)).toHaveLength(4);
    expect(all.results.some((a) => a.draft === true)).toBe(true);
    const shown = await expectCall('student', 'GET', api, 200, PagedCourseAnnouncements);
    expect(shown.results.map((a) => a.title).sort()).toEqual(['Quiz 1 moved to Thursday', 'Welcome to Introduction to Psychology']);
    const first = await expectCall('instructor', 'GET', `${api}?limit=1&sort=title`, 200, PagedCourseAnnouncements);
    expect(first.results.map((a) => a.title)).toEqual(['Guest lecture next week']);
    expect(first.paging?.nextPage).toMatch(/offset=1/);
    expect(await expectError('instructor', 'GET', `${api}?sort=created`, 400)).toMatch(/sort field/);
    const draft = all.results.find((a) => a.draft === true)!;
    expect(await expectError('student', 'GET', `${api}/${draft.id}`, 403)).toMatch(/not available/);
  });

  it('creates (201), gets, patches and deletes (204), ignoring read-only fields and refusing unknown ones', async () => {
    const made = await expectCall('instructor', 'POST', api, 201, CourseAnnouncement, { title: 'Room change', body: '<p>Room 204</p>', draft: false, id: null, position: 3 });
    expect(made).toMatchObject({ title: 'Room change', draft: false, availability: { duration: { type: 'Permanent' } } });
    expect(await expectError('instructor', 'POST', api, 400, { title: 'X', showAtLogin: true })).toMatch(/Unknown announcement field\(s\): showAtLogin/);
    expect(await expectError('instructor', 'POST', api, 400, { body: 'no title' })).toMatch(/title is missing/);
    const one = `${api}/${made.id}`;
    expect(await expectCall('instructor', 'GET', one, 200, CourseAnnouncement)).toMatchObject({ id: made.id });
    const changed = await expectCall('ta', 'PATCH', one, 200, CourseAnnouncement, { title: 'Room change: 204', availability: { duration: { type: 'Restricted', end: '2027-01-01T00:00:00Z' } } });
    expect(changed).toMatchObject({ title: 'Room change: 204', availability: { duration: { type: 'Restricted', end: '2027-01-01T00:00:00.000Z' } } });
    expect(await expectError('ta', 'DELETE', one, 403)).toMatch(/course\.announcements\.DELETE/);
    expect(await expectError('student', 'POST', api, 403, { title: 'Hi' })).toMatch(/course\.announcements\.CREATE/);
    expect(await expectError('instructor', 'GET', `${otherApi}/${made.id}`, 404)).toBeTruthy();
    expect(await expectError('instructor', 'DELETE', `${api}/externalId:x`, 400)).toMatch(/primary ids/);
    const res = await call(sandbox, tokens.instructor ?? null, 'DELETE', one);
    expect(res.status).toBe(204);
    await expectError('instructor', 'GET', one, 404);
  });
});
