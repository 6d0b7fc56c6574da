import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxOp } from '../../shared/domain/outbox';
import type { RunningSandbox } from '../../sandbox/server';
import { ApiError } from '../../electron/core/http/api-error';
import { HttpClient } from '../../electron/core/http/http-client';
import { RequestBudgets } from '../../electron/core/http/request-budgets';
import { LearnClient } from '../../electron/core/learn/learn-client';
import { createSyncEngine } from '../../electron/core/sync/sync-engine';
import { withSandbox } from '../support/sandbox';
import { advanceClock, readQuota, setQuota } from '../support/sandbox-controls';
import { startLearnProxy, type LearnProxy } from './learn-proxy';
import { collect, PSYC, tokensFor } from './learn-support';

/**
 * The site's daily request quota as an institution meets it: the real client against the real
 * sandbox with its quota set low. Requests are counted at the sandbox's door (a recording proxy in
 * front of it sees every request, refused ones included). The client's clock moves with the
 * sandbox's, as time passes for both.
 */
let sandbox: RunningSandbox;
let proxy: LearnProxy;
let skew = 0;
const now = (): number => Date.now() + skew;
let folders: string[] = [];

beforeAll(async () => {
  sandbox = await withSandbox();
  proxy = await startLearnProxy(sandbox);
});
afterAll(async () => {
  await proxy.close();
  await sandbox.close();
});
afterEach(async () => {
  await setQuota(sandbox, { limit: 10_000, retryAfter: null, resetForm: 'seconds' });
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
  folders = [];
});

/** A Learn client as the host builds one: the site's budget kept in `budgets`. */
function client(budgets: RequestBudgets): LearnClient {
  const http = new HttpClient({ service: 'Learn', budgets, now, retry: { baseDelayMs: 20, maxDelayMs: 200 } });
  return new LearnClient({ baseUrl: proxy.learnUrl, tokens: tokensFor(sandbox, 'instructor'), http });
}

/** One request: the course's meetings fit one page. */
const readMeetings = (learn: LearnClient) => collect(learn.attendance.listMeetings(PSYC));

/** Moves both clocks past the sandbox's reset, as a night would. */
async function pastTheReset(): Promise<void> {
  const { resetInSeconds } = await readQuota(sandbox);
  const ms = (resetInSeconds + 5) * 1000;
  await advanceClock(sandbox, ms);
  skew += ms;
}

