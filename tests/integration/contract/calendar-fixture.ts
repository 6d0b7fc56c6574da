import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { z } from 'zod';
import { PagedCalendarItems, type CalendarItem } from '../../../shared/api/calendar';
import { ErrorBody } from '../../../shared/api/common';
import type { RunningSandbox } from '../../../sandbox/server';
import { call, systemToken, userToken, withSandbox } from '../../support/sandbox';
import { expectLearnShape } from './learn-variety';

/**
 * Shared set-up of the calendar contract tests (calendar.test.ts reads, calendar-changes.test.ts
 * writes): an in-process sandbox per test file, tokens for the people of the demo institution,
 * and call helpers that check status, zod schema and Swagger on every response. Answers come in
 * the varied shapes real Learn writes (sandbox shape variety): null is read as absent.
 */

export const API = '/learn/api/public/v1/calendars';
export const ITEMS = `${API}/items`;
export const WEEK = 7 * 24 * 60 * 60 * 1000;
/** The demo term, within the 16-week window. */
export const FALL = 'since=2026-08-31T00:00:00.000Z&until=2026-12-20T00:00:00.000Z';

export interface CalendarFixture {
  sandbox: RunningSandbox;
  /** instructor, cowens, ta, admin, student (PSYC), nursing (BIOL child only), guest (HIST), readOnly, system. */
  tokens: Record<string, string>;
  /** Primary ids of lecture, seminar, ultra, org. */
  ids: Record<string, string>;
}

/** Registers the hooks and returns the fixture (filled in by beforeAll). */
export function useCalendarSandbox(): CalendarFixture {
  const fixture = { tokens: {}, ids: {} } as CalendarFixture;
  beforeAll(async () => {
    fixture.sandbox = await withSandbox();
    const ctx = fixture.sandbox.context();
    const courses = { lecture: 'PSYC-101-F26', seminar: 'HIST-310-F26', ultra: 'BIOL-220-F26', org: 'ORG-TLC' };
    for (const [key, code] of Object.entries(courses)) fixture.ids[key] = ctx.directory.course(`courseId:${code}`).id;
    for (const name of ['instructor', 'cowens', 'ta', 'admin']) fixture.tokens[name] = userToken(fixture.sandbox, name);
    fixture.tokens.student = userToken(fixture.sandbox, member(fixture, 'PSYC-101-F26', 'Student'));
    fixture.tokens.nursing = userToken(fixture.sandbox, member(fixture, 'BIOL-220-F26-X', 'Student'));
    fixture.tokens.guest = userToken(fixture.sandbox, member(fixture, 'HIST-310-F26', 'Guest'));
    fixture.tokens.readOnly = userToken(fixture.sandbox, 'instructor', ['read']);
    fixture.tokens.system = await systemToken(fixture.sandbox);
  });
  afterAll(async () => {
    await fixture.sandbox.close();
  });
  afterEach(() => {
    // Tests that move the clock or switch a course calendar off put them back.
    fixture.sandbox.context().clock.reset();
    for (const course of fixture.sandbox.context().directory.courses.values()) course.calendarEnabled = true;
  });
  return fixture;
}

/** The user name of the first member of a course in a role (not counting cross-listed enrolments). */
function member(fixture: CalendarFixture, courseId: string, role: string): string {
  const ctx = fixture.sandbox.context();
  const course = ctx.directory.course(`courseId:${courseId}`);
  const m = ctx.directory.courseMemberships(course.id).find((x) => x.courseRoleId === role && !x.childCourseId);
  return ctx.directory.users.get(m!.userId)!.userName;
}

/** Calls as `who` and checks status, zod schema and Swagger; returns the parsed body. */
export async function expectCall<S extends z.ZodType>(
  fixture: CalendarFixture,
  who: string,
  method: string,
  path: string,
  status: number,
  schema: S,
  body?: unknown,
): Promise<z.infer<S>> {
  const res = await call(fixture.sandbox, fixture.tokens[who] ?? null, method, path, body);
  expect(res.status, `${method} ${path}: ${res.text}`).toBe(status);
  return expectLearnShape(method, path, res, schema);
}

/** Checks an error answer (Learn's error body with the same status) and returns its message. */
export async function expectError(fixture: CalendarFixture, who: string, method: string, path: string, status: number, body?: unknown): Promise<string> {
  const error = await expectCall(fixture, who, method, path, status, ErrorBody, body);
  expect(error.status).toBe(status);
  return error.message ?? '';
}

/** Every item of a query that fits one page. */
export async function listAll(fixture: CalendarFixture, who: string, query: string): Promise<CalendarItem[]> {
  const page = await expectCall(fixture, who, 'GET', `${ITEMS}?${query}&limit=100`, 200, PagedCalendarItems);
  expect(page.paging?.nextPage, 'one page is enough for these queries').toBeUndefined();
  return page.results;
}

export const itemPath = (item: { type: string; id: string }): string => `${ITEMS}/${item.type}/${item.id}`;

/** start and end `hours` later, as ISO strings. */
export const at = (iso: string, hours = 1): { start: string; end: string } => ({ start: iso, end: new Date(Date.parse(iso) + hours * 3600_000).toISOString() });
