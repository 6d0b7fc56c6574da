import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenForCallback, type CallbackListener } from '../../electron/core/auth/loopback-listener';
import { SignInError } from '../../electron/core/auth/sign-in-error';
import { configureLogger } from '../../shared/logger';
import { connectError } from './auth-support';

/**
 * The sign-in loopback listener under attack, over real loopback HTTP: another page planting its
 * own authorization code, a wrong state, a wrong Host, a second callback; and the port closed
 * after one callback or the time-out. tests/integration/auth-callback-guards.test.ts plays the same
 * guards through a whole sign-in against the sandbox (no token request is ever made for a refusal).
 */
const SITE = 'site-1';
const STATE = 'state-value-the-app-sent';

beforeAll(() => configureLogger({ level: 'error' }));
afterAll(() => configureLogger({ level: 'info' }));

function get(listener: CallbackListener, query: string, headers: Record<string, string> = {}, path = `/rollbook/${SITE}/callback`): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: listener.port, path: `${path}?${query}`, headers: { Host: `127.0.0.1:${listener.port}`, ...headers } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

const listen = (timeoutMs = 10_000) => listenForCallback({ siteId: SITE, state: STATE, timeoutMs, closeGraceMs: 50 });
const settled = (p: Promise<URLSearchParams>) => p.then((q) => ({ code: q.get('code') }), (e: unknown) => ({ problem: e instanceof SignInError ? e.problem : String(e) }));

describe('the sign-in loopback listener under attack', () => {
  it('refuses a code another page tries to plant (fetch, <img>, <iframe>), and still takes the real redirect', async () => {
    const listener = await listen();
    const evil = `code=ATTACKER-CODE&state=${STATE}`;
    const refused = [
      await get(listener, evil, { Origin: 'https://evil.example', 'Sec-Fetch-Mode': 'cors', 'Sec-Fetch-Dest': 'empty', 'Sec-Fetch-Site': 'cross-site' }),
      await get(listener, evil, { Origin: 'null' }),
      await get(listener, evil, { 'Sec-Fetch-Mode': 'no-cors', 'Sec-Fetch-Dest': 'image', 'Sec-Fetch-Site': 'cross-site' }),
      await get(listener, evil, { 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'iframe', 'Sec-Fetch-Site': 'cross-site' }),
      await get(listener, evil, { 'Sec-Fetch-Mode': 'no-cors', 'Sec-Fetch-Dest': 'script' }),
    ];
    expect(refused).toEqual([403, 403, 403, 403, 403]);
    // The browser following Learn's 303: a top-level navigation, no Origin.
    const real = await get(listener, `code=REAL-CODE&state=${STATE}`, { 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document', 'Sec-Fetch-Site': 'cross-site' });
    expect(real).toBe(303);
    expect(await settled(listener.callback)).toEqual({ code: 'REAL-CODE' });
    await listener.closed;
    expect(await connectError(listener.port)).toBe('ECONNREFUSED');
  });

  it('ends the sign-in when a navigation brings a code without the state (login CSRF), and closes', async () => {
    const listener = await listen();
    expect(await get(listener, 'code=ATTACKER-CODE')).toBe(400);
    expect(await settled(listener.callback)).toEqual({ problem: 'state-mismatch' });
    await listener.closed;
    expect(await connectError(listener.port)).toBe('ECONNREFUSED');
  });

  it('ends the sign-in on a wrong state (prefix, suffix, case), and closes', async () => {
    for (const state of [`${STATE}x`, STATE.slice(0, -1), STATE.toUpperCase(), '', `${STATE}&state=${STATE}`]) {
      const listener = await listen();
      expect(await get(listener, `code=c&state=${encodeURIComponent(state)}`), state).toBe(400);
      expect(await settled(listener.callback)).toEqual({ problem: 'state-mismatch' });
      await listener.closed;
      expect(await connectError(listener.port)).toBe('ECONNREFUSED');
    }
  });

  it('refuses another Host (DNS rebinding) and another site’s path without ending the sign-in', async () => {
    const listener = await listen();
    for (const host of [`localhost:${listener.port}`, 'evil.example', '127.0.0.1', `127.0.0.1:${listener.port + 1}`]) {
      expect(await get(listener, `code=c&state=${STATE}`, { Host: host }), host).toBe(400);
    }
    expect(await get(listener, `code=c&state=${STATE}`, {}, '/rollbook/other-site/callback')).toBe(404);
    expect(await get(listener, `code=good&state=${STATE}`)).toBe(303);
    expect(await settled(listener.callback)).toEqual({ code: 'good' });
    await listener.closed;
  });

  it('takes one callback only: a second is refused, and the port closes after the first', async () => {
    const listener = await listen();
    const [first, second] = await Promise.all([get(listener, `code=one&state=${STATE}`), get(listener, `code=two&state=${STATE}`)]);
    expect([first, second].sort()).toEqual([303, 409]);
    expect(await settled(listener.callback)).toEqual({ code: 'one' });
    await listener.closed;
    expect(await connectError(listener.port)).toBe('ECONNREFUSED');
  });

  it('closes the port when the user never comes back (time-out)', async () => {
    const listener = await listen(200);
    expect(await settled(listener.callback)).toEqual({ problem: 'timed-out' });
    await listener.closed;
    expect(await connectError(listener.port)).toBe('ECONNREFUSED');
  });

  it('listens on 127.0.0.1 only, with the redirect URI naming the IP literal (RFC 8252 §8.3)', async () => {
    const listener = await listen();
    expect(listener.redirectUri).toBe(`http://127.0.0.1:${listener.port}/rollbook/${SITE}/callback`);
    listener.fail(new SignInError('cancelled'));
    await listener.closed;
  });
});
