import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDispatcher, type Handlers } from '../../electron/core/ipc/dispatcher';
import { startWebHost, type RunningWebHost } from '../../electron/web-host';
import { contract, type Channel } from '../../shared/ipc/contract';
import { configureLogger } from '../../shared/logger';

/**
 * IPC guards, walked over EVERY channel of the contract (a channel added later is covered without
 * touching this file):
 * - the dispatcher both hosts use refuses a request that fails the channel's schema before the
 *   handler runs (handlers here only record that they were called);
 * - browser mode's HTTP IPC refuses a call without the launch token, with a wrong one, from another
 *   Origin, or for another Host (DNS rebinding), and the event stream likewise.
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
        expect(result.error.message).toContain(channel);
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

  it.each(CHANNELS)('%s refuses a missing or wrong token, another Origin and another Host', async (channel) => {
    const path = `/ipc/${encodeURIComponent(channel)}`;
    const token = host.ipcToken;
    const wrongToken = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    const refusals = [
      await send(path, { ...json, Origin: origin }, '{}'),
      await send(path, { ...json, Origin: origin, 'X-Rollbook-Ipc-Token': wrongToken }, '{}'),
      await send(path, { ...json, Origin: origin, 'X-Rollbook-Ipc-Token': `${token}x` }, '{}'),
      await send(path, { ...json, Origin: 'http://evil.example', 'X-Rollbook-Ipc-Token': token }, '{}'),
      await send(path, { ...json, Origin: `http://127.0.0.1:${host.port + 1}`, 'X-Rollbook-Ipc-Token': token }, '{}'),
      await send(path, { ...json, Origin: 'null', 'X-Rollbook-Ipc-Token': token }, '{}'),
    ];
    expect(refusals.map((r) => r.status)).toEqual([403, 403, 403, 403, 403, 403]);
    for (const host of ['evil.example', `evil.example:${String(refusals.length)}`, 'rollbook.localhost', `127.0.0.1:1`]) {
      const rebound = await send(path, { ...json, Host: host, Origin: origin, 'X-Rollbook-Ipc-Token': token }, '{}');
      expect(rebound.status, host).toBe(421);
    }
    // A cross-site "simple" request (form post, text/plain) never reaches the dispatcher either.
    expect((await send(path, { 'Content-Type': 'text/plain', Origin: origin, 'X-Rollbook-Ipc-Token': token }, '{}')).status).toBe(415);
    // With everything right the call is heard, and an invalid request is refused by its schema.
    const heard = await send(path, { ...json, Origin: origin, 'X-Rollbook-Ipc-Token': token }, '42');
    expect(heard.status).toBe(200);
    expect(JSON.parse(heard.body)).toMatchObject({ ok: false, error: { name: 'InvalidRequest' } });
  });

  it('refuses the event stream without the token or from another Origin or Host', async () => {
    const events = (query: string, headers: Record<string, string>) => send(`/events${query}`, headers, undefined, 'GET');
    expect((await events('', { Origin: origin })).status).toBe(403);
    expect((await events('?token=wrong', { Origin: origin })).status).toBe(403);
    expect((await events(`?token=${host.ipcToken}`, { Origin: 'http://evil.example' })).status).toBe(403);
    expect((await events(`?token=${host.ipcToken}`, { Host: 'evil.example', Origin: origin })).status).toBe(421);
  });

  it('gives the token only to its own page, and not to a page asked for under another Host', async () => {
    const page = await send('/', {}, undefined, 'GET');
    expect(page.body).toContain(`content="${host.ipcToken}"`);
    const rebound = await send('/', { Host: 'evil.example' }, undefined, 'GET');
    expect(rebound.status).toBe(421);
    expect(rebound.body).not.toContain(host.ipcToken);
  });
});
