import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startWebHost, type RunningWebHost } from '../../electron/web-host';
import { STREAM_PROOF_PATH } from '../../shared/ipc/stream-proof';
import { launchChromium, openRollbook, rendererDirOption } from '../support/browser';

/**
 * After Rollbook stops, another local account can take its port (it is visible with its owner in
 * /proc/net/tcp). The owner's window is still open: its event stream used to reconnect to the
 * squatter within about 3 s and send it the cookie and, in the stream's query, the key. Now it asks
 * the port's holder to prove it holds the key first, and the squatter cannot.
 */
interface Received {
  path: string;
  url: string;
  headers: Record<string, unknown>;
  body: string;
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Plays whatever a squatter would: a stream, a forged proof, a page; and records every request whole. */
async function startSquatter(port: number): Promise<Received[]> {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0] ?? '';
      received.push({ path, url: req.url ?? '', headers: req.headers, body });
      if (path === '/events') {
        res.writeHead(200, { 'Content-Type': 'text/event-stream' });
        return void res.end(': squatted\n\n');
      }
      if (path === STREAM_PROOF_PATH) {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        return void res.end(JSON.stringify({ proof: 'Zm9yZ2Vk' }));
      }
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end('<!doctype html><title>not Rollbook</title>');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  cleanups.push(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return received;
}

describe('the event stream after its host stops', () => {
  it('never sends the key, nor the cookie with its questions, to a squatter on the port, however long the window stays open', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'rollbook-e2e-squat-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const host: RunningWebHost = await startWebHost({ port: 0, demo: true, dataDir, ...rendererDirOption() });
    let hostOpen = true;
    cleanups.push(async () => void (hostOpen && (await host.close())));
    const browser = await launchChromium();
    cleanups.push(() => browser.close());

    const page = await browser.newPage();
    let streamsOpened = 0;
    page.on('response', (r) => void (new URL(r.url()).pathname === '/events' && r.status() === 200 && streamsOpened++));
    await openRollbook(page, host);
    // The window is live: its stream is open with the host that proved itself.
    await expect.poll(() => streamsOpened, { timeout: 30_000 }).toBeGreaterThan(0);
    const key = await page.evaluate(() => localStorage.getItem('rollbook-key'));
    const cookie = (await page.context().cookies()).find((c) => c.name.startsWith('rollbook-'))?.value;
    expect(key).toBeTruthy();
    expect(cookie).toBeTruthy();

    const { port } = host;
    await host.close();
    hostOpen = false;
    const received = await startSquatter(port);

    // The window keeps trying to reach its host: three tries at the squatter, which used to take
    // about 9 s of reconnects and now about 15 s of questions.
    const tries = (): number => received.filter((r) => r.path === '/events' || r.path === STREAM_PROOF_PATH).length;
    await expect.poll(tries, { timeout: 60_000, interval: 250 }).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(received)).not.toContain(key);
    // The cookie opens only the app's files, none secret (browser-session.ts): a chunk the page loads
    // late goes to whoever holds the port with it, as it goes to every local server the owner
    // visits (cookies are not bound to a port). The stream's questions carry it no more than the key.
    const streamTries = received.filter((r) => r.path === '/events' || r.path === STREAM_PROOF_PATH);
    expect(JSON.stringify(streamTries)).not.toContain(cookie);
    // It asked, the forged answer did not pass, and no stream was opened to the squatter.
    expect(received.map((r) => r.path)).not.toContain('/events');
  }, 120_000);
});
