import { EventEmitter } from 'node:events';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { allowListedOpener, externalUrlAllowed, systemBrowser } from '../../electron/host/external-url';

// What the system's opener is started with: every local account can read a process's arguments.
const spawned = vi.hoisted(() => [] as { command: string; args: readonly string[] }[]);
vi.mock('node:child_process', () => ({
  spawn: (command: string, args: readonly string[]) => {
    spawned.push({ command, args });
    const child = Object.assign(new EventEmitter(), { unref: () => undefined });
    queueMicrotask(() => child.emit('spawn'));
    return child;
  },
}));

// The system browser opens only the Learn site being signed in to (or the demo sandbox).
describe('openExternal allow-list', () => {
  const site = 'https://learn.example.edu';

  it('lets through http(s) URLs of an allowed origin only', () => {
    expect(externalUrlAllowed(`${site}/learn/api/public/v1/oauth2/authorizationcode?client_id=k`, [site])).toBe(true);
    expect(externalUrlAllowed('http://127.0.0.1:4000/learn/x', [undefined, 'http://127.0.0.1:4000'])).toBe(true);
    for (const url of [
      'https://learn.example.edu.evil.com/',
      'https://evil.example/?r=https://learn.example.edu',
      'http://learn.example.edu/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'ms-settings:',
      'https://user:pw@learn.example.edu/',
      'not a url',
    ]) {
      expect(externalUrlAllowed(url, [site]), url).toBe(false);
    }
    expect(externalUrlAllowed(`${site}/`, [undefined])).toBe(false);
  });

  it('never calls the opener for a refused URL', async () => {
    const opened: string[] = [];
    const open = allowListedOpener((url) => Promise.resolve(void opened.push(url)), () => [site]);
    await expect(open('https://evil.example/')).rejects.toThrow(/only the Learn site/);
    await open(`${site}/learn/`);
    expect(opened).toEqual([`${site}/learn/`]);
  });
});

describe('the system browser is opened with no secret on its command line', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  const launchLink = 'http://127.0.0.1:41234/launch?code=LAUNCHCODEaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
  const signInUrl =
    'https://learn.example.edu/learn/api/public/v1/oauth2/authorizationcode?redirect_uri=http%3A%2F%2F127.0.0.1%3A5000%2Fcallback&response_type=code&client_id=KEY&scope=read&state=STATEsecretvalue&code_challenge=CHALLENGEvalue&code_challenge_method=S256';

  for (const platform of ['linux', 'darwin', 'win32'] as const) {
    it(`on ${platform}: the opener gets a 0600 page in the 0700 data folder that forwards to the link, and only its path`, async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'rollbook-opener-'));
      dirs.push(dataDir);
      for (const url of [launchLink, signInUrl]) {
        spawned.length = 0;
        await systemBrowser(dataDir, platform)(url);
        expect(spawned).toHaveLength(1);
        const argv = [spawned[0]?.command ?? '', ...(spawned[0]?.args ?? [])].join(' ');
        for (const secret of ['LAUNCHCODE', 'code=', 'STATEsecretvalue', 'CHALLENGEvalue', 'authorizationcode', 'http']) expect(argv).not.toContain(secret);
        const page = spawned[0]?.args.at(-1) ?? '';
        expect(page.startsWith(join(dataDir, 'open-in-browser-'))).toBe(true);
        if (process.platform !== 'win32') {
          expect((await stat(page)).mode & 0o777).toBe(0o600);
          expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
        }
        // The page forwards to the very URL (HTML-escaped in the attribute).
        expect(await readFile(page, 'utf8')).toContain(`content="0;url=${url.replace(/&/g, '&amp;')}"`);
      }
    });
  }
});
