import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '../../shared/api/common';
import { PagedMeetings } from '../../shared/api/attendance';
import type { RunningSandbox } from '../../sandbox/server';
import { DEMO_PASSWORD } from '../../sandbox/modules/institution';
import { expectValid } from '../support/contract';
import { call, systemToken, userToken, userTokenViaLogin, withSandbox } from '../support/sandbox';
import { advanceClock, readQuota, setQuota } from '../support/sandbox-controls';

// The site's daily request quota as the vendor's quotas page describes it (groups-quotas-rates.md):
// one budget per site for every client of the application, X-Rate-Limit-* on every answer, and a
// 429 once it is spent, with no Retry-After unless a test asks for one.
let sandbox: RunningSandbox;
let instructor: string;
const MEETINGS = '/learn/api/public/v1/courses/courseId:PSYC-101-F26/meetings';
const DAY_SECONDS = 24 * 60 * 60;

beforeAll(async () => {
  sandbox = await withSandbox();
  instructor = userToken(sandbox, 'instructor');
});
afterAll(() => sandbox.close());
afterEach(async () => {
  await setQuota(sandbox, { limit: 10_000, resetForm: 'seconds', retryAfter: null });
});

function quotaOf(headers: Headers): { limit: number; remaining: number; reset: number } {
  const read = (name: string): number => {
    const value = headers.get(name);
    expect(value, name).toMatch(/^\d+$/);
    return Number(value);
  };
  return { limit: read('X-Rate-Limit-Limit'), remaining: read('X-Rate-Limit-Remaining'), reset: read('X-Rate-Limit-Reset') };
}

const meetings = (token: string) => call(sandbox, token, 'GET', `${MEETINGS}?limit=1`);

describe("the site's daily quota", () => {
  it('is one budget for every client of the application: two users, a system token and a signed-in app draw on it', async () => {
    const clients = [instructor, userToken(sandbox, 'ta'), await systemToken(sandbox), await userTokenViaLogin(sandbox, 'cowens', DEMO_PASSWORD)];
    expect(await setQuota(sandbox, { limit: 50, remaining: clients.length })).toMatchObject({ limit: 50, used: 50 - clients.length, remaining: clients.length });
    const remaining: number[] = [];
    for (const token of clients) {
      const res = await meetings(token);
      expect(res.status).toBe(200);
      remaining.push(quotaOf(res.headers).remaining);
    }
    expect(remaining).toEqual([3, 2, 1, 0]);
    for (const token of clients) expect((await meetings(token)).status).toBe(429);
    expect(await readQuota(sandbox)).toMatchObject({ limit: 50, used: 50, remaining: 0 });
  });

  it('answers 429 in Learn\'s error shape, with no Retry-After, once spent', async () => {
    await setQuota(sandbox, { limit: 2 });
    expect((await meetings(instructor)).status).toBe(200);
    expect((await meetings(instructor)).status).toBe(200);
    const spent = await call(sandbox, instructor, 'GET', MEETINGS);
    expect(spent.status).toBe(429);
    const body = expectValid('GET', MEETINGS, spent, ErrorBody);
    expect(body).toMatchObject({ status: 429, message: expect.stringMatching(/daily request quota/) });
    expect(body.developerMessage).toMatch(/All 2 REST calls/);
    expect(body.extraInfo).toMatch(/^[0-9a-f]{32}$/);
    expect(spent.headers.get('Retry-After')).toBeNull();
    const quota = quotaOf(spent.headers);
    expect(quota).toMatchObject({ limit: 2, remaining: 0 });
    expect(quota.reset).toBeGreaterThan(0);
    expect(quota.reset).toBeLessThanOrEqual(DAY_SECONDS);
  });

  it('adds Retry-After when told: fixed seconds, or the time until the reset', async () => {
    await setQuota(sandbox, { limit: 5, remaining: 0, retryAfter: 30 });
    expect((await meetings(instructor)).headers.get('Retry-After')).toBe('30');
    await setQuota(sandbox, { retryAfter: 'reset', resetInSeconds: 600 });
    const spent = await meetings(instructor);
    expect(spent.status).toBe(429);
    const retryAfter = Number(spent.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(590);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(quotaOf(spent.headers).reset).toBe(retryAfter);
  });

  it('writes X-Rate-Limit-Reset as seconds to go, or as the epoch second of the reset when told', async () => {
    const set = await setQuota(sandbox, { resetInSeconds: 3600 });
    const toGo = quotaOf((await meetings(instructor)).headers).reset;
    expect(toGo).toBeGreaterThan(3590);
    expect(toGo).toBeLessThanOrEqual(3600);
    await setQuota(sandbox, { resetForm: 'epoch' });
    const epoch = quotaOf((await meetings(instructor)).headers).reset;
    expect(epoch).toBe(Math.ceil(Date.parse(set.resetAt) / 1000));
    expect((await readQuota(sandbox)).resetForm).toBe('epoch');
  });

  it('refills when the sandbox clock passes the reset, for a new day-long window', async () => {
    await setQuota(sandbox, { limit: 20, remaining: 0, resetInSeconds: 120 });
    expect((await meetings(instructor)).status).toBe(429);
    await advanceClock(sandbox, 60_000);
    expect((await meetings(instructor)).status).toBe(429);
    await advanceClock(sandbox, 61_000);
    const res = await meetings(instructor);
    expect(res.status).toBe(200);
    expectValid('GET', MEETINGS, res, PagedMeetings);
    const quota = quotaOf(res.headers);
    expect(quota).toMatchObject({ limit: 20, remaining: 19 });
    expect(quota.reset).toBeGreaterThan(DAY_SECONDS - 10);
    expect(await readQuota(sandbox)).toMatchObject({ used: 1, remaining: 19 });
  });

  it('starts with the answers its start options name, and a world reset goes back to them, not to the defaults', async () => {
    const other = await withSandbox({ dailyQuota: 7, quotaResetForm: 'epoch', quotaRetryAfter: 'reset', bulkCovers: 'students' });
    try {
      await setQuota(other, { retryAfter: null, resetForm: 'seconds', remaining: 0 });
      expect((await call(other, null, 'POST', '/__sandbox/reset')).status).toBe(200);
      const state = await readQuota(other);
      expect(state).toMatchObject({ limit: 7, remaining: 7, resetForm: 'epoch', retryAfter: 'reset' });
      expect((await call(other, null, 'GET', '/__sandbox/attendance')).json).toEqual({ bulkCovers: 'students' });
      const res = await call(other, userToken(other, 'instructor'), 'GET', `${MEETINGS}?limit=1`);
      expect(quotaOf(res.headers).reset).toBe(Math.ceil(Date.parse(state.resetAt) / 1000));
    } finally {
      await other.close();
    }
  });

  it('refuses control values outside the documented ranges', async () => {
    for (const body of [{ remaining: -1 }, { resetInSeconds: 0 }, { resetInSeconds: DAY_SECONDS + 1 }, { resetForm: 'iso' }, { retryAfter: 'later' }, { unknown: 1 }]) {
      expect((await call(sandbox, null, 'POST', '/__sandbox/quota', body)).status, JSON.stringify(body)).toBe(400);
    }
  });
});