describe("the site's daily quota", () => {
  it.each([
    ['no Retry-After (as the vendor page promises)', null],
    ['a Retry-After until the reset', 'reset'],
    ['a short Retry-After, though the quota is used up', 30],
  ] as const)('after the first refusal, with %s, sends at most a handful of requests until the reset, then flows again', async (_name, retryAfter) => {
    const budgets = new RequestBudgets({ now });
    const learn = client(budgets);
    await readMeetings(learn);
    await setQuota(sandbox, { limit: 30, retryAfter, resetForm: retryAfter === null ? 'epoch' : 'seconds' });
    const before = proxy.seen.length;
    // 400 reads at once, as a busy first launch might ask: 30 fit.
    const outcomes = await Promise.allSettled(Array.from({ length: 400 }, () => readMeetings(learn)));
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected').map((o) => o.reason as ApiError);
    const sent = proxy.seen.length - before;
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(30);
    // 30 answered, then at most the requests already in flight (6 to a host) meet the refusal.
    expect(sent - 30).toBeLessThanOrEqual(6);
    console.info(`quota 30, 400 reads, Retry-After ${String(retryAfter)}: ${sent} requests reached the sandbox, ${sent - 30} after the first refusal`);
    const { resetAt } = await readQuota(sandbox);
    // The client's clock moves with the sandbox's (`now`), so the two read the same instant.
    const resetMs = Date.parse(resetAt);
    for (const error of refused) {
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 429, rateLimit: 'used-up' });
      expect(Math.abs((error.retryAt ?? 0) - resetMs)).toBeLessThan(3000);
    }
    // Every refusal but those few was made here, without sending the request.
    expect(refused.filter((e) => e.attempts === 0)).toHaveLength(refused.length - (sent - 30));
    expect(budgets.snapshot(new URL(proxy.learnUrl).origin)).toMatchObject({ limit: 30, remaining: 0, reserve: 2, blockedUntil: expect.any(String) as unknown });

    // The instructor's own writes wait too: a push fails at once, unsent, saying until when.
    const ops: OutboxOp[] = Array.from({ length: 40 }, (_, i) => ({ opId: `op-${i}`, courseId: PSYC, at: '2026-12-01T15:00:00Z', kind: 'record.set', meeting: { serverId: 1001 }, userId: `_${100 + i}_1`, status: 'Absent', baseStatus: null }));
    const pushed = proxy.seen.length;
    const results = await createSyncEngine({ learn }).push(ops);
    expect(proxy.seen.length).toBe(pushed);
    for (const result of results) {
      expect(result).toMatchObject({ outcome: 'failed', retryable: true, message: expect.stringContaining("until the site's limit resets") as unknown });
      if (result.outcome === 'failed') expect(Math.abs(Date.parse(result.retryAt ?? '') - resetMs)).toBeLessThan(3000);
    }

    await pastTheReset();
    expect((await readMeetings(learn)).length).toBeGreaterThan(0);
    // One read, and after a day the token's one refresh (its 401 and the read again).
    expect(proxy.seen.length - pushed).toBeGreaterThan(0);
    expect(proxy.seen.length - pushed).toBeLessThanOrEqual(2);
    expect(budgets.snapshot(new URL(proxy.learnUrl).origin)).toMatchObject({ limit: 30, remaining: 30 - (proxy.seen.length - pushed) });
    expect(budgets.snapshot(new URL(proxy.learnUrl).origin)).not.toHaveProperty('blockedUntil');
  });

  it('reopened the same day, still sends nothing to a site whose quota is used up', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'h2-budgets-'));
    folders.push(folder);
    const first = await RequestBudgets.open(folder, { now });
    await setQuota(sandbox, { limit: 2 });
    await readMeetings(client(first));
    await readMeetings(client(first));
    await expect(readMeetings(client(first))).rejects.toMatchObject({ rateLimit: 'used-up' });
    await first.flush();

    const reopened = await RequestBudgets.open(folder, { now });
    const before = proxy.seen.length;
    await expect(readMeetings(client(reopened))).rejects.toMatchObject({ rateLimit: 'used-up', attempts: 0 });
    expect(proxy.seen.length).toBe(before);
    expect(reopened.snapshot(new URL(proxy.learnUrl).origin)).toMatchObject({ limit: 2, remaining: 0 });
    // Its reset passed: the kept budget counts as full, and requests go.
    await pastTheReset();
    expect((await readMeetings(client(reopened))).length).toBeGreaterThan(0);
  });

  it("below the reserve, photos are not asked for, while the instructor's own reads still go", async () => {
    const budgets = new RequestBudgets({ now });
    const learn = client(budgets);
    await setQuota(sandbox, { limit: 100, remaining: 6 });
    await readMeetings(learn); // 5 left: the reserve of 100 is 5, so background reads still go
    const student = sandbox.context().directory.courseMemberships(sandbox.context().directory.course(PSYC).id).find((m) => m.courseRoleId === 'Student')?.userId ?? '';
    await learn.avatars.photo(student);
    const before = proxy.seen.length;
    await expect(learn.avatars.photo(student)).rejects.toMatchObject({ rateLimit: 'reserve', attempts: 0 });
    expect(proxy.seen.length).toBe(before);
    expect((await readMeetings(learn)).length).toBeGreaterThan(0);
    expect(proxy.seen.length).toBe(before + 1);
  });

  it('a burst (429 with requests left, no Retry-After) is backed off, each refused request sent once more, and every read ends answered', async () => {
    const budgets = new RequestBudgets({ now });
    let refusals = 3;
    const bursty = await startLearnProxy(sandbox, {
      rewrite: (_request, answer) => (refusals-- > 0 ? { status: 429, body: JSON.stringify({ status: 429, message: 'Too many requests' }) } : answer),
    });
    try {
      const http = new HttpClient({ service: 'Learn', budgets, now, retry: { baseDelayMs: 200, maxDelayMs: 2000 } });
      const learn = new LearnClient({ baseUrl: bursty.learnUrl, tokens: tokensFor(sandbox, 'instructor'), http });
      const reads = await Promise.all(Array.from({ length: 20 }, () => readMeetings(learn)));
      expect(reads.every((r) => r.length > 0)).toBe(true);
      // Each refused request is sent once more, no more: 20 reads and 3 repeats.
      expect(bursty.seen).toHaveLength(23);
    } finally {
      await bursty.close();
    }
  });
});
