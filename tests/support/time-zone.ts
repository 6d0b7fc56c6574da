import { afterAll, beforeAll } from 'vitest';

/**
 * Runs the file's tests in one time zone (words with a clock time in them depend on it), and gives
 * the process its own zone back afterwards.
 */
export function inTimeZone(zone: string): void {
  const was = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = zone;
  });
  afterAll(() => {
    if (was === undefined) delete process.env.TZ;
    else process.env.TZ = was;
  });
}
