import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebHost, type RunningWebHost } from '../../electron/web-host';
import { configureLogger } from '../../shared/logger';
import { openSession, type OpenedSession } from '../support/browser-session';

/**
 * Browser mode is opened only by its owner: another account on the same computer, or
 * any local process, reaches the port but gets no secret and no channel by any route; the port is
 * the data folder's own and stays the same; a squatted port is named, never used.
 */
type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/** A raw request, so the request line and Host header can be anything a local process sends. */
function raw(port: number, path: string, headers: Record<string, string>, method = 'GET', body?: string): Promise<Answer> {
  return new Promise((done, fail) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers: { Host: `127.0.0.1:${port}`, ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', fail);
    req.end(body);
  });
}

beforeAll(() => configureLogger({ level: 'error' }));
afterAll(() => configureLogger({ level: 'info' }));

describe('a second local client, without the launch link', () => {
  let host: RunningWebHost;
  let dir: string;
  let owner: OpenedSession;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rollbook-owner-'));
    await mkdir(join(dir, 'assets'));
    await writeFile(join(dir, 'index.html'), '<!doctype html><html><head><title>Rollbook</title></head><body>the app</body></html>');
    await writeFile(join(dir, 'assets', 'app.js'), 'console.log("the app")');
    host = await startWebHost({ port: 0, demo: true, dataDir: dir, rendererDir: dir });
    // The owner is using it meanwhile: the other client must not get at the owner's session.
    owner = await openSession(host);
  });
  afterAll(async () => {
    await host.close();
    await rm(dir, { recursive: true, force: true });
  });

  const leaked = (answer: Answer): string[] =>
    [owner.key, owner.cookie.split('=')[1] ?? '', 'the app', 'rollbook-key='].filter((secret) => answer.body.includes(secret) || JSON.stringify(answer.headers).includes(secret));

  it('gets directions, not the app, from every page and file', async () => {
    for (const path of ['/', '/index.html', '/assets/app.js', '/courses/PSYC-101-F26', '/launch', '/launch?code=guess']) {
      const answer = await raw(host.port, path, {});
      expect([401, 403], path).toContain(answer.status);
      expect(answer.headers['set-cookie'], path).toBeUndefined();
      expect(leaked(answer), path).toEqual([]);
    }
    expect((await raw(host.port, '/', {})).body).toContain('npm start');
  });

  it('gets no channel: IPC and the event stream refuse it, with or without an Origin', async () => {
    const tries: Record<string, string>[] = [{}, { Origin: owner.origin }, { Origin: owner.origin, 'X-Rollbook-Key': 'guess' }];
    for (const headers of tries) {
      const ipc = await raw(host.port, '/ipc/auth.signInDemo', { 'Content-Type': 'application/json', ...headers }, 'POST', '{}');
      expect(ipc.status).toBe(403);
      const events = await raw(host.port, '/events?key=guess', headers);
      expect(events.status).toBe(403);
    }
    // The sign-in was not started by any of it.
    expect(host.signIn.status()).toMatchObject({ state: 'signed-out' });
  });

  it('gets nothing through an absolute-form request line or the localhost name', async () => {
    // The request line names another port than the Host header (and than the port bound).
    const absolute = await raw(host.port, `http://127.0.0.1:${host.port + 1}/`, {});
    expect(absolute.status).toBe(421);
    const absoluteIpc = await raw(host.port, `http://127.0.0.1:${host.port + 1}/ipc/app.info`, { Cookie: owner.cookie, 'X-Rollbook-Key': owner.key, Origin: owner.origin, 'Content-Type': 'application/json' }, 'POST', '{}');
    expect(absoluteIpc.status).toBe(421);
    // localhost is a second origin with a second offline store: pages go to 127.0.0.1, calls are refused.
    const local = await raw(host.port, '/', { Host: `localhost:${host.port}` });
    expect(local.status).toBe(308);
    expect(local.headers.location).toBe(`http://127.0.0.1:${host.port}/`);
    expect(leaked(local)).toEqual([]);
    const localIpc = await raw(host.port, '/ipc/app.info', { Host: `localhost:${host.port}`, Cookie: owner.cookie, 'X-Rollbook-Key': owner.key, Origin: `http://localhost:${host.port}`, 'Content-Type': 'application/json' }, 'POST', '{}');
    expect(localIpc.status).toBe(421);
  });

  it('cannot reuse a launch link the owner opened, and the owner still can call', async () => {
    const link = host.launchUrl();
    expect((await fetch(link, { redirect: 'manual' })).status).toBe(200);
    const again = await fetch(link, { redirect: 'manual' });
    expect(again.status).toBe(403);
    expect(again.headers.get('set-cookie')).toBeNull();
    const call = await fetch(`${owner.origin}/ipc/app.info`, { method: 'POST', headers: owner.headers(), body: '{}' });
    expect(await call.json()).toMatchObject({ ok: true, value: { host: 'browser' } });
  });

  it("gets no answer from the demo sandbox under another host name (DNS rebinding to its control routes)", async () => {
    const sandboxPort = host.sandbox?.port ?? 0;
    const reset = await raw(sandboxPort, '/__sandbox/reset', { Host: `attacker.example:${sandboxPort}` }, 'POST');
    expect(reset.status).toBe(421);
    const version = await raw(sandboxPort, '/learn/api/public/v1/system/version', { Host: 'attacker.example' });
    expect(version.status).toBe(421);
    expect((await raw(sandboxPort, '/learn/api/public/v1/system/version', {})).status).toBe(200);
  });

  it("obeys the demo sandbox's control routes only with this run's token, and never from another site's page", async () => {
    const sandbox = host.sandbox;
    if (!sandbox) throw new Error('the demo host has its sandbox');
    const sandboxPort = sandbox.port;
    const host127 = { Host: `127.0.0.1:${sandboxPort}` };
    // Another local account, or a page on this machine, reaches the port but does not know the token.
    for (const [method, path] of [['POST', '/__sandbox/reset'], ['POST', '/__sandbox/faults'], ['GET', '/__sandbox/stats']] as const) {
      expect((await raw(sandboxPort, path, host127, method)).status, `${method} ${path}`).toBe(403);
      expect((await raw(sandboxPort, path, { ...host127, 'X-Sandbox-Control': 'a-guess' }, method)).status).toBe(403);
    }
    // A page of another site is refused even with the token (a browser always names the page's Origin).
    const foreign = await raw(sandboxPort, '/__sandbox/stats', { ...host127, 'X-Sandbox-Control': sandbox.controlToken, Origin: 'http://127.0.0.1:8080' });
    expect(foreign.status).toBe(403);
    // Whoever started it holds the token.
    expect((await sandbox.controlFetch('/__sandbox/stats')).status).toBe(200);
  });
});

