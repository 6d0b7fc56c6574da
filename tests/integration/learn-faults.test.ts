import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/server';
import { ApiError } from '../../electron/core/http/api-error';
import type { RetryEvent } from '../../electron/core/http/http-client';
import { withSandbox } from '../support/sandbox';
import { PSYC, collect, learnAs, routeCount, setFaults } from './learn-support';

/**
 * The retry policy as a user meets it, against the sandbox's fault injection: Learn busy (429
 * with Retry-After), Learn failing for a moment (502/503/504), answers lost after a change was
 * made, slow answers. The server "recovers" from inside the onRetry hook, as a real outage ends.
 */

const MEETINGS = 'meetings$';
const MEETINGS_ROUTE = 'POST /learn/api/public/v1/courses/:courseId/meetings';
const RECORD_PATCH_ROUTE = 'PATCH /learn/api/public/v1/courses/:courseId/meetings/:meetingId/users/:userId';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await withSandbox();
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(() => {
  sandbox.reset();
});

/** Retries seen, and the server healed after `failures` of them. */
function recoverAfter(failures: number): { events: RetryEvent[]; onRetry: (e: RetryEvent) => void } {
  const events: RetryEvent[] = [];
  return {
    events,
    onRetry: (event) => {
      events.push(event);
      if (events.length >= failures) sandbox.configureFaults({ serverErrorRate: 0, rateLimitRate: 0, dropAfterApplyRate: 0 });
    },
  };
}

describe('Learn busy or failing for a moment', () => {
  it('waits at least as long as Retry-After says, then succeeds', async () => {
    const { events, onRetry } = recoverAfter(1);
    const { learn } = learnAs(sandbox, 'instructor', { onRetry });
    await setFaults(sandbox, { rateLimitRate: 1, retryAfterSeconds: 1, pathPattern: MEETINGS });
    const started = Date.now();
    const meetings = await collect(learn.attendance.listMeetings(PSYC));
    const waited = Date.now() - started;
    expect(meetings).toHaveLength(23);
    expect(waited).toBeGreaterThanOrEqual(1000);
    expect(waited).toBeLessThan(10_000);
    expect(events).toMatchObject([{ reason: 'HTTP 429', attempt: 1, operation: 'list the meetings of courseId:PSYC-101-F26' }]);
    expect(events[0]!.delayMs).toBeGreaterThanOrEqual(1000);
    expect(sandbox.context().faults.injected.rateLimited).toBe(1);
  });

  it('does not sleep through a Retry-After over two minutes: the user is told how long', async () => {
    const { events, onRetry } = recoverAfter(99);
    const { learn } = learnAs(sandbox, 'instructor', { onRetry });
    await setFaults(sandbox, { rateLimitRate: 1, retryAfterSeconds: 600, pathPattern: MEETINGS });
    const started = Date.now();
    const error = await collect(learn.attendance.listMeetings(PSYC)).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'http', status: 429, retryAfterMs: 600_000 });
    expect((error as ApiError).message).toMatch(/list the meetings of courseId:PSYC-101-F26.*wait 10 minutes/);
    expect(events).toHaveLength(0);
  });

  it.each([502, 503, 504])('repeats a GET answered %i until Learn recovers', async (status) => {
    const { events, onRetry } = recoverAfter(2);
    const { learn } = learnAs(sandbox, 'instructor', { onRetry });
    await setFaults(sandbox, { serverErrorRate: 1, serverErrorStatuses: [status], pathPattern: MEETINGS });
    const meetings = await collect(learn.attendance.listMeetings(PSYC));
    expect(meetings).toHaveLength(23);
    expect(events.map((e) => e.reason)).toEqual([`HTTP ${status}`, `HTTP ${status}`]);
    // Exponential: the second wait is at least the first (equal jitter: [b/2, b], then [b, 2b]).
    expect(events[1]!.delayMs).toBeGreaterThanOrEqual(events[0]!.delayMs);
  });

  it('gives up after four attempts with a message naming what failed', async () => {
    const { events, onRetry } = recoverAfter(99);
    const { learn } = learnAs(sandbox, 'instructor', { onRetry });
    await setFaults(sandbox, { serverErrorRate: 1, serverErrorStatuses: [503], pathPattern: MEETINGS });
    const error = (await collect(learn.attendance.listMeetings(PSYC)).catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ kind: 'http', status: 503, attempts: 4, method: 'GET' });
    expect(error.url).toBe(`${sandbox.learnUrl}/api/public/v1/courses/courseId:PSYC-101-F26/meetings`);
    expect(error.message).toBe('Could not list the meetings of courseId:PSYC-101-F26: Learn answered 503 ("Injected server error (sandbox fault)"). Learn had a problem; try again later.');
    expect(error.body).toMatchObject({ format: 'learn', body: { status: 503 } });
    expect(events).toHaveLength(3);
  });

  it('repeats a read answered 500 (a read changes nothing) and succeeds when Learn recovers', async () => {
    const { events, onRetry } = recoverAfter(1);
    const { learn } = learnAs(sandbox, 'instructor', { onRetry });
    await setFaults(sandbox, { serverErrorRate: 1, serverErrorStatuses: [500], pathPattern: MEETINGS });
    expect(await collect(learn.attendance.listMeetings(PSYC))).toHaveLength(23);
    expect(events.map((e) => e.reason)).toEqual(['HTTP 500']);
  });

  it('does not repeat a write answered 500: the change may have been made, and the caller decides', async () => {
    const { events, onRetry } = recoverAfter(99);
    const { learn } = learnAs(sandbox, 'instructor', { onRetry });
    await setFaults(sandbox, { serverErrorRate: 1, serverErrorStatuses: [500], pathPattern: 'users/[^/]+$' });
    const [meeting] = await collect(learn.attendance.listMeetings(PSYC));
    const [record] = await collect(learn.attendance.listRecords(PSYC, meeting!.id));
    await expect(learn.attendance.updateRecord(PSYC, meeting!.id, record!.userId, { status: 'Excused' })).rejects.toMatchObject({ kind: 'http', status: 500, attempts: 1, method: 'PATCH' });
    expect(events).toHaveLength(0);
  });

  it('never repeats a POST answered 503: the caller decides', async () => {
    const { events, onRetry } = recoverAfter(99);
    const { learn } = learnAs(sandbox, 'instructor', { onRetry });
    await setFaults(sandbox, { serverErrorRate: 1, serverErrorStatuses: [503], pathPattern: MEETINGS });
    const meeting = { courseId: PSYC, title: 'Review', description: '', start: '2026-12-01T15:00:00Z', end: '2026-12-01T16:00:00Z' };
    await expect(learn.attendance.createMeeting(PSYC, meeting)).rejects.toMatchObject({ kind: 'http', status: 503, attempts: 1 });
    expect(events).toHaveLength(0);
  });
});

