import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// `npm start` on a machine without Electron (this one, and CI) must say so in one clear line and
// fall back to browser mode, serving the app in demo mode.
describe('npm start without an Electron runtime', () => {
  it('falls back to browser mode with a clear line and serves the app', async () => {
    const child = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: resolve(import.meta.dirname, '../..'),
      env: { ...process.env, ROLLBOOK_PORT: '0' },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    try {
      const url = await new Promise<string>((done, fail) => {
        const timer = setTimeout(() => fail(new Error(`no browser-mode address within 60 s; output:\n${output}`)), 60_000);
        const check = (): void => {
          const m = /running in browser mode at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(output);
          if (m) {
            clearTimeout(timer);
            done(m[1] as string);
          }
        };
        child.stdout.on('data', check);
        child.stderr.on('data', check);
        child.on('exit', (code) => fail(new Error(`npm start exited with ${code}; output:\n${output}`)));
      });
      expect(output).toMatch(/no Electron runtime is installed on this machine .*; starting browser mode instead/);
      const page = await fetch(url);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('<title>Rollbook</title>');
      expect(html).toMatch(/<meta name="rollbook-ipc-token" content="[\w-]{40,}">/);
      expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    } finally {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    }
  }, 90_000);
});
