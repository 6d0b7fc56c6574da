import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '../../../shared/api/common';
import type { RunningSandbox } from '../../../sandbox/server';
import { call, setAvatarPicture, systemToken, userToken, withSandbox } from '../../support/sandbox';

// Get User Avatar as the Swagger describes it: a 302 to a signed, expiring link; 404 for no user
// or no avatar; 403 for a caller who may not see the user; 400 for a malformed id.
let sandbox: RunningSandbox;
const ids = { student: '', other: '', outsider: '' };
let instructor: string;
let student: string;
const avatar = (userId: string): string => `/learn/api/public/v1/users/${userId}/avatar`;

const setPicture = (userId: string, picture: string | null): Promise<void> => setAvatarPicture(sandbox, userId, picture);

beforeAll(async () => {
  sandbox = await withSandbox();
  const dir = sandbox.context().directory;
  const psyc = dir.course('courseId:PSYC-101-F26').id;
  const hist = dir.course('courseId:HIST-310-F26').id;
  const students = dir.courseMemberships(psyc).filter((m) => m.courseRoleId === 'Student').map((m) => m.userId);
  ids.student = students[0]!;
  ids.other = students[1]!;
  // A student of the seminar only, whom the lecture's students share no course with.
  ids.outsider = dir.courseMemberships(hist).find((m) => m.courseRoleId === 'Student' && !dir.membership(psyc, m.userId))!.userId;
  instructor = userToken(sandbox, 'instructor');
  student = userToken(sandbox, dir.users.get(ids.student)!.userName);
});
afterAll(() => sandbox.close());

describe('GET /v1/users/{userId}/avatar', () => {
  it('answers 302 to a signed link on another host, whose bytes are the picture', async () => {
    await setPicture(ids.student, 'jpeg');
    const res = await call(sandbox, instructor, 'GET', avatar(ids.student));
    expect(res.status).toBe(302);
    const link = new URL(res.headers.get('location') ?? '');
    expect(link.host).not.toBe(new URL(sandbox.origin).host);
    expect(link.searchParams.get('signature')).toMatch(/^[0-9a-f]{64}$/);
    const file = await fetch(link);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect([bytes[0], bytes[1]]).toEqual([0xff, 0xd8]);
  });

  it('refuses the link with a bearer token, a changed signature, or once expired', async () => {
    await setPicture(ids.student, 'png');
    const link = new URL((await call(sandbox, instructor, 'GET', avatar(ids.student))).headers.get('location') ?? '');
    expect((await fetch(link, { headers: { Authorization: `Bearer ${instructor}` } })).status).toBe(400);
    const forged = new URL(link);
    forged.searchParams.set('expires', String(Number(link.searchParams.get('expires')) + 1));
    expect((await fetch(forged)).status).toBe(403);
    await sandbox.controlFetch(`/__sandbox/clock`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ advanceMs: 11 * 60_000 }) });
    try {
      expect((await fetch(link)).status).toBe(403);
    } finally {
      await sandbox.controlFetch(`/__sandbox/clock`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ reset: true }) });
    }
  });

  it('answers 404 for a user with no avatar and for no such user, 400 for a malformed id', async () => {
    await setPicture(ids.other, null);
    const none = await call(sandbox, instructor, 'GET', avatar(ids.other));
    expect(none.status).toBe(404);
    expect(ErrorBody.parse(none.json).status).toBe(404);
    expect((await call(sandbox, instructor, 'GET', avatar('_999999_1'))).status).toBe(404);
    expect((await call(sandbox, instructor, 'GET', avatar('nosuchkind:x'))).status).toBe(400);
  });

  it('lets a user see their own and course staff their students; a student not another’s, nobody without a token', async () => {
    await setPicture(ids.student, 'svg');
    await setPicture(ids.other, 'png');
    await setPicture(ids.outsider, 'png');
    expect((await call(sandbox, student, 'GET', avatar('me'))).status).toBe(302);
    expect((await call(sandbox, student, 'GET', avatar(ids.other))).status).toBe(403);
    expect((await call(sandbox, instructor, 'GET', avatar(ids.outsider))).status).toBe(302); // the instructor teaches the seminar too
    expect((await call(sandbox, await systemToken(sandbox), 'GET', avatar(ids.other))).status).toBe(302);
    expect((await call(sandbox, null, 'GET', avatar(ids.other))).status).toBe(401);
  });
});