describe('answers lost after Learn made the change', () => {
  it('repeats a PATCH whose connection dropped, and the record ends as the user set it', async () => {
    const { events, onRetry } = recoverAfter(1);
    const { learn } = learnAs(sandbox, 'instructor', { onRetry });
    const [first] = await collect(learn.attendance.listRecords(PSYC, 1001, { sort: ['userId'] }));
    const target = first!.status === 'Absent' ? 'Excused' : 'Absent';
    await setFaults(sandbox, { dropAfterApplyRate: 1, pathPattern: '/users/[^/]+$' });
    const updated = await learn.attendance.updateRecord(PSYC, 1001, first!.userId, { status: target });
    expect(updated.status).toBe(target);
    expect(events).toMatchObject([{ reason: 'network', method: 'PATCH' }]);
    expect(await routeCount(sandbox, RECORD_PATCH_ROUTE)).toBe(2);
    expect((await learn.attendance.getRecord(PSYC, 1001, first!.userId)).status).toBe(target);
  });

  it('repeats a GET whose answer was lost on the way, and returns the meeting', async () => {
    const { events, onRetry } = recoverAfter(1);
    const { learn } = learnAs(sandbox, 'instructor', { onRetry });
    await setFaults(sandbox, { dropAfterApplyRate: 1, dropMethods: ['GET'], pathPattern: '/meetings/1002$' });
    const meeting = await learn.attendance.getMeeting(PSYC, 1002);
    expect(meeting.id).toBe(1002);
    expect(events).toMatchObject([{ reason: 'network', method: 'GET' }]);
    expect(await routeCount(sandbox, 'GET /learn/api/public/v1/courses/:courseId/meetings/:meetingId')).toBe(2);
  });

  it('counts a repeated DELETE that finds the meeting gone as done', async () => {
    const { events, onRetry } = recoverAfter(1);
    const { learn } = learnAs(sandbox, 'instructor', { onRetry });
    await setFaults(sandbox, { dropAfterApplyRate: 1, pathPattern: '/meetings/1005$' });
    await learn.attendance.deleteMeeting(PSYC, 1005);
    expect(events).toMatchObject([{ reason: 'network', method: 'DELETE' }]);
    await expect(learn.attendance.getMeeting(PSYC, 1005)).rejects.toMatchObject({ kind: 'http', status: 404 });
  });

  it('surfaces a dropped POST as "outcome unknown" and sends it exactly once', async () => {
    const { events, onRetry } = recoverAfter(99);
    const { learn } = learnAs(sandbox, 'instructor', { onRetry });
    await setFaults(sandbox, { dropAfterApplyRate: 1, pathPattern: MEETINGS });
    const meeting = { courseId: PSYC, title: 'Extra review session', description: 'Before the final', start: '2026-12-01T15:00:00Z', end: '2026-12-01T16:00:00Z' };
    const error = (await learn.attendance.createMeeting(PSYC, meeting).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'network', outcomeUnknown: true, method: 'POST', attempts: 1 });
    expect(error.message).toBe(
      'The connection to Learn was lost while trying to create the meeting "Extra review session" in courseId:PSYC-101-F26; Learn may or may not have done it. Check in Learn before trying again.',
    );
    expect(events).toHaveLength(0);
    expect(await routeCount(sandbox, MEETINGS_ROUTE)).toBe(1);
    // It was made: this is why the caller looks before creating again.
    sandbox.configureFaults({ dropAfterApplyRate: 0 });
    const titles = (await collect(learn.attendance.listMeetings(PSYC))).map((m) => m.title);
    expect(titles.filter((t) => t === 'Extra review session')).toHaveLength(1);
  });
});

