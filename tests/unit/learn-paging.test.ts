import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { calendarWindows } from '../../electron/core/learn/calendar';
import { encodeSegment, path } from '../../electron/core/learn/learn-http';
import { itemSchema, listQuery, resolveNextPage, toQuery } from '../../electron/core/learn/paging';

const base = new URL('https://learn.example.edu/learn');

describe('paging.nextPage', () => {
  it('resolves a host-relative path against the origin, keeping its query', () => {
    const next = resolveNextPage(base, '/learn/api/public/v1/courses/_1_1/meetings?offset=100&fields=id');
    expect(next).toBeInstanceOf(URL);
    expect((next as URL).href).toBe('https://learn.example.edu/learn/api/public/v1/courses/_1_1/meetings?offset=100&fields=id');
  });

  it.each(['https://evil.example.com/learn/api?offset=100', '//evil.example.com/learn/api', 'http://learn.example.edu/learn/api', 'https://learn.example.edu:8443/learn/api'])(
    'refuses %s (another origin: the token would follow it)',
    (nextPage) => {
      expect(resolveNextPage(base, nextPage)).toEqual({ refused: 'paging.nextPage points to another site' });
    },
  );
});

describe('path segments', () => {
  it('keeps the colon of secondary ids and escapes what would change the path', () => {
    expect(encodeSegment('courseId:PSYC-101-F26')).toBe('courseId:PSYC-101-F26');
    expect(encodeSegment('externalId:a/b?c#d e%')).toBe('externalId:a%2Fb%3Fc%23d%20e%25');
    expect(path`/courses/${'userName:jdoe'}/meetings/${1001}`).toBe('/courses/userName:jdoe/meetings/1001');
  });

  it.each(['', '.', '..'])('refuses %j as an id', (id) => {
    expect(() => encodeSegment(id)).toThrow(RangeError);
  });
});

describe('query building', () => {
  it('writes fields and sort as comma lists, dates as ISO, and leaves out what is not set', () => {
    const q = listQuery({ fields: ['id', 'user.userName'], sort: ['start(desc)', 'title'], pageSize: 50 }, { since: new Date(Date.UTC(2026, 8, 1)), type: undefined, recursive: false });
    expect(q.toString()).toBe('since=2026-09-01T00%3A00%3A00.000Z&recursive=false&fields=id%2Cuser.userName&sort=start%28desc%29%2Ctitle&limit=50');
    expect(toQuery({ fields: [] }).toString()).toBe('');
  });

  it.each([0, 101, 2.5])('refuses a page size of %d', (pageSize) => {
    expect(() => listQuery({ pageSize })).toThrow(RangeError);
  });
});

describe('reading with fields', () => {
  const Item = z.looseObject({ id: z.string(), start: z.string(), user: z.looseObject({ id: z.string(), userName: z.string() }).optional() });

  it('accepts any subset, nested too, but still checks the values that are there', () => {
    expect(itemSchema(Item, ['user.userName']).safeParse({ user: { userName: 'jdoe' } }).success).toBe(true);
    expect(itemSchema(Item, ['id']).safeParse({ id: 5 }).success).toBe(false);
    expect(itemSchema(Item, undefined).safeParse({ user: { userName: 'jdoe' } }).success).toBe(false);
  });
});

describe('calendar windows', () => {
  const day = 24 * 3600 * 1000;
  it('keeps a span of 16 weeks or less whole', () => {
    const since = new Date(Date.UTC(2026, 8, 1));
    expect(calendarWindows(since, new Date(since.getTime() + 112 * day))).toHaveLength(1);
  });

  it('cuts a longer span into consecutive, non-overlapping windows that cover it', () => {
    const since = new Date(Date.UTC(2026, 8, 1));
    const until = new Date(since.getTime() + 365 * day);
    const windows = calendarWindows(since, until);
    expect(windows).toHaveLength(4);
    expect(windows[0]!.since).toEqual(since);
    expect(windows.at(-1)!.until).toEqual(until);
    for (let i = 1; i < windows.length; i++) expect(windows[i]!.since.getTime()).toBe(windows[i - 1]!.until.getTime() + 1);
    expect(windows.every((w) => w.until.getTime() - w.since.getTime() <= 112 * day)).toBe(true);
  });

  it('refuses an end before the start', () => {
    expect(() => calendarWindows(new Date(2), new Date(1))).toThrow(RangeError);
  });
});
