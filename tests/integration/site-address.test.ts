import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer as createHttpServer, type RequestListener, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_APP } from '../../sandbox/core/context';
import type { RunningSandbox } from '../../sandbox/server';
import { loadTlsCertificate } from '../../sandbox/tls';
import { findLearn, LearnNotFoundError } from '../../electron/core/auth/find-learn';
import { call } from '../../electron/core/ipc/dispatcher';
import { startWebHost, type RunningWebHost } from '../../electron/web-host';
import { withSandbox } from '../support/sandbox';
import { fakeBrowser } from './auth-support';

/**
 * The site address as an instructor types it ("Why" item 1): Learn's API lives under
 * `/learn`, the sandbox serves it there (http://127.0.0.1:PORT/learn), and she types the host as
 * she knows it. Sign-in goes through browser mode's real host (IPC, SignInService, the sandbox's
 * pages); an address where Learn does not answer gets a message naming what was tried, before any
 * browser opens. Non-Learn servers are tiny node servers on loopback.
 */
let sandbox: RunningSandbox;
const folders: string[] = [];
const hosts: RunningWebHost[] = [];
const servers: Server[] = [];

async function launch(): Promise<{ host: RunningWebHost; browser: ReturnType<typeof fakeBrowser>; dataDir: string }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'rollbook-site-address-'));
  folders.push(dataDir);
  const browser = fakeBrowser();
  const host = await startWebHost({ port: 0, demo: false, dataDir, rendererDir: dataDir, openExternal: browser.openExternal });
  hosts.push(host);
  return { host, browser, dataDir };
}

