/**
 * The summary statistics every section reports. Percentiles are nearest-rank (the value at rank
 * ceil(p/100 * n) of the sorted sample): a reported p95 is a time that really happened, never one
 * interpolated between two presses, and the median of 5 start-ups is the third fastest.
 */

export function percentile(sample: readonly number[], p: number): number {
  if (sample.length === 0) throw new RangeError('percentile of an empty sample');
  if (!(p > 0 && p <= 100)) throw new RangeError(`percentile must be in (0, 100]: ${p}`);
  if (sample.some((x) => !Number.isFinite(x))) throw new RangeError('percentile of a sample with a non-finite value');
  const sorted = [...sample].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.max(1, rank) - 1]!;
}

export function median(sample: readonly number[]): number {
  return percentile(sample, 50);
}

export interface Summary {
  n: number;
  p50: number;
  p95: number;
  max: number;
}

/** p50, p95 and the worst, rounded to 0.1 ms for the table and the JSON. */
export function summarize(sample: readonly number[]): Summary {
  return { n: sample.length, p50: round(percentile(sample, 50)), p95: round(percentile(sample, 95)), max: round(percentile(sample, 100)) };
}

export function round(x: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
