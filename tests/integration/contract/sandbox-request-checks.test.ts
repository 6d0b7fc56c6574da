import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../sandbox/server';
import { call, userToken, withSandbox } from '../../support/sandbox';
import { LEARN, contents, courseRef } from './content-support';

// The sandbox accepts what Learn accepts: bodies written the way a Jackson-based client
// writes them (every unset field null, read-only fields echoed from a GET), both documented day
// spellings, and the contentId keywords in Classic courses; it still refuses what the seeds say
// Learn refuses. Status codes only: the answers' shapes are the other contract tests' business.
// docs/api-notes/sandbox-request-checks.md "Sandbox request checks (content, calendar, announcements, adaptive release)".

let sandbox: RunningSandbox;
let instructor: string;
let admin: string;
const ITEMS = `${LEARN}/calendars/items`;
const ANNOUNCEMENTS = `${LEARN}/announcements`;
const lecture = contents(courseRef('lecture'));
const chemistry = contents(courseRef('classic'));

/** POSTs or PATCHes and answers the status with the body (so a failure shows Learn's message). */
async function send(method: string, path: string, body: unknown, token = instructor): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await call(sandbox, token, method, path, body);
  return { status: res.status, json: (res.json ?? {}) as Record<string, unknown> };
}

const utcDays = (items: { start?: unknown }[]): number[] => items.map((i) => new Date(String(i.start)).getUTCDay());

beforeAll(async () => {
  sandbox = await withSandbox();
  instructor = userToken(sandbox, 'instructor');
  admin = userToken(sandbox, 'admin');
});
afterAll(() => sandbox.close());

describe('calendar items', () => {
  /** A Personal item as Jackson writes it: read-only fields echoed, every unset field null. */
  const jackson = (title: string, recurrence: unknown = null) => ({
    id: null, type: 'Personal', calendarId: 'PERSONAL', calendarName: null, title, description: null, location: null,
    start: '2027-02-02T15:00:00.000Z', end: '2027-02-02T16:00:00.000Z', modified: null, color: null,
    disableResizing: null, createdByUserId: null, dynamicCalendarItemProps: null, recurrence, ltiLaunchDeepLink: null,
  });

  it('creates an item from a body whose unset fields are null and whose read-only fields are echoed', async () => {
    const made = await send('POST', ITEMS, jackson('Jackson item'));
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    expect(made.json.title).toBe('Jackson item');
  });

  it('reads day names in both documented spellings: Tuesday (seed 000, vendor page) and Tu (Swagger)', async () => {
    const weekly = { frequency: 'Weekly', interval: 1, count: 4, weekDays: ['Tuesday', 'Th'], until: null, monthRepeatDay: null, monthPosition: null, repeatDay: null };
    const made = await send('POST', ITEMS, jackson('Long day names', weekly));
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    const list = await send('GET', `${ITEMS}?type=Personal&since=2027-02-01T00:00:00Z&until=2027-02-28T00:00:00Z`, undefined);
    const series = (list.json.results as { title: string; start: string }[]).filter((i) => i.title === 'Long day names');
    expect(utcDays(series)).toEqual([2, 4, 2, 4]);
    const monthly = { frequency: 'Monthly', interval: 1, count: 2, monthPosition: 1, repeatDay: 'Sunday', monthRepeatDay: 0, weekDays: ['Sunday'] };
    expect((await send('POST', ITEMS, jackson('First Sunday', monthly))).status).toBe(201);
  });

  it('still refuses what the documents refuse: a day in another case, interval 0, a long title, a missing type', async () => {
    const weekly = (weekDays: unknown, interval = 1) => jackson('x', { frequency: 'Weekly', interval, count: 2, weekDays });
    expect((await send('POST', ITEMS, weekly(['tuesday']))).json.message).toMatch(/weekDays holds "tuesday"/);
    expect((await send('POST', ITEMS, weekly(['Tu'], 0))).json.message).toMatch(/interval must be a whole number from 1 to 100/);
    expect((await send('POST', ITEMS, jackson('x'.repeat(256)))).status).toBe(400);
    expect((await send('POST', ITEMS, { ...jackson('x'), location: 'x'.repeat(1025) })).status).toBe(400);
    expect((await send('POST', ITEMS, { ...jackson('x'), type: null })).json.message).toMatch(/type is missing/);
  });

  it('updates a single item from a Jackson body: null leaves a field as it is, recurrence null is "not sent"', async () => {
    const made = await send('POST', ITEMS, { ...jackson('Before'), description: 'Kept', location: 'Room 1' });
    const path = `${ITEMS}/Personal/${String(made.json.id)}`;
    const changed = await send('PATCH', path, { ...jackson('After'), start: null, end: null });
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    expect(changed.json).toMatchObject({ title: 'After', description: 'Kept', location: 'Room 1', start: made.json.start });
    const cleared = await send('PATCH', path, { location: '' });
    expect(cleared.json.location ?? null).toBeNull();
  });
});

