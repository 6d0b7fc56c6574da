import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Announcement, PagedAnnouncements, PartialAnnouncement } from '../../../shared/api/announcements';
import { ErrorBody, pagedEnvelope } from '../../../shared/api/common';
import type { RunningSandbox } from '../../../sandbox/server';
import { call, systemToken, userToken, withSandbox } from '../../support/sandbox';
import { expectLearnShape, solid } from './learn-variety';

// Contract of Learn's system announcements (seed 000 "System announcements"; docs/api-notes/announcements.md).
const API = '/learn/api/public/v1/announcements';
const DAY = 24 * 60 * 60 * 1000;
const AVAILABLE = ['Welcome to Northfield Learn', 'Use your NetID to sign in', 'Library: extended hours before exams', 'Course evaluations are open'];
const EXPIRED = 'Fall registration has closed';
const SCHEDULED = 'Scheduled maintenance: Learn unavailable Saturday 02:00-06:00';

/** An announcement's documented fields that carry a value (answers vary: null or absent, unknown fields added). */
const documented = (a: Announcement): Record<string, unknown> =>
  solid(a, ['id', 'title', 'body', 'availability', 'showAtLogin', 'showInCourses', 'creatorUserId', 'created', 'modified']);

let sandbox: RunningSandbox;
const tokens: Record<string, string> = {};

async function expectCall<S extends z.ZodType>(who: string, method: string, path: string, status: number, schema: S, body?: unknown): Promise<z.infer<S>> {
  const res = await call(sandbox, tokens[who] ?? null, method, path, body);
  expect(res.status, `${method} ${path}: ${res.text}`).toBe(status);
  return expectLearnShape(method, path, res, schema);
}

async function expectError(who: string, method: string, path: string, status: number, body?: unknown): Promise<string> {
  const error = await expectCall(who, method, path, status, ErrorBody, body);
  expect(error.status).toBe(status);
  return error.message ?? '';
}

async function titles(who: string): Promise<string[]> {
  const page = await expectCall(who, 'GET', API, 200, PagedAnnouncements);
  return page.results.map((a) => a.title ?? '');
}

async function byTitle(title: string): Promise<Announcement> {
  const page = await expectCall('admin', 'GET', API, 200, PagedAnnouncements);
  const found = page.results.find((a) => a.title === title);
  expect(found, title).toBeDefined();
  return found!;
}

let studentName = '';

/** Moves the sandbox clock; tokens expire an hour after issue, so fresh ones are minted. */
function advanceClock(ms: number): void {
  sandbox.context().clock.advance(ms);
  mintUserTokens();
}

function mintUserTokens(): void {
  tokens.student = userToken(sandbox, studentName);
  tokens.instructor = userToken(sandbox, 'instructor');
  tokens.admin = userToken(sandbox, 'admin');
  tokens.noRead = userToken(sandbox, 'admin', ['write', 'delete']);
}

beforeAll(async () => {
  sandbox = await withSandbox();
  const ctx = sandbox.context();
  const course = ctx.directory.course('courseId:PSYC-101-F26');
  const student = ctx.directory.courseMemberships(course.id).find((m) => m.courseRoleId === 'Student')!;
  studentName = ctx.directory.users.get(student.userId)!.userName;
  mintUserTokens();
  tokens.system = await systemToken(sandbox);
});

afterAll(async () => {
  await sandbox.close();
});

afterEach(() => {
  sandbox.context().clock.reset();
  mintUserTokens();
});

