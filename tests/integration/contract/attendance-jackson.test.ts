import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../sandbox/server';
import { call, userToken, withSandbox } from '../../support/sandbox';
import { swaggerProperties } from './learn-variety';

/**
 * An attendance client built on Jackson, as the vendor's own examples of Learn usage
 * are, writes every field of the Swagger model, `null` where unset, and `meetingId` as the
 * string the Swagger types it. Learn accepts such writes; so must the sandbox, answering as the
 * seed says Learn does (meeting 200, record 201, update 200, bulk 204). Raw fetch, no app code.
 */

/** Serialises like Jackson's default ObjectMapper: every property of the model, `null` when unset. */
function jackson(model: 'CourseMeeting' | 'AttendanceRecord', values: Record<string, unknown>): string {
  const fields = swaggerProperties(model);
  for (const name of Object.keys(values)) if (!fields.includes(name)) throw new Error(`${model} has no property ${name}`);
  return JSON.stringify(Object.fromEntries(fields.map((name) => [name, values[name] ?? null])));
}

let sandbox: RunningSandbox;
let instructor: string;
let courseId: string;
let students: string[];
const PSYC = '/learn/api/public/v1/courses/courseId:PSYC-101-F26/meetings';

async function send(method: string, path: string, json: string): Promise<{ status: number; json: unknown; text: string }> {
  const res = await fetch(`${sandbox.origin}${path}`, { method, headers: { Authorization: `Bearer ${instructor}`, 'Content-Type': 'application/json' }, body: json });
  const text = await res.text();
  return { status: res.status, text, json: text ? (JSON.parse(text) as unknown) : undefined };
}

async function newMeeting(title: string): Promise<number> {
  const made = await send('POST', PSYC, jackson('CourseMeeting', { courseId, title, start: '2026-11-23T15:00:00.000Z', end: '2026-11-23T16:15:00.000Z' }));
  expect(made.status, made.text).toBe(200);
  return (made.json as { id: number }).id;
}

beforeAll(async () => {
  sandbox = await withSandbox();
  const dir = sandbox.context().directory;
  courseId = dir.course('courseId:PSYC-101-F26').id;
  students = dir.courseMemberships(courseId).filter((m) => m.courseRoleId === 'Student').map((m) => m.userId);
  instructor = userToken(sandbox, 'instructor');
});
afterAll(() => sandbox.close());

