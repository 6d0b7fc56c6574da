import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addMonths, daysOf, localDateTime, onDay, spanOf, WINDOW_MS, windowAt, windowsCovering } from '../../renderer/src/features/calendar/calendar-dates';

/**
 * The calendar screen's dates: 16-week read windows (Learn cuts a longer read short, silently),
 * week and month grids, and which day an item shows on. Local dates are built with local
 * constructors, so the tests hold in any time zone.
 */
describe('read windows', () => {
  it('are 16 weeks at most, cover every instant exactly once, and are stable keys', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) }), (t) => {
        const w = windowAt(t);
        const since = Date.parse(w.since);
        const until = Date.parse(w.until);
        expect(since).toBeLessThanOrEqual(t);
        expect(until).toBeGreaterThanOrEqual(t);
        expect(until - since).toBeLessThanOrEqual(WINDOW_MS);
        // The next window starts right after this one ends: no gap, no overlap.
        expect(windowAt(until + 1).since).toBe(new Date(until + 1).toISOString());
        expect(windowAt(since)).toEqual(w);
      }),
    );
  });

  it('covers a view that straddles a window boundary with both windows, in order', () => {
    const boundary = Date.parse(windowAt(Date.UTC(2026, 8, 1)).until) + 1;
    const covering = windowsCovering(boundary - 3 * 86_400_000, boundary + 3 * 86_400_000);
    expect(covering).toHaveLength(2);
    expect(Date.parse(covering[1]?.since ?? '')).toBe(boundary);
    expect(windowsCovering(boundary, boundary + 86_400_000)).toHaveLength(1);
  });
});

describe('views', () => {
  it('shows a week from Sunday to Saturday', () => {
    const days = daysOf('week', new Date(2026, 8, 2, 15, 0)); // Wednesday Sep 2, 2026
    expect(days.map((d) => [d.getMonth() + 1, d.getDate(), d.getDay()])).toEqual([
      [8, 30, 0],
      [8, 31, 1],
      [9, 1, 2],
      [9, 2, 3],
      [9, 3, 4],
      [9, 4, 5],
      [9, 5, 6],
    ]);
  });

  it('shows a month as whole weeks, first and last day included', () => {
    const days = daysOf('month', new Date(2026, 10, 23)); // November 2026 starts on a Sunday
    expect(days.length % 7).toBe(0);
    expect(days[0]).toEqual(new Date(2026, 10, 1));
    expect(days[days.length - 1]).toEqual(new Date(2026, 11, 5));
    const span = spanOf('month', new Date(2026, 10, 23));
    expect(span).toEqual({ from: new Date(2026, 10, 1).getTime(), to: new Date(2026, 11, 6).getTime() });
  });

  it('moves by a month without skipping a short one', () => {
    expect(addMonths(new Date(2026, 0, 31), 1)).toEqual(new Date(2026, 1, 28));
    expect(addMonths(new Date(2026, 11, 15), 1)).toEqual(new Date(2027, 0, 15));
  });
});

describe('which day an item shows on', () => {
  const at = (d: Date): string => d.toISOString();
  it('counts an all-day item on its days only (its end is the next midnight)', () => {
    const item = { start: at(new Date(2026, 10, 25)), end: at(new Date(2026, 10, 28)) };
    expect(onDay(item, new Date(2026, 10, 24))).toBe(false);
    expect(onDay(item, new Date(2026, 10, 25))).toBe(true);
    expect(onDay(item, new Date(2026, 10, 27))).toBe(true);
    expect(onDay(item, new Date(2026, 10, 28))).toBe(false);
  });

  it('shows a due date (start = end) on the day it falls on, even at midnight', () => {
    const due = { start: at(new Date(2026, 8, 18, 23, 59)), end: at(new Date(2026, 8, 18, 23, 59)) };
    expect(onDay(due, new Date(2026, 8, 18))).toBe(true);
    expect(onDay(due, new Date(2026, 8, 19))).toBe(false);
    const midnight = { start: at(new Date(2026, 8, 19)), end: at(new Date(2026, 8, 19)) };
    expect(onDay(midnight, new Date(2026, 8, 18))).toBe(false);
    expect(onDay(midnight, new Date(2026, 8, 19))).toBe(true);
  });
});

describe('date and time inputs', () => {
  it('reads a real local date and time, and refuses one that does not exist', () => {
    expect(localDateTime('2026-09-02', '10:30')).toEqual(new Date(2026, 8, 2, 10, 30));
    expect(localDateTime('2026-02-30', '10:30')).toBeNull();
    expect(localDateTime('2026-09-02', '')).toBeNull();
    expect(localDateTime('', '10:30')).toBeNull();
  });
});