describe('Get Announcements', () => {
  it('shows a student only the available ones; admins and system tokens see the unavailable too', async () => {
    expect(await titles('student')).toEqual(AVAILABLE);
    expect(await titles('instructor')).toEqual(AVAILABLE);
    const all = await titles('admin');
    expect(all).toHaveLength(6);
    expect(all).toEqual(expect.arrayContaining([...AVAILABLE, EXPIRED, SCHEDULED]));
    expect(await titles('system')).toEqual(all);
  });

  it('follows the clock: a scheduled announcement appears when its start passes, and goes at its end', async () => {
    advanceClock(6 * DAY);
    expect(await titles('student')).toContain(SCHEDULED);
    advanceClock(3 * DAY);
    expect(await titles('student')).not.toContain(SCHEDULED);
  });

  it('pages and trims fields', async () => {
    const first = await expectCall('admin', 'GET', `${API}?limit=4&fields=id,title`, 200, pagedEnvelope(PartialAnnouncement));
    expect(first.results).toHaveLength(4);
    expect(Object.keys(first.results[0]!)).toEqual(['id', 'title']);
    const second = await expectCall('admin', 'GET', first.paging!.nextPage!, 200, pagedEnvelope(PartialAnnouncement));
    expect(second.results).toHaveLength(2);
    expect(second.paging).toBeUndefined();
  });

  it('answers 400 for bad paging and 403 for a token without the read scope', async () => {
    expect(await expectError('student', 'GET', `${API}?offset=-1`, 400)).toMatch(/offset/);
    expect(await expectError('noRead', 'GET', API, 403)).toMatch(/'read' scope/);
  });
});

describe('Create Announcement', () => {
  it('creates with defaults: Permanent, not at login, not in courses; created and modified are set by the server', async () => {
    const before = sandbox.context().clock.now();
    const made = await expectCall('admin', 'POST', API, 201, Announcement, { title: 'Snow day', body: '<p>Campus is <strong>closed</strong>.</p>', created: '2000-01-01T00:00:00.000Z' });
    expect(made).toMatchObject({
      title: 'Snow day',
      body: '<p>Campus is <strong>closed</strong>.</p>',
      availability: { duration: { type: 'Permanent' } },
      showAtLogin: false,
      showInCourses: false,
      creatorUserId: sandbox.context().directory.user('userName:admin').id,
    });
    expect(Date.parse(made.created!)).toBeGreaterThanOrEqual(before - 1000);
    expect(made.modified).toBe(made.created);
    expect(await titles('student')).toContain('Snow day');
  });

  it('creates a Restricted announcement that students see only inside its dates', async () => {
    const now = sandbox.context().clock.now();
    const start = new Date(now + DAY).toISOString();
    const end = new Date(now + 2 * DAY).toISOString();
    const made = await expectCall('system', 'POST', API, 201, Announcement, {
      title: 'Graduation photos',
      availability: { duration: { type: 'Restricted', start, end } },
      showAtLogin: true,
      showInCourses: true,
    });
    expect(made.availability?.duration).toEqual({ type: 'Restricted', start, end });
    expect(made.creatorUserId).toBeUndefined();
    expect(await titles('student')).not.toContain('Graduation photos');
    advanceClock(DAY + 1000);
    expect(await titles('student')).toContain('Graduation photos');
  });

  it('answers 400 without a title, and for a wrong availability or field', async () => {
    expect(await expectError('admin', 'POST', API, 400, { body: '<p>No title</p>' })).toBe('title is missing; an announcement needs a title');
    expect(await expectError('admin', 'POST', API, 400, { title: '   ' })).toMatch(/non-empty/);
    expect(await expectError('admin', 'POST', API, 400, { title: 'T'.repeat(256) })).toBe('Announcement title is 256 characters; the limit is 255');
    expect(await expectError('admin', 'POST', API, 400, { title: 'x', availability: { duration: { type: 'Restricted' } } })).toMatch(/needs a start, an end or both/);
    expect(await expectError('admin', 'POST', API, 400, { title: 'x', availability: { duration: { type: 'Restricted', start: '2026-12-02T00:00:00Z', end: '2026-12-01T00:00:00Z' } } })).toMatch(/must be after start/);
    expect(await expectError('admin', 'POST', API, 400, { title: 'x', availability: { duration: { type: 'Permanent', end: '2026-12-01T00:00:00Z' } } })).toMatch(/Restricted announcements only/);
    expect(await expectError('admin', 'POST', API, 400, { title: 'x', availability: { duration: { type: 'Forever' } } })).toMatch(/Permanent or Restricted/);
    expect(await expectError('admin', 'POST', API, 400, { title: 'x', pinned: true })).toMatch(/Unknown announcement field\(s\): pinned/);
  });

  it('answers 403 to an instructor (no system.announcements.CREATE)', async () => {
    expect(await expectError('instructor', 'POST', API, 403, { title: 'My class is cancelled' })).toMatch(/system\.announcements\.CREATE/);
  });
});

