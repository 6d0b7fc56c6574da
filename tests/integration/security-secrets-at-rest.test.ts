import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OutboxOp } from '../../shared/domain/outbox';
import type { IpcResult } from '../../shared/ipc/contract';
import { configureLogger, type LogLine } from '../../shared/logger';
import { DEMO_APP } from '../../sandbox/core/context';
import type { RunningSandbox } from '../../sandbox/server';
import { startWebHost } from '../../electron/web-host';
import { useHostNetworkFetch } from '../../electron/core/http/network-fetch';
import { withSandbox } from '../support/sandbox';
import { openSession } from '../support/browser-session';
import { control, fakeBrowser } from './auth-support';

/**
 * Secrets at rest. The sandbox is told to issue canary refresh tokens (`/__sandbox/tokens/
 * refresh-values`); the app then does a full sign-in, a sync (with an expired access token, so a
 * refresh rotates the token mid-way) and a sign-out with a persistent data folder. Every byte of
 * every file in the folder, and every log line (debug level), is searched for the canaries and the
 * application secret: plain, base64, base64url, hex, URL-encoded and UTF-16.
 *
 * Desktop host: the real electron/main.ts in Learn mode, Electron faked with a safeStorage that
 * really encrypts: nothing may be found, neither while signed in nor after.
 * Browser mode: its vault is plain by design (and says so on the settings screen), so the claim
 * there is narrower: nothing in the logs, and no refresh token left after sign-out.
 */
const userData = vi.hoisted(() => ({ path: '' }));
const fake = await vi.hoisted(async () => (await import('../support/fake-electron')).createFakeElectron(userData));
vi.mock('electron', () => fake.module);

const logs: string[] = [];
const canaries = Array.from({ length: 6 }, (_, i) => `CANARY${i}-${randomBytes(18).toString('base64url')}`);

/** The forms a secret could take on disk or in a log line. */
function encodings(secret: string): { form: string; bytes: Buffer }[] {
  const b = Buffer.from(secret, 'utf8');
  return [
    { form: 'plain', bytes: b },
    { form: 'base64', bytes: Buffer.from(b.toString('base64').replace(/=+$/, '')) },
    { form: 'base64url', bytes: Buffer.from(b.toString('base64url')) },
    { form: 'hex', bytes: Buffer.from(b.toString('hex')) },
    { form: 'url-encoded', bytes: Buffer.from(encodeURIComponent(secret)) },
    { form: 'utf-16', bytes: Buffer.from(secret, 'utf16le') },
  ];
}

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) out.push(join(entry.parentPath, entry.name));
  }
  return out;
}

/** Every place in the folder a secret was found: "<secret> in <file> (<form>)". */
async function leaksInFiles(dir: string, secrets: string[]): Promise<string[]> {
  const found: string[] = [];
  const contents = await Promise.all((await filesUnder(dir)).map(async (file) => ({ file, body: await readFile(file) })));
  for (const secret of secrets) {
    for (const { form, bytes } of encodings(secret)) {
      for (const { file, body } of contents) if (body.includes(bytes)) found.push(`${secret.slice(0, 8)} in ${file.slice(dir.length)} (${form})`);
    }
  }
  return found;
}

/** Every form of a secret found in the captured log lines. */
function leaksInLogs(secrets: string[]): string[] {
  const text = Buffer.from(logs.join('\n'));
  return secrets.flatMap((secret) => encodings(secret).filter(({ bytes }) => text.includes(bytes)).map(({ form }) => `${secret.slice(0, 8)} in the log (${form})`));
}

/** Files and logs together. */
async function leaks(dir: string, secrets: string[]): Promise<string[]> {
  return [...(await leaksInFiles(dir, secrets)), ...leaksInLogs(secrets)];
}

async function ok<T>(answer: Promise<IpcResult<unknown>>): Promise<T> {
  const result = await answer;
  if (!result.ok) throw new Error(`${result.error.name}: ${result.error.message}`);
  return result.value as T;
}

