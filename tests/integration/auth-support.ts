import { mkdtemp } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningSandbox } from '../../sandbox/server';
import { DEMO_APP } from '../../sandbox/core/context';
import { DEMO_PASSWORD } from '../../sandbox/modules/institution';
import type { OpenExternal } from '../../electron/core/auth/authorization-flow';
import { FileVault } from '../../electron/core/auth/file-vault';
import { LearnSession, type LearnSessionOptions } from '../../electron/core/auth/learn-session';
import { learnSite, type LearnSite } from '../../electron/core/auth/learn-site';

/**
 * Helpers of the sign-in integration tests: a fake system browser that walks the sandbox's real
 * login and consent pages and lands on the app's loopback listener, and probes of what the
 * sandbox and the listener saw. Nothing here stands in for the code under test.
 */

export const TOKEN_ROUTE = 'POST /learn/api/public/v1/oauth2/token';

/** Token-endpoint requests the sandbox answered since the last reset (its control API). */
export async function tokenPosts(sandbox: RunningSandbox): Promise<number> {
  const stats = (await (await sandbox.controlFetch(`/__sandbox/stats`)).json()) as { byRoute: Record<string, number> };
  return stats.byRoute[TOKEN_ROUTE] ?? 0;
}

export async function control(sandbox: RunningSandbox, path: string, body: unknown = {}): Promise<void> {
  const res = await sandbox.controlFetch(`/__sandbox/${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  if (res.status !== 200) throw new Error(`control ${path}: ${res.status} ${await res.text()}`);
}

/** Resolves with the error code of connecting to 127.0.0.1:port ('ECONNREFUSED' when nothing listens). */
export function connectError(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

/** A GET with a Host header (and request target) of our choosing: fetch lets a caller set neither. */
export function getWithHost(url: URL, host: string, target = `${url.pathname}${url.search}`): Promise<{ status: number; location: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path: target, headers: { Host: host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, body }));
    });
    req.once('error', reject);
    req.end();
  });
}

export interface BrowserOptions {
  userName?: string;
  decision?: 'allow' | 'deny';
  /** Alters the authorization request before the browser goes there (someone in the middle). */
  tamperAuthorization?: (url: URL) => void;
  /** Runs instead of following Learn's redirect to the loopback; gets the callback URL. */
  onCallback?: (callback: URL) => Promise<void>;
}

export interface BrowserTrip {
  authorization: URL;
  callback?: URL;
  callbackStatus?: number;
  /** Where the listener sent the browser after the callback, and what the page said. */
  done?: URL;
  donePage?: string;
}

/**
 * The system browser, played with fetch: follows the authorization URL, signs in on the sandbox's
 * login page, answers its consent page, and follows the redirect to the loopback listener and on
 * to its done page. `openExternal` resolves at once, as a real one does once the browser is up;
 * `trip` settles when the browser is finished (a failure there fails the test, not the sign-in).
 */
export function fakeBrowser(options: BrowserOptions = {}): { openExternal: OpenExternal; trips: Promise<BrowserTrip>[]; last(): Promise<BrowserTrip> } {
  const trips: Promise<BrowserTrip>[] = [];
  const openExternal: OpenExternal = (url) => {
    const trip = walk(new URL(url), options);
    trip.catch(() => undefined);
    trips.push(trip);
    return Promise.resolve();
  };
  return {
    openExternal,
    trips,
    last: () => trips.at(-1) ?? Promise.reject(new Error('the browser was never opened')),
  };
}

async function walk(authorization: URL, options: BrowserOptions): Promise<BrowserTrip> {
  options.tamperAuthorization?.(authorization);
  const trip: BrowserTrip = { authorization };
  const start = await fetch(authorization, { redirect: 'manual' });
  const cookie = (start.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const post = async (html: string, fields: Record<string, string>): Promise<Response> => {
    const hidden = Object.fromEntries([...html.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)].map((m) => [m[1] ?? '', m[2] ?? '']));
    if (!hidden.pending) throw new Error(`no sign-in form on the page: ${html.slice(0, 300)}`);
    return fetch(new URL('/learn/api/public/v1/oauth2/authorizationcode', authorization), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie },
      body: new URLSearchParams({ ...hidden, ...fields }).toString(),
    });
  };
  const consent = await post(await start.text(), { username: options.userName ?? 'instructor', password: DEMO_PASSWORD });
  const answered = await post(await consent.text(), { decision: options.decision ?? 'allow' });
  if (answered.status !== 302) throw new Error(`consent answered ${answered.status}`);
  trip.callback = new URL(answered.headers.get('location') ?? '');
  if (options.onCallback) {
    await options.onCallback(trip.callback);
    return trip;
  }
  const back = await fetch(trip.callback, { redirect: 'manual' });
  trip.callbackStatus = back.status;
  await back.text();
  const location = back.headers.get('location');
  if (back.status === 303 && location) {
    trip.done = new URL(location, trip.callback);
    trip.donePage = await (await fetch(trip.done)).text();
  }
  return trip;
}

export interface ManualClock {
  now: number;
  advance(ms: number): void;
}

export function manualClock(start = Date.UTC(2026, 8, 1, 9)): ManualClock {
  const clock = { now: start, advance: (ms: number) => void (clock.now += ms) };
  return clock;
}

export interface SessionRig {
  session: LearnSession;
  vault: FileVault;
  site: LearnSite;
  clock: ManualClock;
  /** The folder the vault file lives in (stands for the app's data folder). */
  dataDir: string;
}

/** A session on the sandbox's Learn with a user-only file vault holding the demo app's secret. */
export async function sessionRig(sandbox: RunningSandbox, openExternal: OpenExternal, options: Partial<LearnSessionOptions> = {}): Promise<SessionRig> {
  const dataDir = await mkdtemp(join(tmpdir(), 'rollbook-auth-'));
  const vault = new FileVault(dataDir);
  const site = learnSite(sandbox.learnUrl);
  await vault.set(site.id, 'application-secret', DEMO_APP.secret);
  const clock = manualClock();
  const session = new LearnSession({ site, applicationKey: DEMO_APP.key, vault, openExternal, now: () => clock.now, ...options });
  return { session, vault, site, clock, dataDir };
}

/** A Learn GET with a bearer token (plain fetch: the subject is the token, not a client). */
export async function learnGet(sandbox: RunningSandbox, token: string, path = '/learn/api/public/v1/users/me'): Promise<number> {
  const res = await fetch(`${sandbox.origin}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  await res.text();
  return res.status;
}
