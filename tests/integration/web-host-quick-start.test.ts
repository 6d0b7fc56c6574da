import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSession, type OpenedSession } from '../support/browser-session';
import { startWebHost, type RunningWebHost } from '../../electron/web-host';

/**
 * A quick start: browser mode gives out its launch link as soon as its port is bound,
 * and the demo sandbox and the kept sign-in start while the browser loads the page. A link used
 * at once must work: the page comes, and IPC calls made before the rest is up are answered once
 * it is (never refused for being early).
 */
describe('browser mode gives out its link as soon as it listens', () => {
  let host: RunningWebHost | undefined;
  let dataDir = '';
  afterAll(async () => {
    await host?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('serves the page from a link used at once, and answers the first IPC calls', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'rollbook-quick-start-'));
    const rendererDir = join(dataDir, 'renderer');
    await mkdir(rendererDir);
    await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>Rollbook</title><div id="app"></div>');

    // What a browser does with the link the moment it is printed: the launch page, the app page, the first calls.
    let early: Promise<{ page: Response; info: unknown; status: unknown }> | undefined;
    const linkGiven: string[] = [];
    const started = startWebHost({
      port: 0,
      demo: true,
      dataDir,
      rendererDir,
      onListening: ({ url, launchUrl }) => {
        linkGiven.push(url);
        early = (async () => {
          const session: OpenedSession = await openSession({ url, launchUrl });
          const page = await fetch(url, { headers: { Cookie: session.cookie } });
          const call = async (channel: string): Promise<unknown> =>
            (await fetch(`${session.origin}/ipc/${channel}`, { method: 'POST', headers: session.headers(), body: '{}' })).json();
          const [info, status] = await Promise.all([call('app.info'), call('auth.status')]);
          return { page, info, status };
        })();
      },
    });
    host = await started;
    expect(linkGiven).toEqual([host.url]);
    if (!early) throw new Error('onListening was not called');
    const { page, info, status } = await early;
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="app">');
    expect(info).toMatchObject({ ok: true, value: { mode: 'demo', host: 'browser' } });
    expect(status).toEqual({ ok: true, value: { state: 'signed-out', mode: 'demo' } });
  });
});