describe('system announcements', () => {
  it('creates and updates from Jackson bodies: read-only fields and nulls ignored', async () => {
    const body = {
      id: null, title: 'Jackson notice', body: null, availability: { duration: { type: 'Restricted', start: '2026-09-01T00:00:00Z', end: null } },
      showAtLogin: null, showInCourses: true, creatorUserId: null, created: null, modified: null,
    };
    const made = await send('POST', ANNOUNCEMENTS, body, admin);
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    expect(made.json).toMatchObject({ title: 'Jackson notice', showAtLogin: false, showInCourses: true });
    const changed = await send('PATCH', `${ANNOUNCEMENTS}/${String(made.json.id)}`, { ...body, title: null, availability: null, showInCourses: false }, admin);
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    expect(changed.json).toMatchObject({ title: 'Jackson notice', showInCourses: false });
    expect(changed.json.availability).toMatchObject({ duration: { type: 'Restricted', start: '2026-09-01T00:00:00.000Z' } });
  });

  it('still refuses a missing title and an unknown duration type', async () => {
    expect((await send('POST', ANNOUNCEMENTS, { id: null, title: null }, admin)).status).toBe(400);
    expect((await send('POST', ANNOUNCEMENTS, { title: 'x', availability: { duration: { type: 'Forever' } } }, admin)).status).toBe(400);
  });
});

describe('content', () => {
  const jacksonItem = (title: string) => ({
    id: null, parentId: null, title, body: null, description: null, created: null, modified: null, position: null,
    hasChildren: null, hasGradebookColumns: null, hasAssociatedGroups: null, launchInNewWindow: null, reviewable: null,
    availability: { available: 'Yes', allowGuests: null, allowObservers: null, adaptiveRelease: { start: null, end: null } },
    contentHandler: null, links: null,
  });

  it('creates content and an assignment from Jackson bodies', async () => {
    const item = await send('POST', lecture, jacksonItem('Jackson page'));
    expect(item.status, JSON.stringify(item.json)).toBe(201);
    const assignment = { title: 'Jackson essay', parentId: null, instructions: null, description: null, position: null, fileUploadIds: null, availability: null, grading: { due: null, attemptsAllowed: null, gradeSchemaId: null, isUnlimitedAttemptsAllowed: null }, score: { possible: null }, originalityReportingTool: null };
    const made = await send('POST', `${lecture}/createAssignment`, assignment);
    expect(made.status, JSON.stringify(made.json)).toBe(201);
  });

  it('takes the root keyword in a Classic course, and still refuses a 751-character description', async () => {
    const folder = await send('POST', chemistry, { ...jacksonItem('Jackson area'), parentId: 'root', contentHandler: { id: 'resource/x-bb-folder' } });
    expect(folder.status, JSON.stringify(folder.json)).toBe(201);
    expect((await send('GET', `${chemistry}/root`, undefined)).status).toBe(200);
    expect((await send('POST', lecture, { ...jacksonItem('Long'), description: 'x'.repeat(751) })).status).toBe(400);
  });
});

describe('adaptive release', () => {
  it('creates and updates criteria from Jackson bodies: nulls of other types, id, and the vendor page\'s "null" date', async () => {
    const item = await send('POST', lecture, { title: 'Released by dates' });
    const rules = `${lecture}/${String(item.json.id)}/adaptiveRelease/rules`;
    const rule = await send('POST', rules, { id: null, title: 'Jackson rule' });
    expect(rule.status, JSON.stringify(rule.json)).toBe(201);
    const criteria = `${rules}/${String(rule.json.id)}/criteria`;
    const body = { id: null, type: 'DateRange', gradeColumnId: null, minScore: null, maxScore: null, startDate: '2026-12-01T00:00:00Z', endDate: 'null' };
    const dates = await send('POST', criteria, body);
    expect(dates.status, JSON.stringify(dates.json)).toBe(201);
    expect(dates.json.endDate ?? null).toBeNull();
    const moved = await send('PATCH', `${criteria}/${String(dates.json.id)}`, { ...body, type: null, startDate: '2026-12-02T00:00:00Z', endDate: null }, admin);
    expect(moved.status, JSON.stringify(moved.json)).toBe(200);
    expect(moved.json.startDate).toBe('2026-12-02T00:00:00.000Z');
    const members = await send('POST', criteria, { id: null, type: 'Memberships', gradeColumnId: null, startDate: null, endDate: null });
    expect(members.status, JSON.stringify(members.json)).toBe(201);
  });

  it('still refuses a field of another type that carries a value, and a title over 100 characters', async () => {
    const item = await send('POST', lecture, { title: 'Refusals' });
    const rules = `${lecture}/${String(item.json.id)}/adaptiveRelease/rules`;
    expect((await send('POST', rules, { title: 'x'.repeat(101) })).status).toBe(400);
    const rule = await send('POST', rules, { title: 'ok' });
    const criteria = `${rules}/${String(rule.json.id)}/criteria`;
    expect((await send('POST', criteria, { type: 'DateRange', endDate: '2026-12-01T00:00:00Z', minScore: 5 })).json.message).toMatch(/does not apply/);
  });
});
