import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { AttendanceRecord, Meeting, PagedAttendanceRecords, PagedMeetings } from '../../../shared/api/attendance';
import { ErrorBody } from '../../../shared/api/common';
import { PagedMemberships, type CourseMembership } from '../../../shared/api/users';
import { attendanceOf } from '../../../sandbox/modules/attendance';
import type { RunningSandbox } from '../../../sandbox/server';
import { swaggerErrors } from '../../support/contract';
import { validateAgainstSwagger } from '../../support/swagger';
import { call, systemToken, userToken, withSandbox } from '../../support/sandbox';
import { setBulkCovers } from '../../support/sandbox-controls';
import { expectLearnShape, solid } from './learn-variety';

// Seed 001 against the sandbox: every attendance operation, its success and its errors. Answers come
// in the shapes real Learn writes (unknown fields added; a GUI meeting's `end` null and its other
// empty fields absent; `meetingId` a string), so the checks compare what carries a value.
let sandbox: RunningSandbox;
let instructor: string;
let ta: string;
let student: string;
let system: string;
const MEETING_FIELDS = ['id', 'courseId', 'title', 'description', 'start', 'end', 'externalLink'] as const;
const ids = { psyc: '', hist: '', chem: '', child: '', student: '', histStudent: '', taUser: '', bothStudent: '' };
const PSYC = '/learn/api/public/v1/courses/courseId:PSYC-101-F26/meetings';
const HIST = '/learn/api/public/v1/courses/courseId:HIST-310-F26/meetings';

beforeAll(async () => {
  sandbox = await withSandbox();
  const dir = sandbox.context().directory;
  ids.psyc = dir.course('courseId:PSYC-101-F26').id;
  ids.hist = dir.course('courseId:HIST-310-F26').id;
  ids.chem = dir.course('courseId:CHEM-105-F26').id;
  ids.child = dir.course('courseId:BIOL-220-F26-X').id;
  const students = (course: string) => dir.courseMemberships(course).filter((m) => m.courseRoleId === 'Student').map((m) => m.userId);
  const biol = new Set(students(dir.course('courseId:BIOL-220-F26').id));
  ids.student = students(ids.psyc)[0]!;
  ids.bothStudent = students(ids.psyc).find((u) => biol.has(u))!;
  ids.histStudent = students(ids.hist)[0]!;
  ids.taUser = dir.user('userName:ta').id;
  instructor = userToken(sandbox, 'instructor');
  ta = userToken(sandbox, 'ta');
  student = userToken(sandbox, dir.users.get(ids.student)!.userName);
  system = await systemToken(sandbox);
});
afterAll(() => sandbox.close());

async function expectStatus<S extends z.ZodType>(token: string | null, method: string, path: string, status: number, schema: S, body?: unknown): Promise<z.infer<S>> {
  const res = await call(sandbox, token, method, path, body);
  expect(res.status, `${method} ${path}: ${res.text}`).toBe(status);
  return expectLearnShape(method, path, res, schema);
}
const expectError = (token: string | null, method: string, path: string, status: number, body?: unknown) => expectStatus(token, method, path, status, ErrorBody, body);
async function expectNoContent(token: string, method: string, path: string, body?: unknown): Promise<void> {
  const res = await call(sandbox, token, method, path, body);
  expect(res.status, `${method} ${path}: ${res.text}`).toBe(204);
  expect(res.text).toBe('');
}
const newMeeting = (base: string, courseId: string, title = 'Extra session') =>
  expectStatus(instructor, 'POST', base, 200, Meeting, { courseId, title, description: 'Review', start: '2026-11-23T15:00:00.000Z', end: '2026-11-23T16:15:00.000Z' });
async function allPages(token: string, first: string): Promise<z.infer<typeof AttendanceRecord>[]> {
  const rows: z.infer<typeof AttendanceRecord>[] = [];
  for (let path: string | undefined = first; path; ) {
    const page: z.infer<typeof PagedAttendanceRecords> = await expectStatus(token, 'GET', path, 200, PagedAttendanceRecords);
    rows.push(...page.results);
    path = page.paging?.nextPage;
  }
  return rows;
}

