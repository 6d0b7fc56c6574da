import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDispatcher, type Handlers } from '../../electron/core/ipc/dispatcher';
import { startWebHost, type RunningWebHost } from '../../electron/web-host';
import { contract, type Channel } from '../../shared/ipc/contract';
import { openSession } from '../support/browser-session';
import { configureLogger } from '../../shared/logger';

/**
 * IPC guards, walked over EVERY channel of the contract (a channel added later is covered without
 * touching this file):
 * - the dispatcher both hosts use refuses a request that fails the channel's schema before the
 *   handler runs (handlers here only record that they were called);
 * - browser mode's HTTP IPC refuses a call without the launch link's key (the cookie alone is no
 *   key: any local server receives it), with a wrong one, from another Origin or site, or for another Host (DNS rebinding), and the event stream likewise.
 * The desktop host's sender check is in tests/unit/security-desktop-host.test.ts.
 */
const CHANNELS = Object.keys(contract) as Channel[];
/** Values that no channel's request schema may accept (every request is a strict object). */
const NOT_A_REQUEST: unknown[] = [42, 'text', true, [], [{}], { unexpectedField: 1 }, { __proto__: { polluted: true }, constructor: 'x' }];

beforeAll(() => configureLogger({ level: 'error' }));
afterAll(() => configureLogger({ level: 'info' }));

describe('the dispatcher, on every channel', () => {
  const called: string[] = [];
  const handlers = new Proxy({} as Handlers, {
    get: (_target, channel: string) => () => {
      called.push(channel);
      return Promise.resolve({});
    },
  });
  const dispatch = createDispatcher(handlers);

  it.each(CHANNELS)('%s refuses requests that fail its schema, before its handler runs', async (channel) => {
    for (const bad of NOT_A_REQUEST) {
      const result = await dispatch(channel, bad);
      expect(result.ok, `${channel} accepted ${JSON.stringify(bad)}`).toBe(false);
      if (!result.ok) {
        expect(result.error.name).toBe('InvalidRequest');
        // A plain sentence for the screen; what was wrong, for whoever helps, as its Details.
        expect(result.error.words?.key).toBe('hostnotes.refused.invalidRequest');
        expect(result.error.detail).toContain(channel);
      }
    }
    expect(called).toEqual([]);
  });

  it('refuses unknown channels, including names inherited from Object', async () => {
    for (const name of ['learn.everything', '__proto__', 'constructor', 'toString', 'hasOwnProperty', '']) {
      expect(await dispatch(name, {})).toMatchObject({ ok: false, error: { name: 'UnknownChannel' } });
    }
    expect(called).toEqual([]);
  });

  it('does call the handler for a request that passes (so the refusals above mean something)', async () => {
    await dispatch('app.info', {});
    expect(called).toEqual(['app.info']);
  });
});

