import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from '../../electron/core/http/retry-policy';

const NOW = Date.UTC(2026, 8, 1, 12, 0, 0);

describe('Retry-After parsing', () => {
  it('reads delta-seconds', () => {
    expect(parseRetryAfter('0', NOW)).toBe(0);
    expect(parseRetryAfter('1', NOW)).toBe(1000);
    expect(parseRetryAfter(' 120 ', NOW)).toBe(120_000);
    expect(parseRetryAfter('86400', NOW)).toBe(86_400_000);
  });

  it('reads an IMF-fixdate relative to now', () => {
    expect(parseRetryAfter('Tue, 01 Sep 2026 12:00:45 GMT', NOW)).toBe(45_000);
  });

  it('reads the obsolete RFC 850 and asctime forms (asctime means GMT)', () => {
    expect(parseRetryAfter('Tuesday, 01-Sep-26 12:01:00 GMT', NOW)).toBe(60_000);
    expect(parseRetryAfter('Tue Sep  1 12:02:00 2026', NOW)).toBe(120_000);
  });

  it('treats a date in the past as "now"', () => {
    expect(parseRetryAfter('Tue, 01 Sep 2026 11:00:00 GMT', NOW)).toBe(0);
  });

  it.each([null, undefined, '', '  ', 'soon', '-5', '1.5', '12abc', '2026-09-01', 'Xyz, 99 Foo 2026 99:99:99 GMT'])('ignores %j', (value) => {
    expect(parseRetryAfter(value, NOW)).toBeUndefined();
  });
});