describe('a Jackson-based client (every unset field null, meetingId a string)', () => {
  it('creates a meeting: 200 with the meeting, description and link left empty', async () => {
    const body = jackson('CourseMeeting', { courseId, title: 'Week 3', start: '2026-11-24T15:00:00.000Z', end: '2026-11-24T16:15:00.000Z' });
    expect(JSON.parse(body)).toMatchObject({ id: null, description: null, externalLink: null });
    const made = await send('POST', PSYC, body);
    expect(made.status, made.text).toBe(200);
    const meeting = made.json as Record<string, unknown>;
    expect(meeting).toMatchObject({ courseId, title: 'Week 3', start: '2026-11-24T15:00:00.000Z', end: '2026-11-24T16:15:00.000Z' });
    expect(Number.isInteger(meeting.id)).toBe(true);
    expect(meeting.description ?? null).toBeNull();
    expect(meeting.externalLink ?? null).toBeNull();
  });

  it('updates a meeting with the same full body (id null, courseId as in create)', async () => {
    const id = await newMeeting('Week 4');
    const changed = await send('PATCH', `${PSYC}/${id}`, jackson('CourseMeeting', { id, courseId, title: 'Week 4 (moved)', start: '2026-11-25T15:00:00.000Z', end: '2026-11-25T16:15:00.000Z' }));
    expect(changed.status, changed.text).toBe(200);
    expect(changed.json).toMatchObject({ id, title: 'Week 4 (moved)', start: '2026-11-25T15:00:00.000Z' });
  });

  it('creates a record with meetingId a string (201) and updates it with the full body (200)', async () => {
    const meetingId = await newMeeting('Records, Jackson style');
    const records = `${PSYC}/${meetingId}/users`;
    const student = students[0] as string;
    const made = await send('POST', records, jackson('AttendanceRecord', { meetingId: String(meetingId), userId: student, status: 'Present' }));
    expect(made.status, made.text).toBe(201);
    expect(made.json).toMatchObject({ userId: student, status: 'Present' });
    expect(String((made.json as { meetingId: unknown }).meetingId)).toBe(String(meetingId));

    const asString = await send('PATCH', `${records}/${student}`, jackson('AttendanceRecord', { meetingId: String(meetingId), userId: student, status: 'Late' }));
    expect(asString.status, asString.text).toBe(200);
    expect(asString.json).toMatchObject({ id: (made.json as { id: number }).id, status: 'Late' });
    const asNumber = await send('PATCH', `${records}/${student}`, JSON.stringify({ meetingId, userId: student, status: 'Excused' }));
    expect(asNumber.status, asNumber.text).toBe(200);
    expect(asNumber.json).toMatchObject({ status: 'Excused' });
  });

  it('refuses an update whose body names another meeting or another user (400)', async () => {
    const meetingId = await newMeeting('Mismatch');
    const records = `${PSYC}/${meetingId}/users`;
    const [student, other] = students as [string, string];
    expect((await send('POST', records, jackson('AttendanceRecord', { meetingId: String(meetingId), userId: student, status: 'Present' }))).status).toBe(201);
    const wrongMeeting = await send('PATCH', `${records}/${student}`, jackson('AttendanceRecord', { meetingId: String(meetingId - 1), userId: student, status: 'Late' }));
    expect(wrongMeeting.status).toBe(400);
    expect((wrongMeeting.json as { message: string }).message).toMatch(/differs from meeting/);
    const wrongUser = await send('PATCH', `${records}/${student}`, jackson('AttendanceRecord', { meetingId: String(meetingId), userId: other, status: 'Late' }));
    expect(wrongUser.status).toBe(400);
    expect((wrongUser.json as { message: string }).message).toMatch(/is not user .* of the path/);
  });

  it('sets every student with a bulk body of nulls but the status (204)', async () => {
    const meetingId = await newMeeting('Bulk, Jackson style');
    const body = jackson('AttendanceRecord', { status: 'Absent' });
    expect(JSON.parse(body)).toMatchObject({ id: null, meetingId: null, userId: null, status: 'Absent' });
    const bulk = await send('POST', `${PSYC}/${meetingId}/users/bulk`, body);
    expect(bulk.status, bulk.text).toBe(204);
    const page = await call(sandbox, instructor, 'GET', `${PSYC}/${meetingId}/users?limit=100`);
    const rows = (page.json as { results: { status: string }[] }).results;
    expect(rows).toHaveLength(100);
    expect(rows.every((r) => r.status === 'Absent')).toBe(true);
  });
});

describe('a repeated record create (after a lost answer)', () => {
  it('is refused with 400 or 409 (undocumented: both occur), and reading then patching the record works', async () => {
    const meetingId = await newMeeting('Lost answer');
    const records = `${PSYC}/${meetingId}/users`;
    const student = students[1] as string;
    const body = jackson('AttendanceRecord', { meetingId: String(meetingId), userId: student, status: 'Present' });
    expect((await send('POST', records, body)).status).toBe(201);
    const codes = new Set<number>();
    for (let i = 0; i < 12; i++) codes.add((await send('POST', records, body)).status);
    expect([...codes].sort()).toEqual([400, 409]);
    const read = await call(sandbox, instructor, 'GET', `${records}/${student}`);
    expect(read.status).toBe(200);
    const patched = await send('PATCH', `${records}/${student}`, jackson('AttendanceRecord', { meetingId: String(meetingId), userId: student, status: 'Late' }));
    expect(patched.status, patched.text).toBe(200);
    expect(patched.json).toMatchObject({ id: (read.json as { id: number }).id, status: 'Late' });
  });

  it('is a 400 in plain shapes (the Swagger lists 400, not 409, for this create)', async () => {
    const plain = await withSandbox({ shapeVariety: false });
    try {
      const token = userToken(plain, 'instructor');
      const base = `/learn/api/public/v1/courses/${courseId}/meetings`;
      const meeting = await call(plain, token, 'POST', base, { courseId, title: 'Plain', description: '', start: '2026-11-23T15:00:00Z', end: '2026-11-23T16:00:00Z' });
      const id = (meeting.json as { id: number }).id;
      const record = { meetingId: id, userId: students[2], status: 'Present' };
      expect((await call(plain, token, 'POST', `${base}/${id}/users`, record)).status).toBe(201);
      expect((await call(plain, token, 'POST', `${base}/${id}/users`, record)).status).toBe(400);
    } finally {
      await plain.close();
    }
  });
});