describe("browser mode's port", () => {
  const dirs: string[] = [];
  const servers: Server[] = [];
  afterAll(async () => {
    for (const s of servers) await new Promise((r) => s.close(r));
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  it('is chosen at random once per data folder and kept (0600 in a 0700 folder), so the offline data keeps its origin', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'rollbook-port-'));
    dirs.push(dataDir);
    const first = await startWebHost({ demo: false, dataDir, rendererDir: dataDir });
    const port = first.port;
    await first.close();
    const second = await startWebHost({ demo: false, dataDir, rendererDir: dataDir });
    await second.close();
    expect(second.port).toBe(port);
    expect(port).toBeGreaterThanOrEqual(20000);
    expect(port).toBeLessThanOrEqual(32767);
    expect((await stat(join(dataDir, 'browser-port.json'))).mode & 0o777).toBe(0o600);
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
    // Another data folder, another port (20 tries at 1 in 12,768 each to collide by chance).
    const otherDir = await mkdtemp(join(tmpdir(), 'rollbook-port-'));
    dirs.push(otherDir);
    const other = await startWebHost({ demo: false, dataDir: otherDir, rendererDir: otherDir });
    await other.close();
    expect(other.port).not.toBe(port);
  });

  it('taken by another program: a plain message naming it, no fallback port, and no link from the squatter', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'rollbook-squat-'));
    dirs.push(dataDir);
    // The squatter plays Rollbook's control route with a forged answer pointing at its own page.
    const squatter = createServer((req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ launchUrl: `http://127.0.0.1:${(squatter.address() as { port: number }).port}/launch?code=forged`, proof: 'forged' }));
    });
    servers.push(squatter);
    await new Promise<void>((r) => squatter.listen(0, '127.0.0.1', r));
    const port = (squatter.address() as { port: number }).port;
    // As after an earlier run of Rollbook on this port: the kept port and that run's control file.
    await writeFile(join(dataDir, 'browser-port.json'), JSON.stringify({ port }), { mode: 0o600 });
    await writeFile(join(dataDir, 'browser-control.json'), JSON.stringify({ port, secret: 'x'.repeat(43) }), { mode: 0o600 });

    const child = spawn(process.execPath, ['--import', 'tsx', 'electron/web-host-cli.ts', '--no-demo'], {
      cwd: resolve(import.meta.dirname, '../..'),
      env: { ...process.env, ROLLBOOK_DATA_DIR: dataDir, ROLLBOOK_PORT: '', ROLLBOOK_NO_OPEN: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const code = await new Promise<number | null>((done) => child.on('exit', done));
    expect(code, output).toBe(1);
    expect(output).toContain(`Port ${port} on 127.0.0.1 is taken by another program, node (process ${process.pid}), and it is not this Rollbook.`);
    expect(output).toContain('ROLLBOOK_PORT');
    expect(output).not.toContain('launch?code=');
    expect(output).not.toMatch(/running in browser mode/);
  }, 60_000);
});
