import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

/** Runs a command of the project in its own process group; `output` grows as it prints. */
function run(args: string[], env: Record<string, string>): { child: ChildProcessWithoutNullStreams; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  return { child, output: () => output, exited };
}

async function waitFor(pattern: RegExp, started: ReturnType<typeof run>, seconds: number): Promise<RegExpExecArray> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const match = pattern.exec(started.output());
    if (match) return match;
    if (started.child.exitCode !== null || Date.now() > deadline) throw new Error(`no ${String(pattern)} within ${seconds} s; output:\n${started.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

// `npm start` on a machine without Electron (this one, and CI) must say so in one clear line and
// fall back to browser mode, which opens only from the launch link it prints.
describe('npm start without an Electron runtime', () => {
  const stop: (() => void)[] = [];
  const dirs: string[] = [];
  afterAll(async () => {
    for (const s of stop) {
      try {
        s();
      } catch {
        // It had already ended.
      }
    }
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  it('falls back to browser mode with a clear line, prints a launch link, and a second start prints a fresh one', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'rollbook-npm-start-'));
    dirs.push(dataDir);
    const first = run(['scripts/start.mjs'], { ROLLBOOK_PORT: '0', ROLLBOOK_DATA_DIR: dataDir, ROLLBOOK_NO_OPEN: '1' });
    stop.push(() => first.child.pid && process.kill(-first.child.pid, 'SIGTERM'));
    const [, url, link] = (await waitFor(/running in browser mode at (http:\/\/127\.0\.0\.1:\d+\/)[\s\S]*?(http:\/\/127\.0\.0\.1:\d+\/launch\?code=[\w-]+)/, first, 90)) as unknown as [string, string, string];
    expect(first.output()).toMatch(/no Electron runtime is installed on this machine .*; starting browser mode instead/);

    // Anyone can reach the address; without the link they get directions and no secret.
    const bare = await fetch(url);
    expect(bare.status).toBe(401);
    const directions = await bare.text();
    expect(directions).toContain('npm start');
    expect(directions).not.toMatch(/<script|rollbook-key=|code=[\w-]{20}/);

    // The link opens it once: the app's page itself, with the cookie and the key.
    const opened = await fetch(link, { redirect: 'manual' });
    expect(opened.status).toBe(200);
    const cookie = (opened.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect(opened.headers.get('set-cookie')).toMatch(/^rollbook-\d+=[\w-]{40,}; HttpOnly; SameSite=Strict; Path=\/$/);
    const launched = await opened.text();
    expect(launched).toMatch(/<meta name="rollbook-key" content="[\w-]{40,}">/);
    expect(launched).toContain('<title>Rollbook</title>');
    expect(opened.headers.get('content-security-policy')).toContain("script-src 'self'");
    const app = await fetch(url, { headers: { Cookie: cookie } });
    expect(app.status).toBe(200);
    expect(await app.text()).toContain('<title>Rollbook</title>');
    expect(app.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect((await fetch(link, { redirect: 'manual' })).status).toBe(403);

    // A second start on the same port and data folder: a fresh link for the running host, no failure
    // (its host bundled again beside the running one, which keeps what it loaded).
    const port = new URL(url).port;
    const second = run(['scripts/start.mjs'], { ROLLBOOK_PORT: port, ROLLBOOK_DATA_DIR: dataDir, ROLLBOOK_NO_OPEN: '1' });
    stop.push(() => second.child.pid && process.kill(-second.child.pid, 'SIGTERM'));
    expect(await second.exited).toBe(0);
    const fresh = /Rollbook is already running in browser mode at http:\/\/127\.0\.0\.1:(\d+)\/[\s\S]*?(http:\/\/127\.0\.0\.1:\d+\/launch\?code=[\w-]+)/.exec(second.output());
    expect(fresh?.[1], second.output()).toBe(port);
    expect(fresh?.[2]).not.toBe(link);
    expect((await fetch(fresh?.[2] ?? '', { redirect: 'manual' })).status).toBe(200);
  }, 120_000);
});