/** A server on 127.0.0.1 that is not Learn; resolves with its `host:port`. */
async function serve(listener: RequestListener, tls?: { key: string; cert: string }): Promise<string> {
  const server = tls ? createHttpsServer(tls, listener) : createHttpServer(listener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A port nothing listens on (one just closed). */
async function closedPort(): Promise<number> {
  const server = createHttpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function signInError(typed: string): Promise<{ name: string; message: string; detail?: string; browserOpened: boolean }> {
  const { host, browser } = await launch();
  const result = await call(host.dispatch, 'auth.signIn', { learnUrl: typed, applicationKey: DEMO_APP.key, applicationSecret: DEMO_APP.secret });
  if (result.ok) throw new Error(`signed in at ${typed}`);
  return { ...result.error, browserOpened: browser.trips.length > 0 };
}

beforeAll(async () => {
  sandbox = await withSandbox();
});

afterAll(async () => {
  for (const host of hosts) await host.close();
  for (const server of servers) await new Promise<void>((resolve) => server.close(() => resolve()));
  await sandbox.close();
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

describe('signing in with the address as it is typed', () => {
  const hostAndPort = (): string => new URL(sandbox.origin).host;

  it.each([
    ['no scheme and no /learn', () => hostAndPort()],
    ['a trailing slash and no /learn', () => `http://${hostAndPort()}/`],
    ['a page copied from the browser', () => `http://${hostAndPort()}/ultra/course`],
    ['/learn with a trailing slash', () => `${sandbox.learnUrl}/`],
  ])('%s: finds Learn under /learn and signs in there', async (_case, typed) => {
    const { host, browser, dataDir } = await launch();
    const result = await call(host.dispatch, 'auth.signIn', { learnUrl: typed(), applicationKey: DEMO_APP.key, applicationSecret: DEMO_APP.secret });
    expect(result).toMatchObject({ ok: true, value: { state: 'signed-in', mode: 'learn', user: { userName: 'instructor' } } });
    expect((await browser.last()).authorization.pathname).toBe('/learn/api/public/v1/oauth2/authorizationcode');
    // Every later call goes under /learn, and the next launch remembers the normalised address.
    const courses = await call(host.dispatch, 'learn.myCourses', {});
    expect(courses.ok && courses.value.courses.some((c) => c.courseId === 'PSYC-101-F26')).toBe(true);
    expect(JSON.parse(await readFile(join(dataDir, 'rollbook-site.json'), 'utf8'))).toMatchObject({ learnUrl: sandbox.learnUrl });
  });

  it("shows the site's Learn release through the auth.site channel", async () => {
    const { host } = await launch();
    expect(await call(host.dispatch, 'auth.site', {})).toEqual({ ok: true, value: {} });
    await call(host.dispatch, 'auth.signIn', { learnUrl: hostAndPort(), applicationKey: DEMO_APP.key, applicationSecret: DEMO_APP.secret });
    expect(await call(host.dispatch, 'auth.site', {})).toEqual({ ok: true, value: { learnUrl: sandbox.learnUrl, learnVersion: '3900.121.0' } });
  });

  it('asks the sandbox for its version without a token, as the Swagger describes', async () => {
    const res = await fetch(`${sandbox.learnUrl}/api/public/v1/system/version`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ learn: { major: 3900, minor: 121, patch: 0 } });
  });
});

describe('an address where Learn does not answer', () => {
  it('a server that answers 404: names both addresses tried and what they answered, and opens no browser', async () => {
    const at = await serve((_req, res) => res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found'));
    const error = await signInError(at);
    expect(error.name).toBe('LearnNotFound');
    expect(error.message).toContain(`Rollbook could not find Learn at http://${at}/learn: the server has no Learn there (not found).`);
    // The API paths tried are the Details, never the message.
    expect(error.message).not.toContain('/api/public');
    expect(error.detail).toContain(`Tried http://${at}/learn/api/public/v1/system/version: the server has no Learn there (not found)`);
    expect(error.detail).toContain(`http://${at}/api/public/v1/system/version: the server has no Learn there (not found)`);
    expect(error.message).toMatch(/Check the address of your Learn site/);
    expect(error.browserOpened).toBe(false);
  });

  it('a web site that answers every address with a page (200 HTML): says it is a web page, not Learn', async () => {
    const at = await serve((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>School</title><h1>Welcome</h1>'));
    const error = await signInError(`http://${at}/learn/`);
    expect(error.message).toContain(`Rollbook could not find Learn at http://${at}/learn: the server answered with a web page, not Learn's API.`);
    expect(error.detail).toContain(`Tried http://${at}/learn/api/public/v1/system/version: the server answered with a web page, not Learn's API`);
    // She typed /learn: the host alone is not tried.
    expect(error.detail).not.toContain(`http://${at}/api/public`);
    expect(error.browserOpened).toBe(false);
  });

  it('nothing listening: the connection is refused, and the same server is not asked twice', async () => {
    const port = await closedPort();
    const error = await signInError(`127.0.0.1:${port}`);
    expect(error.message).toContain(`Rollbook could not find Learn at http://127.0.0.1:${port}/learn: the server refused the connection.`);
    expect(error.detail).toBe(`Tried http://127.0.0.1:${port}/learn/api/public/v1/system/version: the server refused the connection.`);
  });

  it("a certificate Rollbook cannot check: says so, and does not go on over an unchecked connection", async () => {
    const at = await serve((_req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"learn":{"major":3900,"minor":121,"patch":0}}'), await loadTlsCertificate());
    const error = await signInError(`https://${at}`);
    // What happened, who issued the certificate, and what IT can do (not "check the address").
    expect(error.message).toMatch(/^Rollbook could not reach Learn at https:\/\/127\.0\.0\.1:\d+\/learn\. Rollbook does not trust the certificate 127\.0\.0\.1:\d+ presented \(issued by 127\.0\.0\.1; perhaps your campus network inspects secure traffic\)\./);
    expect(error.message).toContain("install it in the operating system's certificate store, or set NODE_EXTRA_CA_CERTS to its file");
    expect(error.browserOpened).toBe(false);
  });

  it('a redirect elsewhere: names where it pointed, without following it', async () => {
    const at = await serve((_req, res) => res.writeHead(302, { Location: 'https://sso.example.edu/login?next=%2Flearn' }).end());
    await expect(findLearn(`${at}/learn`)).rejects.toThrow(`the server sent Rollbook on to https://sso.example.edu/login; if that is your Learn site, enter its address`);
  });
});

describe('sites that answer differently', () => {
  it('a site behind a proxy that serves Learn at the host root: found at the address as typed', async () => {
    const at = await serve((req, res) => {
      if (req.url === '/api/public/v1/system/version') res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"learn":{"major":3900,"minor":110,"patch":2,"build":null}}');
      else res.writeHead(404).end();
    });
    expect(await findLearn(`http://${at}/`)).toEqual({ learnUrl: `http://${at}`, learnVersion: '3900.110.2' });
  });

  it('a Learn that wants a token even for its version: Learn, release unknown', async () => {
    const at = await serve((_req, res) => res.writeHead(401, { 'Content-Type': 'application/json' }).end('{"status":401,"message":"API request is not authorized."}'));
    expect(await findLearn(at)).toEqual({ learnUrl: `http://${at}/learn` });
  });

  it('a busy Learn (503): says so, and does not try another address', async () => {
    const at = await serve((_req, res) => res.writeHead(503, { 'Content-Type': 'text/html' }).end('<h1>Service Unavailable</h1>'));
    const error = await findLearn(at).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LearnNotFoundError);
    expect((error as LearnNotFoundError).tried).toEqual([{ url: `http://${at}/learn/api/public/v1/system/version`, said: 'the server had a problem: it may be busy or down' }]);
  });
});