describe('meetings', () => {
  it('lists the lecture term: GUI-made meetings carry only id, courseId, start and a null end', async () => {
    const page = await expectStatus(instructor, 'GET', PSYC, 200, PagedMeetings);
    expect(page.results).toHaveLength(23);
    expect(Object.keys(solid(page.results[0], MEETING_FIELDS)).sort()).toEqual(['courseId', 'id', 'start']);
    expect(page.results[0]!.end ?? null).toBeNull();
    expect(page.results[5]).toMatchObject({ courseId: ids.psyc, title: 'Lecture 6', description: 'Hall A' });
  });

  it('pages, sorts with (desc) and keeps only the requested fields', async () => {
    const first = await expectStatus(instructor, 'GET', `${PSYC}?limit=10&sort=start(desc)&fields=id,courseId,start`, 200, PagedMeetings);
    expect(first.results).toHaveLength(10);
    expect(first.results[0]!.start).toBe('2026-11-18T15:00:00.000Z');
    expect(first.results[0]).not.toHaveProperty('title');
    const next = await expectStatus(instructor, 'GET', first.paging!.nextPage!, 200, PagedMeetings);
    expect(next.results[0]!.start < first.results[9]!.start).toBe(true);
  });

  it('finds the course by externalId:, uuid: and the primary id alike', async () => {
    const uuid = sandbox.context().directory.courses.get(ids.psyc)!.uuid!;
    for (const course of ['externalId:PSYC-101-F26', `uuid:${uuid}`, ids.psyc]) {
      const page = await expectStatus(instructor, 'GET', `/learn/api/public/v1/courses/${course}/meetings?limit=1`, 200, PagedMeetings);
      expect(page.results[0]!.courseId).toBe(ids.psyc);
    }
  });

  it('creates (200, as the seed says), reads, updates and deletes a meeting', async () => {
    const made = await newMeeting(PSYC, ids.psyc);
    expect(made).toMatchObject({ courseId: ids.psyc, title: 'Extra session', end: '2026-11-23T16:15:00.000Z' });
    expect(Number.isInteger(made.id)).toBe(true);
    const path = `${PSYC}/${made.id}`;
    expect(solid(await expectStatus(instructor, 'GET', path, 200, Meeting), MEETING_FIELDS)).toEqual(solid(made, MEETING_FIELDS));
    const changed = await expectStatus(ta, 'PATCH', path, 200, Meeting, { title: 'Exam review', externalLink: 'https://northfield.example.edu/meet/psyc' });
    expect(changed).toMatchObject({ title: 'Exam review', description: 'Review', externalLink: 'https://northfield.example.edu/meet/psyc' });
    await expectError(ta, 'DELETE', path, 403);
    await expectNoContent(instructor, 'DELETE', path);
    await expectError(instructor, 'GET', path, 404);
  });

  it('answers a GUI-made meeting as the vendor page shows it: `"end": null`, no title, description or link keys', async () => {
    const res = await call(sandbox, instructor, 'GET', `${PSYC}/1001`);
    expect(res.status).toBe(200);
    const body = res.json as Record<string, unknown>;
    expect(body).toHaveProperty('end', null);
    expect(MEETING_FIELDS.filter((f) => f in body).sort()).toEqual(['courseId', 'end', 'id', 'start']);
    // The null end is the Swagger's listed defect (Swagger 2.0 cannot say nullable), nothing else.
    expect(validateAgainstSwagger('GET', `${PSYC}/1001`, 200, body)).toEqual({ checked: true, errors: ['/end must be string'] });
    expect(swaggerErrors('GET', `${PSYC}/1001`, res)).toEqual([]);
  });

  it('refuses bad meetings with a 400 that names the field', async () => {
    const good = { courseId: ids.psyc, title: 'T', description: '', start: '2026-11-25T15:00:00Z', end: '2026-11-25T16:15:00Z' };
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...good, end: '2026-11-25T14:00:00Z' }, /end .* is not after its start/],
      [{ ...good, start: 'Monday' }, /start 'Monday' is not an ISO 8601 date-time/],
      [{ ...good, title: undefined }, /title is required/],
      [{ ...good, title: null }, /title is required/],
      [{ ...good, title: '   ' }, /title is empty/],
      [{ ...good, start: null }, /start is required/],
      [{ ...good, courseId: null }, /courseId is required/],
      [{ ...good, title: 'x'.repeat(256) }, /256 characters; the limit is 255/],
      [{ ...good, description: 'x'.repeat(4001) }, /4001 characters; the limit is 4000/],
      [{ ...good, externalLink: `https://example.edu/${'x'.repeat(2048)}` }, /longer than 2048/],
      [{ ...good, courseId: ids.hist }, /is not course PSYC-101-F26 of the path/],
    ];
    for (const [body, message] of cases) expect((await expectError(instructor, 'POST', PSYC, 400, body)).message).toMatch(message);
    expect((await expectError(instructor, 'PATCH', `${PSYC}/1010`, 400, {})).message).toMatch(/changes nothing/);
    expect((await expectError(instructor, 'PATCH', `${PSYC}/1010`, 400, { start: '2026-12-01T10:00:00Z' })).message).toMatch(/not after its start/);
  });

  it('answers 401, 403, 404 and 400 for token, entitlement, unknown ids and child courses', async () => {
    await expectError(null, 'GET', PSYC, 401);
    await expectError(student, 'GET', PSYC, 403);
    await expectError(student, 'GET', `${PSYC}/1005`, 403);
    await expectError(student, 'POST', PSYC, 403, { courseId: ids.psyc });
    await expectError(instructor, 'GET', '/learn/api/public/v1/courses/courseId:NOPE-000/meetings', 404);
    await expectError(instructor, 'GET', `${PSYC}/999999`, 404);
    await expectError(instructor, 'PATCH', `${PSYC}/999999`, 404, { title: 'x' });
    await expectError(instructor, 'DELETE', `${PSYC}/999999`, 404);
    expect((await expectError(instructor, 'GET', `${PSYC}/abc`, 400)).message).toMatch(/positive integers/);
    const histMeeting = (await expectStatus(instructor, 'GET', HIST, 200, PagedMeetings)).results[0]!;
    await expectError(instructor, 'GET', `${PSYC}/${histMeeting.id}`, 404);
    const child = await expectError(instructor, 'GET', `/learn/api/public/v1/courses/${ids.child}/meetings`, 400);
    expect(child.message).toMatch(/taken in that parent course/);
  });

  it('deletes every meeting of a course (TA may not) and their records with them', async () => {
    const base = `/learn/api/public/v1/courses/${ids.chem}/meetings`;
    const made = await newMeeting(base, ids.chem);
    await expectNoContent(instructor, 'POST', `${base}/${made.id}/users/bulk`, { status: 'Present' });
    await expectNoContent(instructor, 'DELETE', base);
    expect((await expectStatus(instructor, 'GET', base, 200, PagedMeetings)).results).toEqual([]);
    await expectError(instructor, 'GET', `${base}/${made.id}/users`, 404);
    await expectError(ta, 'DELETE', PSYC, 403);
  });

  it('says the CSV export does not work (501) after checking entitlement', async () => {
    expect((await expectError(instructor, 'GET', `${PSYC}/downloadUrl`, 501)).message).toMatch(/CSV export .* does not work/);
    await expectError(student, 'GET', `${PSYC}/downloadUrl`, 403);
  });
});

