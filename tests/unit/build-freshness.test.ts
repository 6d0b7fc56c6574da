import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { staleBecause } from '../../scripts/build-freshness.mjs';

// `npm start` builds the renderer only when its build is older than a source: a start
// that skips a needed build would serve yesterday's app, one that never skips waits 20 s each time.
let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Writes `path` (under the temporary folder) with its modification time `minutesAgo` minutes ago. */
function file(path: string, minutesAgo: number): void {
  const full = join(dir, path);
  mkdirSync(join(full, '..'), { recursive: true });
  writeFileSync(full, path);
  const at = new Date(Date.now() - minutesAgo * 60_000);
  utimesSync(full, at, at);
}

function age(path: string, minutesAgo: number): void {
  const at = new Date(Date.now() - minutesAgo * 60_000);
  utimesSync(join(dir, path), at, at);
}

describe('whether the renderer must be built again', () => {
  it('builds when there is no build, skips when every source is older, and names the source that changed', () => {
    dir = mkdtempSync(join(tmpdir(), 'rollbook-freshness-'));
    file('renderer/src/App.svelte', 60);
    file('renderer/src/features/today/TodayScreen.svelte', 50);
    file('package-lock.json', 90);
    age('renderer/src/features/today', 50);
    age('renderer/src/features', 50);
    age('renderer/src', 50);
    age('renderer', 50);
    const inputs = [join(dir, 'renderer'), join(dir, 'package-lock.json'), join(dir, 'vite.config.ts')]; // one input does not exist
    const output = join(dir, 'dist/renderer/index.html');
    expect(staleBecause(output, inputs)).toBe('not built yet');

    file('dist/renderer/index.html', 10);
    expect(staleBecause(output, inputs)).toBeUndefined();

    // A screen edited after the build, deep in the tree.
    file('renderer/src/features/today/TodayScreen.svelte', 1);
    expect(staleBecause(output, inputs)).toBe(`${join(dir, 'renderer')} changed since the last build`);

    // Built again; then new dependencies installed.
    file('dist/renderer/index.html', 0.5);
    expect(staleBecause(output, inputs)).toBeUndefined();
    file('package-lock.json', 0);
    expect(staleBecause(output, inputs)).toBe(`${join(dir, 'package-lock.json')} changed since the last build`);
  });

  it('builds again when a source file was deleted: its folder changed', () => {
    dir = mkdtempSync(join(tmpdir(), 'rollbook-freshness-'));
    file('renderer/src/old-screen.ts', 60);
    file('renderer/src/App.svelte', 60);
    age('renderer/src', 60);
    age('renderer', 60);
    file('dist/renderer/index.html', 10);
    const inputs = [join(dir, 'renderer')];
    const output = join(dir, 'dist/renderer/index.html');
    expect(staleBecause(output, inputs)).toBeUndefined();
    rmSync(join(dir, 'renderer/src/old-screen.ts'));
    expect(staleBecause(output, inputs)).toBe(`${join(dir, 'renderer')} changed since the last build`);
  });
});
