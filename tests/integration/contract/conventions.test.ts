import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AttendanceRecord, PagedMeetings } from '../../../shared/api/attendance';
import { ErrorBody } from '../../../shared/api/common';
import type { RunningSandbox } from '../../../sandbox/server';
import { expectValid } from '../../support/contract';
import { expectLearnShape } from './learn-variety';
import { call, userToken, withSandbox } from '../../support/sandbox';

// What every Learn answer shares: quota headers, the error body, and the sandbox's own levers
// (quota, faults, reset) that the app's retry and reconcile logic is tested against.
let sandbox: RunningSandbox;
let instructor: string;
let studentId: string;
const MEETINGS = '/learn/api/public/v1/courses/courseId:PSYC-101-F26/meetings';

beforeAll(async () => {
  sandbox = await withSandbox();
  instructor = userToken(sandbox, 'instructor');
  const dir = sandbox.context().directory;
  studentId = dir.courseMemberships(dir.course('courseId:PSYC-101-F26').id).find((m) => m.courseRoleId === 'Student')!.userId;
});
afterAll(() => sandbox.close());
afterEach(async () => {
  await control('/__sandbox/faults', { latencyMs: 0, serverErrorRate: 0, rateLimitRate: 0, dropAfterApplyRate: 0, pathPattern: null });
  await control('/__sandbox/quota', { limit: 10_000 });
});

async function control(path: string, body: unknown): Promise<unknown> {
  const res = await call(sandbox, null, 'POST', path, body);
  expect(res.status, `${path}: ${res.text}`).toBe(200);
  return res.json;
}

function quotaOf(headers: Headers): { limit: number; remaining: number; reset: number } {
  const read = (name: string): number => {
    const value = headers.get(name);
    expect(value, name).toMatch(/^\d+$/);
    return Number(value);
  };
  return { limit: read('X-Rate-Limit-Limit'), remaining: read('X-Rate-Limit-Remaining'), reset: read('X-Rate-Limit-Reset') };
}

describe('quota', () => {
  it('reports X-Rate-Limit-* on every Learn answer, success or error, counting down', async () => {
    const answers = [
      [instructor, MEETINGS, 200, PagedMeetings],
      [null, MEETINGS, 401, ErrorBody],
      [instructor, `${MEETINGS}/999999`, 404, ErrorBody],
      [instructor, '/learn/api/public/v1/no-such-thing', 404, ErrorBody],
    ] as const;
    let previous: number | undefined;
    for (const [token, path, status, schema] of answers) {
      const res = await call(sandbox, token, 'GET', path);
      expect(res.status).toBe(status);
      expectValid('GET', path, res, schema);
      const quota = quotaOf(res.headers);
      expect(quota.limit).toBe(10_000);
      expect(quota.reset).toBeGreaterThan(0);
      if (previous !== undefined) expect(quota.remaining).toBe(previous - 1);
      previous = quota.remaining;
    }
  });
  // The spent quota's 429, its controls and the shared budget: tests/integration/sandbox-quota.test.ts.
});

