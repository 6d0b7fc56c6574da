import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_APP } from '../../sandbox/core/context';
import type { RunningSandbox } from '../../sandbox/server';
import { call } from '../../electron/core/ipc/dispatcher';
import type { OpenExternal } from '../../electron/core/auth/authorization-flow';
import { startWebHost, type RunningWebHost } from '../../electron/web-host';
import { withSandbox } from '../support/sandbox';
import { fakeBrowser } from './auth-support';
import { ok } from '../support/ipc-answer';

/**
 * Login CSRF: another account that reads the sign-in URL can finish the sign-in as itself, and the
 * instructor's Rollbook would carry on signed in as that account (their roll calls sent under it).
 * A sign-in as someone other than the user who last used the site on this device is asked about
 * first: nothing opens (no store, no Learn call, no remembered site) until the user confirms.
 */
let site: RunningSandbox;
let dataDir: string;
const hosts: RunningWebHost[] = [];
/** The browser Learn's sign-in goes through: the instructor's, or a planted sign-in as the TA. */
let browser = fakeBrowser({ userName: 'instructor' });
const openExternal: OpenExternal = (url) => browser.openExternal(url);

async function launch(): Promise<RunningWebHost> {
  const host = await startWebHost({ port: 0, demo: false, dataDir, rendererDir: dataDir, openExternal });
  hosts.push(host);
  return host;
}
beforeAll(async () => {
  site = await withSandbox();
  dataDir = await mkdtemp(join(tmpdir(), 'rollbook-other-user-'));
});
afterAll(async () => {
  for (const host of hosts) await host.close();
  await site.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('a sign-in as another user than the last one on this site', () => {
  it('is asked about first, opens nothing meanwhile, and opens as that user once confirmed', async () => {
    const host = await launch();
    const signIn = { learnUrl: site.learnUrl, applicationKey: DEMO_APP.key, applicationSecret: DEMO_APP.secret };
    expect(await ok(call(host.dispatch, 'auth.signIn', signIn))).toMatchObject({ state: 'signed-in', user: { userName: 'instructor' } });
    await ok(call(host.dispatch, 'auth.signOut', {}));

    // Someone else's sign-in slipped in (the TA's account finishing the instructor's sign-in).
    browser = fakeBrowser({ userName: 'ta' });
    const asked = await ok(call(host.dispatch, 'auth.signIn', signIn));
    expect(asked).toMatchObject({ state: 'confirm-user', user: { userName: 'ta' }, previousUser: { userName: 'instructor' } });
    expect(asked.identity).toBeUndefined();
    const courses = await call(host.dispatch, 'learn.myCourses', {});
    expect(courses.ok).toBe(false);

    // A restart meanwhile does not open the site as the TA either; opening it asks again.
    await host.close();
    const again = await launch();
    expect(await ok(call(again.dispatch, 'auth.status', {}))).toMatchObject({ state: 'signed-out' });
    expect(await ok(call(again.dispatch, 'auth.openSite', { learnUrl: site.learnUrl }))).toMatchObject({ state: 'confirm-user', user: { userName: 'ta' } });

    // "Yes, that is me": the site opens as the TA, who is from now on the one remembered here.
    const confirmed = await ok(call(again.dispatch, 'auth.confirmUser', {}));
    expect(confirmed).toMatchObject({ state: 'signed-in', user: { userName: 'ta' }, identity: { learnUrl: site.learnUrl } });
    expect((await call(again.dispatch, 'learn.myCourses', {})).ok).toBe(true);
    await ok(call(again.dispatch, 'auth.signOut', {}));
    expect(await ok(call(again.dispatch, 'auth.signIn', signIn))).toMatchObject({ state: 'signed-in', user: { userName: 'ta' } });
  });

  it('"No, sign out" drops the other account\'s sign-in', async () => {
    const host = hosts.at(-1)!;
    await ok(call(host.dispatch, 'auth.signOut', {}));
    browser = fakeBrowser({ userName: 'instructor' });
    const signIn = { learnUrl: site.learnUrl, applicationKey: DEMO_APP.key };
    expect(await ok(call(host.dispatch, 'auth.signIn', signIn))).toMatchObject({ state: 'confirm-user', user: { userName: 'instructor' }, previousUser: { userName: 'ta' } });
    expect(await ok(call(host.dispatch, 'auth.signOut', {}))).toMatchObject({ state: 'signed-out' });
    // Its refresh token is gone: opening the site needs the browser again.
    const trips = browser.trips.length;
    expect(await ok(call(host.dispatch, 'auth.openSite', { learnUrl: site.learnUrl }))).toMatchObject({ state: 'confirm-user' });
    expect(browser.trips.length).toBe(trips + 1);
  });
});