describe('attendance records', () => {
  it('creates a record (201) with meetingId as a string; a second POST is refused (400 or 409); PATCH changes it', async () => {
    const meeting = await newMeeting(PSYC, ids.psyc, 'Records');
    const users = `${PSYC}/${meeting.id}/users`;
    const made = await expectStatus(instructor, 'POST', users, 201, AttendanceRecord, { meetingId: meeting.id, userId: ids.student, status: 'Late' });
    const read = await call(sandbox, instructor, 'GET', `${users}/${ids.student}`);
    expect(read.status, read.text).toBe(200);
    expectLearnShape('GET', `${users}/${ids.student}`, read, AttendanceRecord);
    expect(read.json).toMatchObject({ id: made.id, status: 'Late' });
    expect(String((read.json as { meetingId: unknown }).meetingId)).toBe(String(meeting.id));
    expect(made).toMatchObject({ meetingId: String(meeting.id), userId: ids.student, status: 'Late', modifiedByUserId: sandbox.context().directory.user('userName:instructor').id });
    // Neither the seed nor the Swagger documents this refusal (the Swagger lists 400): either code.
    const again = await call(sandbox, instructor, 'POST', users, { meetingId: meeting.id, userId: ids.student, status: 'Present' });
    expect([400, 409]).toContain(again.status);
    expect((again.json as { message: string }).message).toMatch(/already has attendance record .* PATCH/);
    const changed = await expectStatus(ta, 'PATCH', `${users}/${ids.student}`, 200, AttendanceRecord, { meetingId: meeting.id, userId: ids.student, status: 'Excused' });
    expect(changed).toMatchObject({ id: made.id, status: 'Excused', modifiedByUserId: ids.taUser });
    const byName = sandbox.context().directory.users.get(ids.student)!.userName;
    expect(await expectStatus(instructor, 'GET', `${users}/userName:${byName}?fields=id,meetingId,userId,status`, 200, AttendanceRecord)).toEqual({
      id: made.id, meetingId: String(meeting.id), userId: ids.student, status: 'Excused',
    });
    await expectError(ta, 'DELETE', `${users}/${ids.student}`, 403);
    await expectNoContent(instructor, 'DELETE', `${users}/${ids.student}`);
    await expectError(instructor, 'GET', `${users}/${ids.student}`, 404);
    await expectError(instructor, 'PATCH', `${users}/${ids.student}`, 404, { status: 'Present' });
    await expectError(instructor, 'DELETE', `${users}/${ids.student}`, 404);
  });

  it('refuses bad records: status outside the four, ids that do not match, people not on the roll', async () => {
    const users = `${PSYC}/1010/users`;
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ meetingId: 1010, userId: ids.student, status: 'Here' }, /'Here' is not valid; use one of Present, Absent, Late, Excused/],
      [{ meetingId: 'ten', userId: ids.student, status: 'Present' }, /"ten" is not a meeting id/],
      [{ meetingId: 10.5, userId: ids.student, status: 'Present' }, /is not a meeting id/],
      [{ meetingId: 1011, userId: ids.student, status: 'Present' }, /differs from meeting 1010/],
      [{ meetingId: '1011', userId: ids.student, status: 'Present' }, /differs from meeting 1010/],
      [{ meetingId: null, userId: ids.student, status: 'Present' }, /meetingId is required/],
      [{ meetingId: 1010, userId: ids.student, status: null }, /status is required/],
      [{ meetingId: 1010, userId: '_999999_1', status: 'Present' }, /names no user/],
      [{ meetingId: 1010, userId: ids.histStudent, status: 'Present' }, /is not enrolled in course PSYC-101-F26/],
      [{ meetingId: 1010, userId: ids.taUser, status: 'Present' }, /enrolled as TeachingAssistant/],
      [{ meetingId: 1010, status: 'Present' }, /userId is required/],
    ];
    for (const [body, message] of cases) expect((await expectError(instructor, 'POST', users, 400, body)).message).toMatch(message);
    await expectError(instructor, 'PATCH', `${users}/${ids.student}`, 400, { status: 'present' });
    await expectError(instructor, 'PATCH', `${users}/${ids.student}`, 400, { userId: ids.histStudent, status: 'Present' });
    expect((await expectError(instructor, 'PATCH', `${users}/${ids.student}`, 400, { meetingId: '1011', userId: ids.student, status: 'Present' })).message).toMatch(/differs from meeting 1010/);
    expect((await expectError(instructor, 'PATCH', `${users}/${ids.student}`, 400, { meetingId: 1010, userId: ids.student })).message).toMatch(/status is required/);
  });

  it('answers 401, 403 and 404 for records', async () => {
    const users = `${PSYC}/1010/users`;
    await expectError(null, 'POST', users, 401, { meetingId: 1010, userId: ids.student, status: 'Present' });
    await expectError(student, 'POST', users, 403, { meetingId: 1010, userId: ids.student, status: 'Present' });
    await expectError(student, 'GET', `${users}/${ids.student}`, 403);
    await expectError(student, 'PATCH', `${users}/${ids.student}`, 403, { status: 'Present' });
    await expectError(instructor, 'GET', `${users}/_999999_1`, 404);
    await expectError(instructor, 'POST', `${PSYC}/999999/users`, 404, { meetingId: 999999, userId: ids.student, status: 'Present' });
  });

  it('lists a meeting\'s 300 records in pages of 100 by following paging.nextPage', async () => {
    const rows = await allPages(instructor, `${PSYC}/1012/users`);
    expect(rows).toHaveLength(300);
    expect(new Set(rows.map((r) => r.userId)).size).toBe(300);
    expect(rows.every((r) => r.meetingId === '1012' && Number.isInteger(r.id))).toBe(true);
    const sorted = await expectStatus(instructor, 'GET', `${PSYC}/1012/users?sort=status(desc)&limit=5`, 200, PagedAttendanceRecords);
    expect(sorted.results[0]!.status).toBe('Present');
  });

  it("lists one user's records across the course's meetings (and only that course's)", async () => {
    const rows = await allPages(system, `${PSYC}/users/${ids.bothStudent}`);
    const psycMeetings = new Set((await expectStatus(instructor, 'GET', PSYC, 200, PagedMeetings)).results.map((m) => String(m.id)));
    expect(rows.length).toBeGreaterThanOrEqual(23);
    expect(rows.every((r) => psycMeetings.has(r.meetingId) && r.userId === ids.bothStudent)).toBe(true);
    await expectError(student, 'GET', `${PSYC}/users/${ids.student}`, 403);
    await expectError(instructor, 'GET', `${PSYC}/users/${ids.histStudent}`, 404);
    await expectError(instructor, 'GET', `${PSYC}/users/_999999_1`, 404);
    await expectError(system, 'GET', `${PSYC}/users/me`, 400);
  });

  it("deletes a meeting's records, a user's records in a course, and a user's records everywhere", async () => {
    await expectError(ta, 'DELETE', `${PSYC}/1013/users`, 403);
    await expectNoContent(instructor, 'DELETE', `${PSYC}/1013/users`);
    expect((await expectStatus(instructor, 'GET', `${PSYC}/1013/users`, 200, PagedAttendanceRecords)).results).toEqual([]);

    await expectError(ta, 'DELETE', `${PSYC}/users/${ids.student}`, 403);
    await expectNoContent(instructor, 'DELETE', `${PSYC}/users/${ids.student}`);
    expect((await expectStatus(instructor, 'GET', `${PSYC}/users/${ids.student}`, 200, PagedAttendanceRecords)).results).toEqual([]);

    const biol = '/learn/api/public/v1/courses/courseId:BIOL-220-F26/meetings';
    expect((await expectStatus(instructor, 'GET', `${biol}/users/${ids.bothStudent}`, 200, PagedAttendanceRecords)).results.length).toBeGreaterThan(0);
    await expectNoContent(instructor, 'DELETE', `${PSYC}/users/${ids.bothStudent}/all`);
    for (const base of [PSYC, biol]) {
      expect((await expectStatus(instructor, 'GET', `${base}/users/${ids.bothStudent}`, 200, PagedAttendanceRecords)).results).toEqual([]);
    }
    await expectError(instructor, 'DELETE', `${PSYC}/users/_999999_1/all`, 404);
  });
});