describe('faults', () => {
  it('adds latency', async () => {
    await control('/__sandbox/faults', { latencyMs: 250 });
    const started = performance.now();
    const res = await call(sandbox, instructor, 'GET', `${MEETINGS}?limit=1`);
    expect(res.status).toBe(200);
    expectValid('GET', MEETINGS, res, PagedMeetings);
    expect(performance.now() - started).toBeGreaterThanOrEqual(240);
  });

  it('fails a share of requests with 5xx, the same sequence for the same seed', async () => {
    const run = async (seed: number): Promise<number[]> => {
      await control('/__sandbox/faults', { serverErrorRate: 0.4, seed, pathPattern: '/meetings' });
      const statuses: number[] = [];
      for (let i = 0; i < 25; i++) {
        const res = await call(sandbox, instructor, 'GET', `${MEETINGS}?limit=1`);
        expectValid('GET', MEETINGS, res, res.status === 200 ? PagedMeetings : ErrorBody);
        statuses.push(res.status);
      }
      return statuses;
    };
    const first = await run(42);
    expect(first).toContain(200);
    expect(first.filter((s) => s !== 200).every((s) => [500, 502, 503].includes(s))).toBe(true);
    expect(first.filter((s) => s !== 200).length).toBeGreaterThan(3);
    expect(await run(42)).toEqual(first);
    expect(await run(7)).not.toEqual(first);
  });

  it('answers 429 with the configured Retry-After', async () => {
    await control('/__sandbox/faults', { rateLimitRate: 1, retryAfterSeconds: 7 });
    const res = await call(sandbox, instructor, 'GET', MEETINGS);
    expect(res.status).toBe(429);
    expectValid('GET', MEETINGS, res, ErrorBody);
    expect(res.headers.get('Retry-After')).toBe('7');
  });

  it('drops the connection after applying a write: the record exists afterwards', async () => {
    const path = `${MEETINGS}/1020/users/${studentId}`;
    expect((await call(sandbox, instructor, 'DELETE', path)).status).toBe(204);
    await control('/__sandbox/faults', { dropAfterApplyRate: 1, pathPattern: '/meetings/\\d+/users$' });
    await expect(call(sandbox, instructor, 'POST', `${MEETINGS}/1020/users`, { meetingId: 1020, userId: studentId, status: 'Late' })).rejects.toThrow();
    const res = await call(sandbox, instructor, 'GET', path);
    expect(res.status).toBe(200);
    expect(expectLearnShape('GET', path, res, AttendanceRecord)).toMatchObject({ userId: studentId, status: 'Late', meetingId: '1020' });
  });
});

describe('errors and reset', () => {
  it("answers Learn's error body for an unknown path, a bad token and a wrong method", async () => {
    const unknown = await call(sandbox, instructor, 'GET', '/learn/api/public/v1/no-such-thing');
    expect(unknown.status).toBe(404);
    expectValid('GET', '/learn/api/public/v1/no-such-thing', unknown, ErrorBody);
    expect(unknown.json).toEqual({ status: 404, message: expect.stringContaining('/learn/api/public/v1/no-such-thing'), extraInfo: expect.stringMatching(/^[0-9a-f]{32}$/) });
    const badToken = await call(sandbox, 'not-a-token', 'GET', MEETINGS);
    expect(badToken.status).toBe(401);
    expect(expectValid('GET', MEETINGS, badToken, ErrorBody)).toMatchObject({ status: 401, message: 'Bearer token is invalid' });
    const wrongMethod = await call(sandbox, instructor, 'PUT', MEETINGS, {});
    expect(wrongMethod.status).toBe(405);
    expect(expectValid('PUT', MEETINGS, wrongMethod, ErrorBody).message).toMatch(/PUT/);
  });

  it('restores the demo state, clears faults and forgets tokens on /__sandbox/reset', async () => {
    expect((await call(sandbox, instructor, 'DELETE', MEETINGS)).status).toBe(204);
    await control('/__sandbox/faults', { serverErrorRate: 1, pathPattern: '/nothing' });
    await control('/__sandbox/reset', {});
    const forgotten = await call(sandbox, instructor, 'GET', MEETINGS);
    expect(forgotten.status).toBe(401);
    expect(expectValid('GET', MEETINGS, forgotten, ErrorBody)).toMatchObject({ status: 401, message: 'Bearer token is invalid' });
    instructor = userToken(sandbox, 'instructor');
    const res = await call(sandbox, instructor, 'GET', MEETINGS);
    expect(res.status).toBe(200);
    expect(expectValid('GET', MEETINGS, res, PagedMeetings).results).toHaveLength(23);
    const faults = await call(sandbox, null, 'GET', '/__sandbox/faults');
    expect(faults.status).toBe(200);
    expect((faults.json as { config: { serverErrorRate: number } }).config.serverErrorRate).toBe(0);
  });
});
