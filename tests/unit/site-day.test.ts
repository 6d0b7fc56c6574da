import { describe, expect, it } from 'vitest';
import { dayStart, heldOpGoes } from '../../shared/domain/site-day';

describe("the days of a site's request quota", () => {
  const reset = '2026-11-29T02:00:00.000Z';

  it('starts day 2 at the next reset and each later day a day after', () => {
    expect(dayStart(reset, 2)).toBe(reset);
    expect(dayStart(reset, 4)).toBe('2026-12-01T02:00:00.000Z');
  });

  it('lets a held op go when its time has come, or when Learn reports a window that began after it', () => {
    const before = Date.parse(reset) - 60_000;
    expect(heldOpGoes(reset, before, null)).toBe(false);
    expect(heldOpGoes(reset, Date.parse(reset), null)).toBe(true);
    // The same window, its reset time rounded differently: still held.
    expect(heldOpGoes(reset, before, { resetAt: '2026-11-29T02:00:05.000Z' })).toBe(false);
    // Learn's next window (this computer's clock behind): it goes.
    expect(heldOpGoes(reset, before, { resetAt: '2026-11-30T01:59:00.000Z' })).toBe(true);
  });
});