describe('bulk status', () => {
  // Swagger: "Creates or updates attendance records for the meeting for all users in the course."
  // Whom it covers is a sandbox control: the course (default) or the students on the roll.
  afterEach(() => setBulkCovers(sandbox, 'course'));
  /** The course's members as Learn lists them, as `userId role`. */
  async function membersOf(courseId: string, keep: (m: z.infer<typeof CourseMembership>) => boolean = () => true): Promise<string[]> {
    const out: string[] = [];
    for (let path: string | undefined = `/learn/api/public/v1/courses/${courseId}/users`; path; ) {
      const page: z.infer<typeof PagedMemberships> = await expectStatus(instructor, 'GET', path, 200, PagedMemberships);
      out.push(...page.results.filter(keep).map((m) => m.userId));
      path = page.paging?.nextPage;
    }
    return out.sort();
  }
  const userIdsOf = (rows: { userId: string }[]): string[] => rows.map((r) => r.userId).sort();

  it('sets the status of every member of the lecture (204), instructors and TAs included, creating and changing records', async () => {
    const meeting = await newMeeting(PSYC, ids.psyc, 'Bulk');
    const users = `${PSYC}/${meeting.id}/users`;
    await expectStatus(instructor, 'POST', users, 201, AttendanceRecord, { meetingId: meeting.id, userId: ids.student, status: 'Late' });
    await expectNoContent(instructor, 'POST', `${users}/bulk`, { status: 'Excused' });
    let rows = await allPages(instructor, users);
    const members = await membersOf(ids.psyc);
    expect(userIdsOf(rows)).toEqual(members);
    expect(members).toContain(ids.taUser);
    expect(rows.every((r) => r.status === 'Excused')).toBe(true);
    await expectNoContent(ta, 'POST', `${users}/bulk`, { status: 'Absent', meetingId: meeting.id, userId: ids.student });
    rows = await allPages(instructor, users);
    expect(userIdsOf(rows)).toEqual(members);
    expect(rows.every((r) => r.status === 'Absent')).toBe(true);
  });

  it("covers the seminar's instructor and guest by default, only its available students when set to students", async () => {
    const everyone = await newMeeting(HIST, ids.hist, 'Bulk seminar');
    await expectNoContent(instructor, 'POST', `${HIST}/${everyone.id}/users/bulk`, { status: 'Present' });
    const members = await membersOf(ids.hist);
    expect(userIdsOf(await allPages(instructor, `${HIST}/${everyone.id}/users`))).toEqual(members);

    expect(await setBulkCovers(sandbox, 'students')).toEqual({ bulkCovers: 'students' });
    const studentsOnly = await newMeeting(HIST, ids.hist, 'Bulk seminar, students');
    await expectNoContent(instructor, 'POST', `${HIST}/${studentsOnly.id}/users/bulk`, { status: 'Present' });
    const roll = await membersOf(ids.hist, (m) => m.courseRoleId === 'Student' && m.availability?.available !== 'No');
    const rows = await allPages(instructor, `${HIST}/${studentsOnly.id}/users`);
    expect(userIdsOf(rows)).toEqual(roll);
    expect(rows.length).toBeLessThan(members.length); // the instructor and the guest auditor are left out
    expect(rows.every((r) => r.status === 'Present')).toBe(true);
  });

  it('refuses a bad status (400), a student (403) and an unknown meeting (404)', async () => {
    expect((await expectError(instructor, 'POST', `${PSYC}/1010/users/bulk`, 400, { status: 'Gone' })).message).toMatch(/use one of Present, Absent, Late, Excused/);
    await expectError(instructor, 'POST', `${PSYC}/1010/users/bulk`, 400, { status: 'Present', meetingId: 1011 });
    await expectError(student, 'POST', `${PSYC}/1010/users/bulk`, 403, { status: 'Present' });
    await expectError(null, 'POST', `${PSYC}/1010/users/bulk`, 401, { status: 'Present' });
    await expectError(instructor, 'POST', `${PSYC}/999999/users/bulk`, 404, { status: 'Present' });
  });
});