describe('browser mode HTTP IPC guards, on every channel', () => {
  let host: RunningWebHost;
  let dir: string;
  let origin: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rollbook-sec-ipc-'));
    await writeFile(join(dir, 'index.html'), '<!doctype html><html><head></head><body>Rollbook</body></html>');
    host = await startWebHost({ port: 0, demo: false, dataDir: dir, rendererDir: dir, openExternal: () => Promise.reject(new Error('no browser in tests')) });
    origin = host.url.replace(/\/$/, '');
  });
  afterAll(async () => {
    await host.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** A raw request, so the Host header can be anything (fetch would not let a test set it). */
  function send(path: string, headers: Record<string, string>, body?: string, method = 'POST'): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port: host.port, path, method, headers: { Host: `127.0.0.1:${host.port}`, ...headers } }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      req.on('error', reject);
      req.end(body);
    });
  }
  const json = { 'Content-Type': 'application/json' };

  it.each(CHANNELS)('%s refuses a call without the launch key, from another Origin, site or Host', async (channel) => {
    const path = `/ipc/${encodeURIComponent(channel)}`;
    const mine = await openSession(host);
    const wrongKey = mine.key.slice(0, -1) + (mine.key.endsWith('A') ? 'B' : 'A');
    const good = { ...json, Origin: origin, Cookie: mine.cookie, 'X-Rollbook-Key': mine.key };
    const refusals = [
      await send(path, { ...json, Origin: origin }, '{}'),
      await send(path, { ...json, Origin: origin, Cookie: mine.cookie }, '{}'),
      await send(path, { ...good, 'X-Rollbook-Key': wrongKey }, '{}'),
      await send(path, { ...good, 'X-Rollbook-Key': `${mine.key}x` }, '{}'),
      // The cookie is not a key: another local server receives it (cookies are not per port).
      await send(path, { ...good, 'X-Rollbook-Key': mine.cookie.split('=')[1] ?? '' }, '{}'),
      await send(path, { ...good, Origin: 'http://evil.example' }, '{}'),
      await send(path, { ...good, Origin: `http://127.0.0.1:${host.port + 1}` }, '{}'),
      await send(path, { ...good, Origin: `http://localhost:${host.port}` }, '{}'),
      await send(path, { ...good, Origin: 'null' }, '{}'),
      // No Origin at all: a browser sends one with every POST, so this is not the app's page.
      await send(path, { ...json, Cookie: mine.cookie, 'X-Rollbook-Key': mine.key }, '{}'),
      // Another port of 127.0.0.1 is the same site, so the browser may send the cookie: not the same origin.
      await send(path, { ...good, 'Sec-Fetch-Site': 'same-site' }, '{}'),
    ];
    expect(refusals.map((r) => r.status)).toEqual(refusals.map(() => 403));
    for (const rebound of ['evil.example', `evil.example:${String(host.port)}`, 'rollbook.localhost', '127.0.0.1:1', `localhost:${host.port}`]) {
      expect((await send(path, { ...good, Host: rebound }, '{}')).status, rebound).toBe(421);
    }
    // A cross-site "simple" request (form post, text/plain) never reaches the dispatcher either.
    expect((await send(path, { ...good, 'Content-Type': 'text/plain' }, '{}')).status).toBe(415);
    // With everything right the call is heard, and an invalid request is refused by its schema.
    const heard = await send(path, { ...good, 'Sec-Fetch-Site': 'same-origin' }, '42');
    expect(heard.status).toBe(200);
    expect(JSON.parse(heard.body)).toMatchObject({ ok: false, error: { name: 'InvalidRequest' } });
  });

  it('keeps a window working after another local server overwrote its launch cookie', async () => {
    // Any server on 127.0.0.1:<another port> the owner visits can set a cookie of the same name
    // (browsers do not separate cookies by port); calls rest on the key, which stays per origin.
    const mine = await openSession(host);
    const overwritten = `${mine.cookie.split('=')[0] ?? ''}=set-by-another-local-server`;
    const call = await send('/ipc/app.info', { ...json, Origin: origin, Cookie: overwritten, 'X-Rollbook-Key': mine.key, 'Sec-Fetch-Site': 'same-origin' }, '{}');
    expect(call.status).toBe(200);
    expect(JSON.parse(call.body)).toMatchObject({ ok: true });
    const events = await fetch(`${origin}/events?key=${mine.key}`, { headers: { Cookie: overwritten } });
    expect(events.status).toBe(200);
    await events.body?.cancel();
  });

  it('refuses the event stream without the key, or from another Origin or Host', async () => {
    const mine = await openSession(host);
    const events = (query: string, headers: Record<string, string>) => send(`/events${query}`, headers, undefined, 'GET');
    expect((await events('', { Cookie: mine.cookie })).status).toBe(403);
    expect((await events('?key=wrong', { Cookie: mine.cookie })).status).toBe(403);
    expect((await events(`?key=${mine.key}`, { Cookie: mine.cookie, Origin: 'http://evil.example' })).status).toBe(403);
    expect((await events(`?key=${mine.key}`, { Cookie: mine.cookie, 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    expect((await events(`?key=${mine.key}`, { Cookie: mine.cookie, Host: 'evil.example' })).status).toBe(421);
  });
});
