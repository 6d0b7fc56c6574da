import { describe, expect, it } from 'vitest';
import { median, percentile, summarize } from '../../bench/stats';

describe('bench percentiles (nearest rank)', () => {
  it('gives a value that happened: p95 of 1..200 is the 190th, p50 the 100th', () => {
    const sample = Array.from({ length: 200 }, (_, i) => 200 - i); // unsorted on purpose
    expect(percentile(sample, 95)).toBe(190);
    expect(percentile(sample, 50)).toBe(100);
    expect(percentile(sample, 100)).toBe(200);
    expect(percentile(sample, 0.1)).toBe(1);
  });

  it('takes the median of five start-ups as the third fastest', () => {
    expect(median([900, 450, 700, 500, 5000])).toBe(700);
  });

  it('lets one slow press in twenty show at p95 only when it is more than 5%', () => {
    const fast = Array.from({ length: 19 }, () => 5);
    expect(percentile([...fast, 80], 95)).toBe(5);
    expect(percentile([...fast.slice(1), 80, 80], 95)).toBe(80);
  });

  it('does not change the caller\'s sample, and refuses empty or broken ones', () => {
    const sample = [3, 1, 2];
    percentile(sample, 50);
    expect(sample).toEqual([3, 1, 2]);
    expect(() => percentile([], 50)).toThrow(/empty/);
    expect(() => percentile([1, Number.NaN], 50)).toThrow(/non-finite/);
    expect(() => percentile([1], 0)).toThrow(RangeError);
  });

  it('summarises to 0.1 ms', () => {
    expect(summarize([1.04, 2.06, 3.01, 10.55])).toEqual({ n: 4, p50: 2.1, p95: 10.6, max: 10.6 });
  });
});
