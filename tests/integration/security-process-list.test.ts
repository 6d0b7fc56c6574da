import { spawn, spawnSync } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * A second local account watching the process list while `npm start` opens its launch link: any
 * account may read `/proc/<pid>/cmdline`, and a review spent the link's one-time code 22 ms after
 * `xdg-open <link>` appeared. The watcher here runs as `nobody` (setpriv), so it sees exactly what
 * another account sees. Dropping to another uid needs root and setpriv (util-linux); where the test
 * runs without them it is skipped and says so, and tests/unit/host-external-url.test.ts still
 * checks the opener's arguments on every platform.
 */
const NOBODY = 65534;
const canDrop = process.platform === 'linux' && process.getuid?.() === 0 && spawnSync('setpriv', ['--version']).status === 0;

/** Polls every process's arguments as `nobody` until its stdin closes; prints what it saw as JSON. */
const WATCHER = `
const fs = require('node:fs');
const seen = new Set();
let stop = false;
process.stdin.on('data', () => undefined).on('end', () => (stop = true));
const tick = () => {
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\\d+$/.test(pid)) continue;
    try { const line = fs.readFileSync('/proc/' + pid + '/cmdline', 'utf8').split('\\0').join(' ').trim(); if (line) seen.add(line); } catch {}
  }
  if (!stop) setTimeout(tick, 2);
  else {
    const lines = [...seen];
    // What the watcher could do with a path it saw in an opener's arguments: read it?
    const readable = lines.filter((l) => l.includes('open-in-browser-')).map((l) => l.split(' ').pop()).filter((f) => { try { fs.readFileSync(f); return true; } catch { return false; } });
    process.stdout.write(JSON.stringify({ lines, readable }));
  }
};
tick();
`;

describe.runIf(canDrop)('another local account watching the process list', () => {
  const cleanup: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  it('sees the opener start with a redirect page it cannot read, and never the launch link', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'rollbook-argv-'));
    const bin = await mkdtemp(join(tmpdir(), 'rollbook-argv-bin-'));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }), () => rm(bin, { recursive: true, force: true }));
    await chmod(bin, 0o755);
    const opened = join(bin, 'opened.txt');
    // The "system browser": records what it was given and stays up a while, as a real one does.
    await writeFile(join(bin, 'xdg-open'), `#!/bin/sh\nprintf '%s\\n' "$*" >> '${opened}'\nsleep 2\n`, { mode: 0o755 });

    const watcher = spawn('setpriv', [`--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', process.execPath, '-e', WATCHER], { stdio: ['pipe', 'pipe', 'inherit'] });
    let report = '';
    watcher.stdout.on('data', (d: Buffer) => (report += d.toString()));
    const watched = new Promise<void>((done) => watcher.on('exit', () => done()));
    await new Promise((r) => setTimeout(r, 300));

    const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${bin}:${process.env.PATH ?? ''}`, DISPLAY: ':99', ROLLBOOK_DATA_DIR: dataDir };
    delete env.CI;
    delete env.ROLLBOOK_NO_OPEN;
    const host = spawn(process.execPath, ['--import', 'tsx', 'electron/web-host-cli.ts', '--port', '0'], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    cleanup.push(() => {
      try {
        if (host.pid) process.kill(-host.pid, 'SIGTERM');
      } catch {
        // It had already ended.
      }
    });
    let output = '';
    host.stdout.on('data', (d: Buffer) => (output += d.toString()));
    host.stderr.on('data', (d: Buffer) => (output += d.toString()));
    // Watch until the opener has been given its page (it then stays up 2 s), or 40 s at most.
    const deadline = Date.now() + 40_000;
    while (Date.now() < deadline && !(await readFile(opened, 'utf8').catch(() => ''))) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 1000));
    watcher.stdin.end();
    await watched;

    const link = /http:\/\/127\.0\.0\.1:\d+\/launch\?code=[\w-]+/.exec(output)?.[0];
    expect(link, output).toBeDefined();
    const code = new URL(link ?? '').searchParams.get('code') ?? '';
    const { lines, readable } = JSON.parse(report) as { lines: string[]; readable: string[] };

    // The watcher did see the opener (so it would have seen a link there)...
    const openerLine = lines.find((line) => line.includes(join(bin, 'xdg-open')));
    expect(openerLine, 'the watcher saw the opener start').toBeDefined();
    // ...but no process's arguments held the link or its code, and the page it names is not theirs to read.
    expect(lines.filter((line) => line.includes(code) || line.includes('/launch?'))).toEqual([]);
    expect(readable).toEqual([]);

    // The opener was given a page in the data folder, the owner's alone, that forwards to the link.
    const page = (await readFile(opened, 'utf8')).trim();
    expect(page.startsWith(join(dataDir, 'open-in-browser-'))).toBe(true);
    expect((await stat(page)).mode & 0o777).toBe(0o600);
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
    expect(await readFile(page, 'utf8')).toContain(`url=${link ?? ''}`);
  }, 60_000);
});

describe.skipIf(canDrop)('another local account watching the process list (needs root and setpriv)', () => {
  it.skip('runs only where the test can drop to an unprivileged uid: see tests/unit/host-external-url.test.ts for the opener arguments', () => undefined);
});
