import { describe, expect, it } from 'vitest';
import type { OpResult, OutboxOp } from '../../shared/domain/outbox';
import { syncHandlers, type SyncEnginePort } from '../../electron/core/app/sync-handlers';
import { LearnClient } from '../../electron/core/learn/learn-client';

/**
 * The sync.push handler's own promises, with a stand-in engine (the engine itself is tested
 * against the sandbox): pushes never overlap, progress becomes events, and an answer that is not
 * one result per op in order never reaches the renderer.
 */
const learn = new LearnClient({ baseUrl: 'http://127.0.0.1:9/learn', tokens: { accessToken: () => Promise.resolve('t'), refreshAfterUnauthorized: () => Promise.resolve('t') } });
const op = (opId: string): OutboxOp => ({ opId, courseId: '_1_1', at: '2026-11-23T09:00:00Z', kind: 'record.set', meeting: { serverId: 1001 }, userId: '_5_1', status: 'Present', baseStatus: null });
const done = (o: OutboxOp): OpResult => ({ opId: o.opId, outcome: 'done' });
const ME = 'site-0123456789abcdef01234567';

describe('sync.push handler', () => {
  it('runs one push at a time, in the order they came, and forwards progress as events', async () => {
    const log: string[] = [];
    const events: unknown[] = [];
    const engine: SyncEnginePort = {
      async push(ops, options) {
        log.push(`start ${ops[0]?.opId}`);
        options?.onProgress?.({ phase: 'records', done: ops.length, total: ops.length });
        await new Promise((resolve) => setTimeout(resolve, 20));
        log.push(`end ${ops[0]?.opId}`);
        return ops.map(done);
      },
    };
    const push = syncHandlers({ learn: () => learn, identity: () => ME, createEngine: () => engine, emit: (_e, p) => events.push(p) })['sync.push'];
    const [a, b] = await Promise.all([push({ identity: ME, ops: [op('a')] }), push({ identity: ME, ops: [op('b'), op('c')] })]);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b']);
    expect(a.results.map((r) => r.opId)).toEqual(['a']);
    expect(b.results.map((r) => r.opId)).toEqual(['b', 'c']);
    expect(events).toEqual([
      { phase: 'records', done: 1, total: 1 },
      { phase: 'records', done: 2, total: 2 },
    ]);
  });

  it('refuses an engine answer out of step with the ops, and keeps serving after it', async () => {
    let answer: (ops: OutboxOp[]) => OpResult[] = (ops) => ops.slice(1).map(done);
    const push = syncHandlers({ learn: () => learn, identity: () => ME, createEngine: () => ({ push: (ops) => Promise.resolve(answer(ops)) }), emit: () => undefined })['sync.push'];
    await expect(push({ identity: ME, ops: [op('a'), op('b')] })).rejects.toThrow(/still waiting/);
    answer = (ops) => [...ops].reverse().map(done);
    await expect(push({ identity: ME, ops: [op('a'), op('b')] })).rejects.toThrow(/still waiting/);
    answer = (ops) => ops.map(done);
    expect((await push({ identity: ME, ops: [op('a'), op('b')] })).results).toHaveLength(2);
  });

  it('sends nothing when nobody, or another identity, is signed in, and says the changes still wait', async () => {
    let signedIn: string | undefined;
    const sent: string[] = [];
    const engine: SyncEnginePort = { push: (ops) => (sent.push(...ops.map((o) => o.opId)), Promise.resolve(ops.map(done))) };
    const push = syncHandlers({ learn: () => learn, identity: () => signedIn, createEngine: () => engine, emit: () => undefined })['sync.push'];
    await expect(push({ identity: ME, ops: [op('a')] })).rejects.toThrow('You are not signed in, so nothing was sent: your changes are still waiting on this device.');
    signedIn = 'demo-0123456789abcdef01234567';
    await expect(push({ identity: ME, ops: [op('a')] })).rejects.toMatchObject({ name: 'SignInRequiredError', message: expect.stringContaining('made under another sign-in') as unknown });
    expect(sent).toEqual([]);
    signedIn = ME;
    expect((await push({ identity: ME, ops: [op('a')] })).results).toEqual([done(op('a'))]);
    expect(sent).toEqual(['a']);
  });

  it('checks the identity when its turn comes, so a switch during an earlier push is seen', async () => {
    let signedIn: string | undefined = ME;
    let release: () => void = () => undefined;
    const engine: SyncEnginePort = {
      push: async (ops) => {
        if (ops[0]?.opId === 'a') await new Promise<void>((resolve) => (release = resolve));
        return ops.map(done);
      },
    };
    const push = syncHandlers({ learn: () => learn, identity: () => signedIn, createEngine: () => engine, emit: () => undefined })['sync.push'];
    const first = push({ identity: ME, ops: [op('a')] });
    const second = push({ identity: ME, ops: [op('b')] });
    await new Promise((resolve) => setTimeout(resolve, 10));
    signedIn = 'site-another0123456789abcdef';
    release();
    expect((await first).results).toHaveLength(1);
    await expect(second).rejects.toThrow(/another sign-in/);
  });
});
