import { describe, expect, it } from 'vitest';
import { Clock } from '../../sandbox/core/clock';
import { Faults } from '../../sandbox/core/faults';
import type { SandboxRequest } from '../../sandbox/core/http';
import { paged } from '../../sandbox/core/paging';
import { DailyQuota } from '../../sandbox/core/quota';
import { Router } from '../../sandbox/core/router';

const request = (path: string, query = ''): SandboxRequest => ({
  method: 'GET',
  path,
  query: new URLSearchParams(query),
  headers: {},
  params: {},
  rawBody: Buffer.alloc(0),
  origin: 'http://127.0.0.1:1',
});

describe('sandbox router', () => {
  const router = new Router()
    .get('/c/:courseId/meetings/:meetingId/users', () => ({ status: 200, json: 'by meeting' }))
    .get('/c/:courseId/meetings/users/:userId', () => ({ status: 200, json: 'by user' }))
    .post('/c/:courseId/meetings/:meetingId/users/bulk', () => ({ status: 204 }))
    .post('/c/:courseId/meetings/:meetingId/users/:userId', () => ({ status: 201 }));

  it('prefers literal segments whatever the registration order', () => {
    const m = router.match('GET', '/c/_1_1/meetings/users/_9_1');
    expect(m.params).toEqual({ courseId: '_1_1', userId: '_9_1' });
    expect(router.match('POST', '/c/_1_1/meetings/4/users/bulk').pattern).toBe('/c/:courseId/meetings/:meetingId/users/bulk');
  });

  it('decodes parameters and answers 405 and 404 as Learn would', () => {
    expect(router.match('GET', '/c/courseId%3APSYC-101/meetings/3/users').params.courseId).toBe('courseId:PSYC-101');
    expect(() => router.match('DELETE', '/c/_1_1/meetings/users/_9_1')).toThrow(/not allowed/);
    expect(() => router.match('GET', '/nothing')).toThrow(/No API resource/);
  });
});

describe('paging, sort and fields', () => {
  const items = Array.from({ length: 250 }, (_, i) => ({ id: `_${i}_1`, title: `Item ${String(i).padStart(3, '0')}`, nested: { n: i % 7, hidden: true } }));

  it('caps limit at 100 and links the next page with the same query', () => {
    const first = paged(items, request('/x', 'limit=500&fields=id'));
    expect(first.results).toHaveLength(100);
    expect(first.paging?.nextPage).toBe('/x?limit=100&fields=id&offset=100');
    const last = paged(items, request('/x', 'offset=200'));
    expect(last.results).toHaveLength(50);
    expect(last.paging).toBeUndefined();
  });

  it('sorts by several keys with (desc) and refuses unknown sort fields', () => {
    const page = paged(items, request('/x', 'sort=nested.n(desc),title&limit=3'), { sortable: ['title', 'nested.n'] });
    expect(page.results.map((r) => r.title)).toEqual(['Item 006', 'Item 013', 'Item 020']);
    expect(() => paged(items, request('/x', 'sort=secret'), { sortable: ['title'] })).toThrow(/Unsupported sort field: secret/);
  });

  it('keeps only the requested fields, nested ones by dotted path', () => {
    const page = paged(items, request('/x', 'fields=id,nested.n&limit=1'));
    expect(page.results[0]).toEqual({ id: '_0_1', nested: { n: 0 } });
  });

  it('rejects negative offsets and non-numeric limits with the parameter named', () => {
    expect(() => paged(items, request('/x', 'offset=-1'))).toThrow(/offset/);
    expect(() => paged(items, request('/x', 'limit=ten'))).toThrow(/limit/);
  });
});

describe('fault injection', () => {
  const run = (seed: number): string[] => {
    const faults = new Faults();
    faults.configure({ serverErrorRate: 0.2, rateLimitRate: 0.1, dropAfterApplyRate: 0.3, seed });
    return Array.from({ length: 200 }, (_, i) => faults.decide(i % 2 ? 'POST' : 'GET', '/learn/x').kind);
  };

  it('is deterministic from its seed and near the configured shares', () => {
    const a = run(7);
    expect(run(7)).toEqual(a);
    expect(run(8)).not.toEqual(a);
    const share = (kind: string): number => a.filter((k) => k === kind).length / a.length;
    expect(share('serverError')).toBeGreaterThan(0.1);
    expect(share('serverError')).toBeLessThan(0.3);
    expect(share('rateLimited')).toBeGreaterThan(0.03);
    expect(a.filter((k, i) => k === 'dropAfterApply' && i % 2 === 0)).toEqual([]); // reads are never "dropped after apply"
  });

  it('refuses shares outside 0..1', () => {
    expect(() => new Faults().configure({ serverErrorRate: 1.5 })).toThrow(RangeError);
  });
});

describe('daily quota', () => {
  it('counts down, refuses past the limit, and resets after a day on the sandbox clock', () => {
    const clock = new Clock();
    const quota = new DailyQuota(clock, 2);
    expect(quota.take()).toBe(true);
    expect(quota.headers()['X-Rate-Limit-Remaining']).toBe('1');
    expect(quota.take()).toBe(true);
    expect(quota.take()).toBe(false);
    clock.advance(24 * 60 * 60 * 1000);
    expect(quota.take()).toBe(true);
    expect(quota.headers()).toMatchObject({ 'X-Rate-Limit-Limit': '2', 'X-Rate-Limit-Remaining': '1' });
  });

  it('never reports more left than the limit, nor a reset over a day away after the clock moves back', () => {
    const clock = new Clock();
    const quota = new DailyQuota(clock, 5);
    quota.setRemaining(9);
    expect(quota.remaining()).toBe(5);
    clock.advance(60 * 60 * 1000);
    quota.reset(); // a window that begins an hour ahead of the real time
    quota.setRemaining(0);
    expect(quota.take()).toBe(false);
    clock.reset(); // back before the window began: a new window, as a day-long wait could never end sooner
    expect(quota.resetInSeconds()).toBeLessThanOrEqual(24 * 60 * 60);
    expect(quota.take()).toBe(true);
  });
});

describe('sorting with missing values', () => {
  it('puts rows without the sort field last, ascending and descending', () => {
    const rows = [{ id: 'a' }, { id: 'b', seen: '2026-09-02' }, { id: 'c', seen: '2026-09-01' }];
    expect(paged(rows, request('/x', 'sort=seen(desc)'), { sortable: ['seen'] }).results.map((r) => r.id)).toEqual(['b', 'c', 'a']);
    expect(paged(rows, request('/x', 'sort=seen'), { sortable: ['seen'] }).results.map((r) => r.id)).toEqual(['c', 'b', 'a']);
  });
});
