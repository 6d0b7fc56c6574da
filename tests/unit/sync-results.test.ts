import { describe, expect, it } from 'vitest';
import type { OutboxOp } from '../../shared/domain/outbox';
import { SignInRequiredError } from '../../electron/core/auth/access-token';
import { ResultBook } from '../../electron/core/sync/results';

/** Every op gets exactly one result, in input order; folded ops never vanish before their leader lands. */

const op = (opId: string): OutboxOp => ({ opId, courseId: '_1_1', at: '2026-12-01T15:00:00Z', kind: 'record.set', meeting: { serverId: 1001 }, userId: '_10_1', status: 'Absent', baseStatus: null });

describe('result book', () => {
  it('supersedes earlier ops only when the last one landed, and fails them with it otherwise', () => {
    const book = new ResultBook();
    book.set({ opId: 'b', outcome: 'done', serverStatus: 'Absent' });
    book.fail('d', 'Absent for jsmith at "Lab" (2026-12-01)', new SignInRequiredError());
    const results = book.finish([op('a'), op('b'), op('c'), op('d')], [
      { opId: 'a', leader: 'b', mode: 'supersede' },
      { opId: 'c', leader: 'd', mode: 'supersede' },
    ], undefined);
    expect(results.map((r) => r.opId)).toEqual(['a', 'b', 'c', 'd']);
    expect(results[0]).toEqual({ opId: 'a', outcome: 'superseded', by: 'b' });
    expect(results[2]).toMatchObject({ opId: 'c', outcome: 'failed', retryable: true, message: expect.stringContaining('jsmith') as unknown });
  });

  it('gives shared ops their leader\'s result, and an op nobody settled a retryable failure', () => {
    const book = new ResultBook();
    book.set({ opId: 'create', outcome: 'done', serverMeetingId: 1040 });
    const results = book.finish([op('create'), op('rename'), op('late')], [{ opId: 'rename', leader: 'create', mode: 'share' }], 'Not sent yet. Sign in again.');
    expect(results[1]).toEqual({ opId: 'rename', outcome: 'done', serverMeetingId: 1040 });
    expect(results[2]).toEqual({ opId: 'late', outcome: 'failed', retryable: true, message: 'Not sent yet. Sign in again.' });
  });
});
