import { describe, expect, it } from 'vitest';
import type { OutboxOp } from '../../shared/domain/outbox';
import { SignInRequiredError } from '../../electron/core/auth/access-token';
import { ApiError, type ApiErrorInit } from '../../electron/core/http/api-error';
import { failureOf, ResultBook } from '../../electron/core/sync/results';

/** Every op gets exactly one result, in input order; folded ops never vanish before their leader lands. */

const op = (opId: string): OutboxOp => ({ opId, courseId: '_1_1', at: '2026-12-01T15:00:00Z', kind: 'record.set', meeting: { serverId: 1001 }, userId: '_10_1', status: 'Absent', baseStatus: null });

describe('result book', () => {
  it('supersedes earlier ops only when the last one landed, and fails them with it otherwise', () => {
    const book = new ResultBook();
    book.set({ opId: 'b', outcome: 'done', serverStatus: 'Absent' });
    book.fail('d', new SignInRequiredError());
    const results = book.finish([op('a'), op('b'), op('c'), op('d')], [
      { opId: 'a', leader: 'b', mode: 'supersede' },
      { opId: 'c', leader: 'd', mode: 'supersede' },
    ], undefined);
    expect(results.map((r) => r.opId)).toEqual(['a', 'b', 'c', 'd']);
    expect(results[0]).toEqual({ opId: 'a', outcome: 'superseded', by: 'b' });
    expect(results[2]).toMatchObject({ opId: 'c', outcome: 'failed', retryable: true, message: 'Rollbook is not signed in to Learn: sign in and it will be sent.' });
  });

  it('gives shared ops their leader\'s result, and an op nobody settled a retryable failure', () => {
    const book = new ResultBook();
    book.set({ opId: 'create', outcome: 'done', serverMeetingId: 1040 });
    const results = book.finish([op('create'), op('rename'), op('late')], [{ opId: 'rename', leader: 'create', mode: 'share' }], { message: 'Not sent yet. Sign in again.' });
    expect(results[1]).toEqual({ opId: 'rename', outcome: 'done', serverMeetingId: 1040 });
    expect(results[2]).toEqual({ opId: 'late', outcome: 'failed', retryable: true, message: 'Not sent yet. Sign in again.' });
  });

  it('says why in one plain sentence that names no record (the screen does), with the technical account as its detail', () => {
    const learn = (init: Partial<ApiErrorInit>): ApiError =>
      new ApiError({ kind: 'http', method: 'PATCH', url: 'https://learn.example.edu/learn/api/public/v1/courses/_335_1/meetings/1042/users/_276_1', operation: 'mark _276_1 Absent at meeting 1042 of _335_1', message: 'Could not mark _276_1 Absent at meeting 1042 of _335_1: Learn answered 500.', ...init });
    const busy = failureOf(learn({ status: 500 }));
    expect(busy).toEqual({ retryable: true, message: 'Learn had a problem; it will be sent again at the next sync.', detail: 'Could not mark _276_1 Absent at meeting 1042 of _335_1: Learn answered 500.', learn: 'had-a-problem', words: { key: 'sync.hadProblem' } });
    // Learn's trouble, not the change's: the status bar says whose it is; a refusal carries none.
    expect(failureOf(new ApiError({ kind: 'network', method: 'GET', url: 'https://learn.example.edu/learn/api/public/v1/courses', operation: 'list courses', message: 'fetch failed' })).learn).toBe('not-answering');
    expect(failureOf(new ApiError({ kind: 'timeout', method: 'GET', url: 'https://learn.example.edu/learn/api/public/v1/courses', operation: 'list courses', message: 'no answer' })).learn).toBe('not-answering');
    expect(busy.message).not.toMatch(/_\d+_\d+|1042/);
    expect(failureOf(learn({ status: 403 }))).toMatchObject({ retryable: false, message: 'your Learn role does not allow it; ask your Learn administrator for the permission.' });
    expect(failureOf(learn({ status: 400, body: { format: 'learn', body: { status: 400, message: 'User is not enrolled' } } }))).toMatchObject({ retryable: false, message: 'Learn refused it ("User is not enrolled"); correct it here, or ask your Learn administrator if it looks right.' });
    expect(failureOf(learn({ status: 400 }))).not.toHaveProperty('learn');
    expect(failureOf(learn({ status: 429 }))).toMatchObject({ retryable: true, message: 'Learn asked Rollbook to slow down; it will be sent again at the next sync.' });
    // The site's daily quota is used up: the budget says so (Remaining 0, or the gate closed until the reset), and the
    // failed op carries when Learn takes requests again; the sentence names no clock time (the screen adds it).
    const reset = Date.UTC(2026, 11, 2, 2, 0, 0);
    const usedUp = failureOf(learn({ status: 429, rateLimit: 'used-up', retryAt: reset, attempts: 0 }));
    expect(usedUp).toMatchObject({
      retryable: true,
      message: "Learn takes no more requests from Rollbook until the site's limit resets (the site's daily request limit is used up); it will be sent again at the first sync after that.",
      retryAt: '2026-12-02T02:00:00.000Z',
    });
    expect(usedUp.message).not.toMatch(/\d:\d\d|hours|minutes/);
    // A day-long Retry-After alone (Remaining above 0) is no proof the quota is spent: Learn asked to wait.
    const longWait = failureOf(learn({ status: 429, retryAfterMs: 1440 * 60_000, rateLimit: 'slow-down', retryAt: Date.now() + 1440 * 60_000 }));
    expect(longWait.message).toBe('Learn asked Rollbook to wait before sending more; it will be sent again at the first sync after that.');
    expect(longWait.message).not.toMatch(/used up/);
    // A burst: the next sync, and the time the gate opens for the renderer's back-off.
    const opens = Date.now() + 4000;
    const burst = failureOf(learn({ status: 429, rateLimit: 'slow-down', retryAt: opens }));
    expect(burst).toMatchObject({ message: 'Learn asked Rollbook to slow down; it will be sent again at the next sync.', retryAt: new Date(opens).toISOString() });
    expect(failureOf(learn({ status: 500 }))).not.toHaveProperty('retryAt');
    expect(failureOf(learn({ kind: 'network', outcomeUnknown: true }))).toMatchObject({ retryable: true, message: expect.stringMatching(/^the connection dropped before Learn answered/) as unknown });
    expect(failureOf(learn({ kind: 'timeout' }))).toMatchObject({ retryable: true, message: 'Learn did not answer in time; it will be sent again at the next sync.' });
  });
});