/** Marks three students of PSYC-101 on a new meeting, as the roll-call screen's outbox would. */
async function syncSomeAttendance(call: (channel: string, request: unknown) => Promise<IpcResult<unknown>>): Promise<void> {
  const { courses } = await ok<{ courses: { id: string; courseId: string }[] }>(call('learn.myCourses', {}));
  const course = courses.find((c) => c.courseId === 'PSYC-101-F26');
  if (!course) throw new Error('PSYC-101-F26 is not among my courses');
  const { members } = await ok<{ members: { userId: string }[] }>(call('learn.roster', { courseId: 'courseId:PSYC-101-F26' }));
  const at = new Date().toISOString();
  const meeting = { localId: `local-secrets-${randomBytes(4).toString('hex')}` };
  const ops: OutboxOp[] = [
    { opId: 'op-m', courseId: course.id, at, kind: 'meeting.create', localMeetingId: meeting.localId, fields: { title: 'Secrets test', description: '', start: '2026-11-23T09:00:00Z', end: '2026-11-23T10:00:00Z' } },
    ...members.slice(0, 3).map((m, i): OutboxOp => ({ opId: `op-${i}`, courseId: course.id, at, kind: 'record.set', meeting, userId: m.userId, status: 'Present', baseStatus: null })),
  ];
  const { identity } = await ok<{ identity?: { key: string } }>(call('auth.status', {}));
  const { results } = await ok<{ results: { outcome: string }[] }>(call('sync.push', { identity: identity?.key, ops }));
  expect(results.map((r) => r.outcome)).toEqual(ops.map(() => 'done'));
}

let sandbox: RunningSandbox;

beforeAll(async () => {
  configureLogger({ level: 'debug', sink: (line: LogLine) => logs.push(JSON.stringify(line)) });
  sandbox = await withSandbox();
});

// The capture sink stays: every test file has its own copy of the logger module.
afterAll(async () => {
  await sandbox.close();
  // main.ts handed the core the fake's net.fetch; the files after this one in the worker share the module graph.
  useHostNetworkFetch(undefined);
});