describe('every operation', () => {
  it('refuses a missing token (401) and a student (403), changing nothing', async () => {
    const record = { meetingId: 1015, userId: ids.student, status: 'Absent' };
    const operations: [string, string, unknown?][] = [
      ['GET', PSYC], ['POST', PSYC, { courseId: ids.psyc, title: 'T', description: '', start: '2026-11-25T15:00:00Z', end: '2026-11-25T16:00:00Z' }], ['DELETE', PSYC],
      ['GET', `${PSYC}/downloadUrl`], ['GET', `${PSYC}/1015`], ['PATCH', `${PSYC}/1015`, { title: 'T' }], ['DELETE', `${PSYC}/1015`],
      ['GET', `${PSYC}/1015/users`], ['POST', `${PSYC}/1015/users`, record], ['DELETE', `${PSYC}/1015/users`], ['POST', `${PSYC}/1015/users/bulk`, { status: 'Absent' }],
      ['GET', `${PSYC}/1015/users/${ids.student}`], ['PATCH', `${PSYC}/1015/users/${ids.student}`, { status: 'Absent' }], ['DELETE', `${PSYC}/1015/users/${ids.student}`],
      ['GET', `${PSYC}/users/${ids.student}`], ['DELETE', `${PSYC}/users/${ids.student}`], ['DELETE', `${PSYC}/users/${ids.student}/all`],
    ];
    const before = await allPages(instructor, `${PSYC}/1015/users`);
    for (const [method, path, body] of operations) {
      await expectError(null, method, path, 401, body);
      await expectError(student, method, path, 403, body);
    }
    const facts = (rows: typeof before) => rows.map((r) => ({ id: r.id, meetingId: String(r.meetingId), userId: r.userId, status: r.status, modifiedTime: r.modifiedTime }));
    expect(facts(await allPages(instructor, `${PSYC}/1015/users`))).toEqual(facts(before));
    expect((await expectStatus(instructor, 'GET', PSYC, 200, PagedMeetings)).results.length).toBeGreaterThanOrEqual(23);
  });
});

describe('origin rule', () => {
  it('a meeting made through the API cannot be marked in the GUI; a GUI meeting can', () => {
    const book = attendanceOf(sandbox.context());
    const now = '2026-11-23T15:00:00.000Z';
    const apiMeeting = book.meetingsOf(ids.psyc).find((m) => m.origin === 'api')!;
    expect(() => book.setStatusInGui(apiMeeting.id, ids.student, 'Absent', now, ids.taUser)).toThrow(/only through the API/);
    expect(book.setStatusInGui(1001, ids.student, 'Absent', now, ids.taUser).status).toBe('Absent');
  });
});
