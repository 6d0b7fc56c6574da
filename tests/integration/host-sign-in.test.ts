import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_APP } from '../../sandbox/core/context';
import type { RunningSandbox } from '../../sandbox/server';
import { call } from '../../electron/core/ipc/dispatcher';
import { startWebHost, type RunningWebHost } from '../../electron/web-host';
import { withSandbox } from '../support/sandbox';
import { fakeBrowser } from './auth-support';

/**
 * A real Learn sign-in through browser mode (not demo): the user types the site, key and secret;
 * the host opens "the system browser" (the tests' fake one, walking the sandbox's real pages)
 * through its allow-list; the next launch restores the sign-in from the vault.
 */
let sandbox: RunningSandbox;
let dataDir: string;
const hosts: RunningWebHost[] = [];

async function launch(openExternal: (url: string) => Promise<void>): Promise<RunningWebHost> {
  const host = await startWebHost({ port: 0, demo: false, dataDir, rendererDir: dataDir, openExternal });
  hosts.push(host);
  return host;
}

beforeAll(async () => {
  sandbox = await withSandbox();
  dataDir = await mkdtemp(join(tmpdir(), 'rollbook-host-signin-'));
});

afterAll(async () => {
  for (const host of hosts) await host.close();
  await sandbox.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('browser host: signing in to a Learn site', () => {
  it('signs in through the system browser, keeping the secret out of every answer', async () => {
    const browser = fakeBrowser();
    const host = await launch(browser.openExternal);
    expect(await call(host.dispatch, 'auth.signInDemo', {})).toMatchObject({ ok: false });
    const result = await call(host.dispatch, 'auth.signIn', { learnUrl: `${sandbox.learnUrl}/`, applicationKey: DEMO_APP.key, applicationSecret: DEMO_APP.secret });
    expect(result).toMatchObject({ ok: true, value: { state: 'signed-in', mode: 'learn', user: { userName: 'instructor' } } });
    expect(JSON.stringify(result)).not.toContain(DEMO_APP.secret);
    expect((await browser.last()).authorization.origin).toBe(sandbox.origin);
    // The non-secret half is remembered for the next launch; the secret only in the vault.
    expect(await readFile(join(dataDir, 'rollbook-site.json'), 'utf8')).not.toContain(DEMO_APP.secret);
    const courses = await call(host.dispatch, 'learn.myCourses', {});
    expect(courses.ok && courses.value.courses.some((c) => c.courseId === 'PSYC-101-F26')).toBe(true);
    await host.close();
  });

  it('restores the sign-in on the next launch, without opening a browser', async () => {
    const browser = fakeBrowser();
    const host = await launch(browser.openExternal);
    expect(await call(host.dispatch, 'auth.status', {})).toMatchObject({ ok: true, value: { state: 'signed-in', mode: 'learn', user: { userName: 'instructor' } } });
    expect(browser.trips).toHaveLength(0);
    const roster = await call(host.dispatch, 'learn.roster', { courseId: 'courseId:PSYC-101-F26' });
    expect(roster.ok && roster.value.members.length).toBe(300);
  });

  it('signs out for good: the next launch starts signed out', async () => {
    const host = hosts.at(-1);
    if (!host) throw new Error('no host');
    expect(await call(host.dispatch, 'auth.signOut', {})).toEqual({ ok: true, value: { state: 'signed-out', mode: 'learn' } });
    await host.close();
    const next = await launch(fakeBrowser().openExternal);
    expect(await call(next.dispatch, 'auth.status', {})).toEqual({ ok: true, value: { state: 'signed-out', mode: 'learn' } });
  });

  it('refuses a site that is not https (except on this computer), before opening anything', async () => {
    const browser = fakeBrowser();
    const host = await launch(browser.openExternal);
    const result = await call(host.dispatch, 'auth.signIn', { learnUrl: 'http://learn.example.edu', applicationKey: DEMO_APP.key, applicationSecret: 'x' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toMatch(/https/i);
    expect(browser.trips).toHaveLength(0);
  });
});
