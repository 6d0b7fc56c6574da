import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_APP } from '../../sandbox/core/context';
import type { RunningSandbox } from '../../sandbox/server';
import type { AuthStatus } from '../../shared/ipc/contract';
import { FileVault } from '../../electron/core/auth/file-vault';
import { learnSite } from '../../electron/core/auth/learn-site';
import { call } from '../../electron/core/ipc/dispatcher';
import { startWebHost, type RunningWebHost } from '../../electron/web-host';
import { withSandbox } from '../support/sandbox';
import { fakeBrowser } from './auth-support';
import { setFaults } from './learn-support';
import { ok } from '../support/ipc-answer';

/**
 * One host, the demo and a real site (a second sandbox) at once, through
 * browser mode's real dispatch: each sign-in names its identity, the two never share a key,
 * leaving a site keeps its sign-in for switching back without the browser, forgetting it drops
 * its key, secret and sign-in, and the next launch reopens the last real site.
 */
let site: RunningSandbox;
let dataDir: string;
const hosts: RunningWebHost[] = [];
const systemBrowser = fakeBrowser({ userName: 'ta' });

async function launch(browser = systemBrowser): Promise<RunningWebHost> {
  const host = await startWebHost({ port: 0, demo: true, dataDir, rendererDir: dataDir, openExternal: browser.openExternal });
  hosts.push(host);
  return host;
}

beforeAll(async () => {
  site = await withSandbox();
  dataDir = await mkdtemp(join(tmpdir(), 'rollbook-host-sites-'));
});