describe('slow answers, cancelling, and the per-host bound', () => {
  it('times out a slow GET, repeats it, then reports the time-out', async () => {
    const { events, onRetry } = recoverAfter(99);
    const { learn } = learnAs(sandbox, 'instructor', { onRetry, timeoutMs: 100, retry: { baseDelayMs: 10, maxAttempts: 2 } });
    await setFaults(sandbox, { latencyMs: 400 });
    const error = (await learn.courses.getCourse(PSYC).catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ kind: 'timeout', attempts: 2, outcomeUnknown: false });
    expect(error.message).toBe('Could not open course courseId:PSYC-101-F26: Learn did not answer within 0.1 s. Check your network connection and try again.');
    expect(events).toMatchObject([{ reason: 'timeout' }]);
  });

  it('reports a timed-out POST as "outcome unknown", without repeating it', async () => {
    const { learn } = learnAs(sandbox, 'admin', { timeoutMs: 100 });
    await setFaults(sandbox, { latencyMs: 400 });
    await expect(learn.announcements.createAnnouncement({ title: 'Snow day' })).rejects.toMatchObject({ kind: 'timeout', outcomeUnknown: true, attempts: 1 });
  });

  it('stops when the user cancels, also during a wait between attempts', async () => {
    const controller = new AbortController();
    const { learn } = learnAs(sandbox, 'instructor', { onRetry: () => controller.abort(), retry: { baseDelayMs: 5000, maxDelayMs: 5000 } });
    await setFaults(sandbox, { serverErrorRate: 1, serverErrorStatuses: [503] });
    const started = Date.now();
    const error = await learn.courses.getCourse(PSYC, { signal: controller.signal }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'aborted', message: 'Cancelled: open course courseId:PSYC-101-F26.' });
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it('sends at most maxConcurrentPerHost requests to Learn at once', async () => {
    const { learn } = learnAs(sandbox, 'instructor', { maxConcurrentPerHost: 2 });
    await learn.courses.getCourse(PSYC); // the token first, so only the six reads are timed
    await setFaults(sandbox, { latencyMs: 200 });
    const started = Date.now();
    await Promise.all(Array.from({ length: 6 }, () => learn.courses.getCourse(PSYC)));
    // Six requests two at a time: at least three rounds of 200 ms.
    expect(Date.now() - started).toBeGreaterThanOrEqual(580);
  });
});
