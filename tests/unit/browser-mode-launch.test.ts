import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { browserPort } from '../../electron/host/browser-port';
import { BrowserSessions, IDLE_LIMIT_MS } from '../../electron/host/browser-session';
import { askRunningHost, CONTROL_PATH, startLaunchControl } from '../../electron/host/launch-control';

const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});
async function folder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'rollbook-launch-'));
  dirs.push(dir);
  return dir;
}
const withCookie = (cookie: string | undefined): IncomingMessage => ({ headers: cookie === undefined ? {} : { cookie } }) as IncomingMessage;

describe('launch links', () => {
  it('open once, and not after a day', () => {
    const sessions = new BrowserSessions(24000);
    const code = sessions.newCode(0);
    expect(sessions.redeem(code, 1000)).toBeDefined();
    expect(sessions.redeem(code, 1000)).toBeUndefined();
    const late = sessions.newCode(0);
    expect(sessions.redeem(late, 24 * 60 * 60 * 1000 + 1)).toBeUndefined();
    expect(sessions.redeem(null)).toBeUndefined();
    expect(sessions.redeem('')).toBeUndefined();
  });

  it("need the session's own cookie for pages, and the session's key for calls", () => {
    const sessions = new BrowserSessions(24000);
    const a = sessions.redeem(sessions.newCode());
    const b = sessions.redeem(sessions.newCode());
    if (!a || !b) throw new Error('both links are fresh');
    const cookieA = `rollbook-24000=${a.cookie}`;
    expect(sessions.setCookie(a)).toBe(`${cookieA}; HttpOnly; SameSite=Strict; Path=/`);
    expect(sessions.hasCookie(withCookie(`theme=dark; ${cookieA}`))).toBe(true);
    expect(sessions.hasCookie(withCookie(`rollbook-24001=${a.cookie}`))).toBe(false);
    expect(sessions.hasCookie(withCookie(undefined))).toBe(false);
    expect(sessions.sessionOfKey(a.key)).toBe(a);
    expect(sessions.sessionOfKey(b.key)).toBe(b);
    for (const wrong of [undefined, null, '', `${a.key}x`, a.cookie]) expect(sessions.sessionOfKey(wrong)).toBeUndefined();
  });

  it('end after eight idle hours unless a window listens, and all end when the host stops', () => {
    const sessions = new BrowserSessions(24000);
    const idle = sessions.redeem(sessions.newCode(0), 0);
    const used = sessions.redeem(sessions.newCode(0), 0);
    const listening = sessions.redeem(sessions.newCode(0), 0);
    if (!idle || !used || !listening) throw new Error('the links are fresh');
    const closeStream = sessions.streamOpened(listening);
    const hour = 60 * 60 * 1000;
    expect(sessions.sessionOfKey(used.key, 7 * hour)).toBe(used);
    // Eight hours and a minute after the idle one's last call, it is gone, cookie and key.
    const later = IDLE_LIMIT_MS + 60_000;
    expect(IDLE_LIMIT_MS).toBe(8 * hour);
    expect(sessions.sessionOfKey(idle.key, later)).toBeUndefined();
    expect(sessions.hasCookie(withCookie(`rollbook-24000=${idle.cookie}`), later)).toBe(false);
    expect(sessions.sessionOfKey(used.key, later)).toBe(used);
    expect(sessions.sessionOfKey(listening.key, later)).toBe(listening);
    closeStream();
    sessions.revokeAll();
    for (const s of [used, listening]) expect(sessions.sessionOfKey(s.key, later)).toBeUndefined();
    expect(sessions.hasCookie(withCookie(`rollbook-24000=${used.cookie}`), later)).toBe(false);
  });
});

describe('the port', () => {
  it('follows ROLLBOOK_PORT, and says what is wrong with a bad one', async () => {
    const dir = await folder();
    expect(await browserPort(dir, { ROLLBOOK_PORT: '31234' })).toEqual({ port: 31234, source: 'ROLLBOOK_PORT' });
    await expect(browserPort(dir, { ROLLBOOK_PORT: 'eighty' })).rejects.toThrow('ROLLBOOK_PORT must be a port number (0-65535); it is "eighty".');
  });

  it('is not silently moved when its file is damaged', async () => {
    const dir = await folder();
    await writeFile(join(dir, 'browser-port.json'), '{"port": "soon"}');
    await expect(browserPort(dir, {})).rejects.toThrow(/browser-port\.json is damaged\. Put back \{"port": <the port Rollbook used>\} or delete the file/);
  });
});

describe('a second start asking the running Rollbook for a link', () => {
  it('gets one from the Rollbook that shares its data folder', async () => {
    const dir = await folder();
    const server = createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    const answer = await startLaunchControl(dir, port);
    const asked: unknown[] = [];
    server.on('request', (req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        asked.push(JSON.parse(body));
        const reply = req.url === CONTROL_PATH ? answer(JSON.parse(body), () => `http://127.0.0.1:${port}/launch?code=fresh`) : undefined;
        res.writeHead(reply ? 200 : 403, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(reply ?? {}));
      });
    });
    try {
      expect(await askRunningHost(dir, port)).toEqual({ kind: 'rollbook', launchUrl: `http://127.0.0.1:${port}/launch?code=fresh` });
      // The question carries a proof, never the secret itself.
      const { secret } = JSON.parse(await readFile(join(dir, 'browser-control.json'), 'utf8')) as { secret: string };
      expect(JSON.stringify(asked)).not.toContain(secret);
      // A question without the secret gets nothing.
      expect(answer({ nonce: 'n'.repeat(24), proof: 'guess' }, () => 'never')).toBeUndefined();
      // Another data folder (another user's, or a stale run's secret) is not answered as this one.
      const other = await folder();
      await writeFile(join(other, 'browser-control.json'), JSON.stringify({ port, secret: 'y'.repeat(43) }));
      expect(await askRunningHost(other, port)).toEqual({ kind: 'not-rollbook' });
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