afterAll(async () => {
  for (const host of hosts) await host.close();
  await site.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('one host, the demo and real sites', () => {
  let demoStatus: AuthStatus;
  let siteStatus: AuthStatus;

  it('signs in to the demo and to a typed site in turn, each with its own identity', async () => {
    const host = await launch();
    expect(await ok(call(host.dispatch, 'auth.sites', {}))).toEqual({ demoAvailable: true, sites: [] });
    demoStatus = await ok(call(host.dispatch, 'auth.signInDemo', {}));
    expect(demoStatus).toMatchObject({ state: 'signed-in', mode: 'demo', user: { userName: 'instructor' }, identity: { demo: true, siteName: 'the demo' } });

    siteStatus = await ok(call(host.dispatch, 'auth.signIn', { learnUrl: new URL(site.origin).host, applicationKey: DEMO_APP.key, applicationSecret: DEMO_APP.secret }));
    expect(siteStatus).toMatchObject({ state: 'signed-in', mode: 'learn', user: { userName: 'ta' }, identity: { demo: false, learnUrl: site.learnUrl, siteName: new URL(site.origin).host } });
    expect(siteStatus.identity?.key).toMatch(/^site-[0-9a-f]{24}$/);
    expect(siteStatus.identity?.key).not.toBe(demoStatus.identity?.key);
    expect(await ok(call(host.dispatch, 'auth.sites', {}))).toEqual({ demoAvailable: true, sites: [{ learnUrl: site.learnUrl, siteName: new URL(site.origin).host, applicationKey: DEMO_APP.key }] });
  });

  it('leaves a site and opens it again from the list without the browser, as the same identity', async () => {
    const host = hosts.at(-1)!;
    const trips = systemBrowser.trips.length;
    expect(await ok(call(host.dispatch, 'auth.leaveSite', {}))).toEqual({ state: 'signed-out', mode: 'demo' });
    const learn = await call(host.dispatch, 'learn.myCourses', {});
    expect(learn.ok).toBe(false);
    expect(await ok(call(host.dispatch, 'auth.signInDemo', {}))).toEqual(demoStatus);
    expect(await ok(call(host.dispatch, 'auth.openSite', { learnUrl: site.learnUrl }))).toEqual(siteStatus);
    expect(systemBrowser.trips.length).toBe(trips);
  });

  it('with Learn not answering, the next launch still opens the last site as the user who signed in there', async () => {
    await hosts.at(-1)!.close();
    await setFaults(site, { serverErrorRate: 1, serverErrorStatuses: [503] });
    try {
      const host = await launch();
      expect(await ok(call(host.dispatch, 'auth.status', {}))).toEqual(siteStatus);
    } finally {
      await setFaults(site, { serverErrorRate: 0 });
    }
  });

  it('reopens the last real site on the next launch, and the demo starts signed out', async () => {
    await hosts.at(-1)!.close();
    const host = await launch();
    expect(await ok(call(host.dispatch, 'auth.status', {}))).toEqual(siteStatus);
    await ok(call(host.dispatch, 'auth.signInDemo', {}));
    await host.close();
    const next = await launch();
    expect(await ok(call(next.dispatch, 'auth.status', {}))).toEqual({ state: 'signed-out', mode: 'demo' });
  });

  it('forgets a site: its key, secret and kept sign-in leave this device', async () => {
    const host = hosts.at(-1)!;
    expect(await ok(call(host.dispatch, 'auth.forgetSite', { learnUrl: site.learnUrl }))).toEqual({ demoAvailable: true, sites: [] });
    const vault = new FileVault(dataDir);
    const { id } = learnSite(site.learnUrl);
    expect([await vault.get(id, 'application-secret'), await vault.get(id, 'refresh-token')]).toEqual([undefined, undefined]);
    expect(await readFile(join(dataDir, 'rollbook-sites.json'), 'utf8')).not.toContain(site.learnUrl);
    const again = await call(host.dispatch, 'auth.openSite', { learnUrl: site.learnUrl });
    expect(again.ok ? 'opened' : again.error.message).toMatch(/does not know that site/);
  });

  it('takes the demo’s own address, typed in, as the demo: its identity, and not kept as a site', async () => {
    const host = hosts.at(-1)!;
    const typed = await ok(call(host.dispatch, 'auth.signIn', { learnUrl: host.sandbox!.learnUrl, applicationKey: DEMO_APP.key, applicationSecret: DEMO_APP.secret }));
    expect(typed).toMatchObject({ state: 'signed-in', mode: 'demo', identity: { demo: true, siteName: 'the demo' } });
    expect(typed.identity?.key).toMatch(/^demo-/);
    expect((await ok(call(host.dispatch, 'auth.sites', {}))).sites).toEqual([]);
  });

  it('back on the chooser when Learn does not say who signed in, with the sign-in kept for the next try', async () => {
    const host = hosts.at(-1)!;
    await setFaults(site, { serverErrorRate: 1, serverErrorStatuses: [503], pathPattern: '/users/me$' });
    try {
      const answer = await call(host.dispatch, 'auth.signIn', { learnUrl: site.learnUrl, applicationKey: DEMO_APP.key, applicationSecret: DEMO_APP.secret });
      expect(answer.ok).toBe(false);
      expect(await ok(call(host.dispatch, 'auth.status', {}))).toEqual({ state: 'signed-out', mode: 'demo' });
    } finally {
      await setFaults(site, { serverErrorRate: 0, pathPattern: null });
    }
    const trips = systemBrowser.trips.length;
    expect(await ok(call(host.dispatch, 'auth.openSite', { learnUrl: site.learnUrl }))).toMatchObject({ state: 'signed-in', identity: { learnUrl: site.learnUrl } });
    expect(systemBrowser.trips.length).toBe(trips);
  });

  it('never names a new sign-in by the user kept from an earlier one: another user at the site, then no network, opens nobody', async () => {
    await hosts.at(-1)!.close();
    const host = await launch(fakeBrowser({ userName: 'cowens' }));
    expect(await ok(call(host.dispatch, 'auth.status', {}))).toMatchObject({ state: 'signed-in', user: { userName: 'ta' } });
    await setFaults(site, { serverErrorRate: 1, serverErrorStatuses: [503], pathPattern: '/users/me$' });
    try {
      // The co-instructor signs in at the same site; Learn does not say who she is.
      expect((await call(host.dispatch, 'auth.signIn', { learnUrl: site.learnUrl, applicationKey: DEMO_APP.key })).ok).toBe(false);
      await host.close();
      await setFaults(site, { serverErrorRate: 1, serverErrorStatuses: [503], pathPattern: null });
      const next = await launch();
      expect(await ok(call(next.dispatch, 'auth.status', {}))).toEqual({ state: 'signed-out', mode: 'demo' });
      expect((await call(next.dispatch, 'auth.openSite', { learnUrl: site.learnUrl })).ok).toBe(false);
      expect(await ok(call(next.dispatch, 'auth.status', {}))).toEqual({ state: 'signed-out', mode: 'demo' });
    } finally {
      await setFaults(site, { serverErrorRate: 0, pathPattern: null });
    }
  });
});