describe('Get Announcement', () => {
  it('returns an available announcement to anyone, with fields', async () => {
    const welcome = await byTitle(AVAILABLE[0]!);
    expect(documented(await expectCall('student', 'GET', `${API}/${welcome.id}`, 200, Announcement))).toEqual(documented(welcome));
    expect(await expectCall('student', 'GET', `${API}/${welcome.id}?fields=title,showAtLogin`, 200, PartialAnnouncement)).toEqual({ title: welcome.title, showAtLogin: true });
  });

  it('answers 403 to a student for an unavailable one, which an admin still reads', async () => {
    const expired = await byTitle(EXPIRED);
    expect(await expectError('student', 'GET', `${API}/${expired.id}`, 403)).toMatch(/not available now/);
    await expectCall('admin', 'GET', `${API}/${expired.id}`, 200, Announcement);
  });

  it('answers 404 for an unknown id', async () => {
    await expectError('student', 'GET', `${API}/_999999_1`, 404);
  });
});

describe('Update Announcement', () => {
  it('changes only the fields sent and stamps modified', async () => {
    const library = await byTitle(AVAILABLE[2]!);
    sandbox.context().clock.advance(60_000);
    const changed = await expectCall('admin', 'PATCH', `${API}/${library.id}`, 200, Announcement, { title: 'Library: 24-hour opening before exams' });
    expect(changed).toMatchObject({ id: library.id, title: 'Library: 24-hour opening before exams', body: library.body, availability: library.availability, created: library.created });
    expect(Date.parse(changed.modified!)).toBeGreaterThan(Date.parse(library.modified!));
  });

  it('ends an announcement early: students stop seeing it', async () => {
    const evaluations = await byTitle(AVAILABLE[3]!);
    const ended = new Date(sandbox.context().clock.now() - 1000).toISOString();
    const changed = await expectCall('admin', 'PATCH', `${API}/${evaluations.id}`, 200, Announcement, { availability: { duration: { type: 'Restricted', end: ended } } });
    expect(changed.availability?.duration).toEqual({ type: 'Restricted', start: evaluations.availability?.duration?.start, end: ended });
    await expectError('student', 'GET', `${API}/${evaluations.id}`, 403);
    const permanent = await expectCall('admin', 'PATCH', `${API}/${evaluations.id}`, 200, Announcement, { availability: { duration: { type: 'Permanent' } } });
    expect(permanent.availability?.duration).toEqual({ type: 'Permanent' });
  });

  it('answers 400 for a bad value or id, 403 to an instructor, 404 for an unknown id', async () => {
    const welcome = await byTitle(AVAILABLE[0]!);
    expect(await expectError('admin', 'PATCH', `${API}/${welcome.id}`, 400, { showAtLogin: 'yes' })).toMatch(/showAtLogin must be true or false/);
    expect(await expectError('admin', 'PATCH', `${API}/welcome`, 400, { title: 'x' })).toMatch(/not an announcement id/);
    expect(await expectError('instructor', 'PATCH', `${API}/${welcome.id}`, 403, { title: 'x' })).toMatch(/system\.announcements\.MODIFY/);
    await expectError('admin', 'PATCH', `${API}/_999999_1`, 404, { title: 'x' });
  });
});

describe('Delete Announcement', () => {
  it('deletes (204); the announcement is gone', async () => {
    const made = await expectCall('admin', 'POST', API, 201, Announcement, { title: 'Temporary' });
    await expectCall('admin', 'DELETE', `${API}/${made.id}`, 204, z.undefined());
    await expectError('admin', 'GET', `${API}/${made.id}`, 404);
    expect(await titles('admin')).not.toContain('Temporary');
  });

  it('answers 400 for a malformed id, 403 to an instructor, 404 for an unknown id', async () => {
    const welcome = await byTitle(AVAILABLE[0]!);
    expect(await expectError('admin', 'DELETE', `${API}/externalId:welcome`, 400)).toMatch(/primary ids only/);
    expect(await expectError('instructor', 'DELETE', `${API}/${welcome.id}`, 403)).toMatch(/system\.announcements\.DELETE/);
    await expectError('admin', 'DELETE', `${API}/_999999_1`, 404);
  });
});
