import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * The totals `.ci/run` prints (scripts/count-results.mjs) over the tier reports `npm test` leaves in
 * .test-results/: a desktop tier that could not run is named as skipped and counted neither as
 * passed nor as failed; a tier with no report at all counts as a failure.
 */
const SCRIPT = resolve('scripts/count-results.mjs');
const report = (passed: number, failed: number) => ({ numPassedTests: passed, numFailedTests: failed, testResults: [] });
let dir = '';

function totals(files: Record<string, unknown>): string[] {
  dir = mkdtempSync(join(tmpdir(), 'rollbook-totals-'));
  mkdirSync(join(dir, '.test-results'));
  const all: Record<string, unknown> = { 'gates.json': { failed: [] }, 'unit.json': report(5, 0), 'integration.json': report(4, 0), 'e2e.json': report(3, 0), 'e2e-solo.json': report(1, 0), ...files };
  for (const [name, body] of Object.entries(all)) if (body !== undefined) writeFileSync(join(dir, '.test-results', name), JSON.stringify(body));
  return execFileSync(process.execPath, [SCRIPT], { cwd: dir, encoding: 'utf8' }).trim().split('\n');
}

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the totals .ci/run prints', () => {
  it('names a desktop tier that could not run as skipped, with its reason, and counts it neither way', () => {
    const lines = totals({ 'desktop-skipped.json': { reason: 'no Electron runtime: node_modules/electron has no binary' } });
    expect(lines).toContain('desktop: skipped (no Electron runtime: node_modules/electron has no binary)');
    expect(lines.at(-1)).toBe('13 passed, 0 failed');
  });

  it('counts the desktop tier where it ran, its failures included', () => {
    const lines = totals({ 'desktop.json': report(6, 1) });
    expect(lines).toContain('desktop: 6 passed, 1 failed, 0 files failed to load');
    expect(lines.at(-1)).toBe('19 passed, 1 failed');
  });

  it('counts a desktop tier that left neither a report nor a reason as a failure', () => {
    const lines = totals({});
    expect(lines).toContain('desktop: no report (the tier did not run)');
    expect(lines.at(-1)).toBe('13 passed, 1 failed');
  });
});