describe('secrets at rest', () => {
  it('desktop: no refresh token or application secret in the data folder or logs, during and after', async () => {
    await control(sandbox, 'reset');
    await control(sandbox, 'tokens/refresh-values', { values: canaries.slice(0, 3) });
    userData.path = await mkdtemp(join(tmpdir(), 'rollbook-secrets-desktop-'));
    fake.browser.open = fakeBrowser().openExternal;
    process.argv.push('--learn');
    try {
      await import('../../electron/main');
      await vi.waitFor(() => expect(fake.windows).toHaveLength(1), { timeout: 15_000 });
    } finally {
      process.argv.splice(process.argv.indexOf('--learn'), 1);
    }
    const call = (channel: string, request: unknown) => fake.invoke({ url: 'app://rollbook/index.html' }, channel, request);
    try {
      const status = await ok<{ state: string }>(call('auth.signIn', { learnUrl: sandbox.learnUrl, applicationKey: DEMO_APP.key, applicationSecret: DEMO_APP.secret }));
      expect(status.state).toBe('signed-in');
      await syncSomeAttendance(call);
      // The access token expires: the next call refreshes, and the vault takes the next canary.
      await control(sandbox, 'tokens/expire');
      await ok(call('learn.roster', { courseId: 'courseId:PSYC-101-F26' })); // a read the core does not keep (the course list it does)

      // The vault holds the live canary and the secret, sealed: the scan below would see them if plain.
      const vault = JSON.parse(await readFile(join(userData.path, 'rollbook-secrets.json'), 'utf8')) as Record<string, Record<string, string>>;
      const unseal = async (sealed: string | undefined) => (await fake.module.safeStorage.decryptStringAsync(Buffer.from(sealed ?? '', 'base64'))).result;
      const site = Object.values(vault)[0];
      expect(await unseal(site?.['refresh-token'])).toContain(canaries[1]);
      expect(await unseal(site?.['application-secret'])).toBe(DEMO_APP.secret);
      expect(await leaks(userData.path, [...canaries, DEMO_APP.secret])).toEqual([]);

      expect(await ok<{ state: string }>(call('auth.signOut', {}))).toMatchObject({ state: 'signed-out' });
      expect(await leaks(userData.path, [...canaries, DEMO_APP.secret])).toEqual([]);
      expect(logs.length).toBeGreaterThan(5);
    } finally {
      for (const listener of fake.app.listeners.get('window-all-closed') ?? []) listener();
      await rm(userData.path, { recursive: true, force: true });
    }
  }, 60_000);

  it('browser mode: nothing in the logs, no refresh token left after sign-out, and its weaker protection stated', async () => {
    await control(sandbox, 'reset');
    await control(sandbox, 'tokens/refresh-values', { values: canaries.slice(3) });
    const dataDir = await mkdtemp(join(tmpdir(), 'rollbook-secrets-browser-'));
    const host = await startWebHost({ port: 0, demo: false, dataDir, rendererDir: dataDir, deploymentFile: null, openExternal: fakeBrowser().openExternal });
    try {
      const call = (channel: string, request: unknown) => host.dispatch(channel, request);
      expect(await ok<{ state: string }>(call('auth.signIn', { learnUrl: sandbox.learnUrl, applicationKey: DEMO_APP.key, applicationSecret: DEMO_APP.secret }))).toMatchObject({ state: 'signed-in' });
      // Proof the canary is the token in use: it sits in the (plain) browser-mode vault now.
      expect((await readFile(join(dataDir, 'rollbook-secrets.json'), 'utf8')).includes(canaries[3]!)).toBe(true);
      await syncSomeAttendance(call);
      await control(sandbox, 'tokens/expire');
      await ok(call('learn.roster', { courseId: 'courseId:PSYC-101-F26' }));
      const info = await ok<{ tokenProtection: string }>(call('app.info', {}));
      expect(info.tokenProtection).toMatch(/unencrypted/);

      await ok(call('auth.signOut', {}));
      expect(await leaks(dataDir, canaries)).toEqual([]);
      // Neither the application secret in the logs, nor the launch link's code, cookie and key that guard browser mode.
      const launchUrl = host.launchUrl();
      const session = await openSession({ url: host.url, launchUrl: () => launchUrl });
      const code = new URL(launchUrl).searchParams.get('code') ?? '';
      expect(leaksInLogs([DEMO_APP.secret])).toEqual([]);
      expect(await leaks(dataDir, [code, session.cookie.split('=')[1] ?? '', session.key])).toEqual([]);
    } finally {
      await host.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it("the demo's sign-in keeps nothing of the sandbox's in the vault: the sandbox and its address go with the run", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'rollbook-secrets-demo-'));
    try {
      for (let launch = 0; launch < 2; launch++) {
        const host = await startWebHost({ port: 0, demo: true, dataDir, rendererDir: dataDir, deploymentFile: null });
        try {
          await control(host.sandbox!, 'tokens/refresh-values', { values: [canaries[launch]!] });
          const status = await ok<{ state: string; identity?: { key: string } }>(host.dispatch('auth.signInDemo', {}));
          expect(status.state).toBe('signed-in');
          // The sign-in works as before: a call that needs the token.
          expect((await ok<{ courses: unknown[] }>(host.dispatch('learn.myCourses', {}))).courses.length).toBeGreaterThan(0);
          // Only the demo's store key (asked as the page does), which the next launch needs to open the same store.
          await ok(host.dispatch('store.key', { identity: status.identity?.key }));
          const kept = JSON.parse(await readFile(join(dataDir, 'rollbook-secrets.json'), 'utf8')) as Record<string, Record<string, string>>;
          expect(Object.entries(kept).map(([entry, secrets]) => [entry, Object.keys(secrets)])).toEqual([[`store:${status.identity?.key}`, ['store-key']]]);
          expect(await leaksInFiles(dataDir, [canaries[launch]!, DEMO_APP.secret])).toEqual([]);
        } finally {
          await host.close();
        }
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
