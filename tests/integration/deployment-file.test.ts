import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ALLY_CLIENT, DEMO_APP } from '../../sandbox/core/context';
import type { RunningSandbox } from '../../sandbox/server';
import { call } from '../../electron/core/ipc/dispatcher';
import { managedDeploymentPath } from '../../electron/core/app/managed-deployment';
import { startWebHost, type RunningWebHost } from '../../electron/web-host';
import { withSandbox } from '../support/sandbox';
import { fakeBrowser } from './auth-support';
import { routeCount } from './learn-support';
import { ok } from '../support/ipc-answer';

/**
 * The deployment file IT places at the managed path, through browser mode's real
 * dispatch against a second sandbox standing in for the institution's Learn and Ally: the site joins
 * the chooser under its label, its secrets stay in the vault, its Ally answers with the file's
 * credentials, a site the user added is never overwritten, and a bad file is named, not used.
 */
let site: RunningSandbox;
let folder: string;
const hosts: RunningWebHost[] = [];
const browser = fakeBrowser({ userName: 'instructor' });
const ALLY_STATUS = 'GET /ally/api/v2/clients/:clientId/content/:contentHash/status';

async function launch(dataDir: string, deploymentFile: string): Promise<RunningWebHost> {
  const host = await startWebHost({ port: 0, demo: true, dataDir, rendererDir: dataDir, openExternal: browser.openExternal, deploymentFile });
  hosts.push(host);
  return host;
}

const fileFor = (fields: Record<string, unknown>): Record<string, unknown> => ({
  learnUrl: site.origin,
  applicationKey: DEMO_APP.key,
  applicationSecret: DEMO_APP.secret,
  ...fields,
});

async function place(name: string, data: unknown): Promise<{ dataDir: string; path: string }> {
  const dataDir = await mkdtemp(join(folder, `${name}-`));
  const path = join(folder, `${name}.json`);
  await writeFile(path, JSON.stringify(data));
  return { dataDir, path };
}

beforeAll(async () => {
  site = await withSandbox();
  folder = await mkdtemp(join(tmpdir(), 'rollbook-deployment-'));
});

afterAll(async () => {
  for (const host of hosts) await host.close();
  await site.close();
  await rm(folder, { recursive: true, force: true });
});

describe('the deployment file at the managed path', () => {
  it('is looked for where each operating system keeps machine-wide settings', () => {
    expect(managedDeploymentPath('win32', { ProgramData: 'D:\\ProgramData' })).toBe('D:\\ProgramData\\Rollbook\\deployment.json');
    expect(managedDeploymentPath('darwin', {})).toBe('/Library/Application Support/Rollbook/deployment.json');
    expect(managedDeploymentPath('linux', {})).toBe('/etc/rollbook/deployment.json');
  });

  it('adds its site under its label, keeps the secrets in the vault only, and reaches the site’s Ally with its credentials', async () => {
    const { dataDir, path } = await place('full', fileFor({ label: 'Northfield Learn', allyClientId: DEMO_ALLY_CLIENT.clientId, allySecret: DEMO_ALLY_CLIENT.secret, allyUrl: site.allyUrl }));
    const host = await launch(dataDir, path);
    const known = await ok(call(host.dispatch, 'auth.sites', {}));
    expect(known.sites).toEqual([{ learnUrl: site.learnUrl, siteName: new URL(site.origin).host, applicationKey: DEMO_APP.key, label: 'Northfield Learn' }]);
    expect(known.deploymentProblem).toBeUndefined();
    const plain = await readFile(join(dataDir, 'rollbook-sites.json'), 'utf8');
    expect(plain).not.toContain(DEMO_APP.secret);
    expect(plain).not.toContain(DEMO_ALLY_CLIENT.secret);

    // Opened from the chooser with the file's key and secret: nothing typed.
    const status = await ok(call(host.dispatch, 'auth.openSite', { learnUrl: site.learnUrl }));
    expect(status).toMatchObject({ state: 'signed-in', mode: 'learn', user: { userName: 'instructor' } });
    expect(await ok(call(host.dispatch, 'ally.setup', {}))).toEqual({ configured: true });
    const before = await routeCount(site, ALLY_STATUS);
    const check = await ok(call(host.dispatch, 'site.check', { again: true }));
    expect(check.features.find((f) => f.feature === 'ally')?.state).toBe('available');
    // The check's Ally request went to the site's Ally (this sandbox), signed with the file's secret.
    expect((await routeCount(site, ALLY_STATUS)) - before).toBe(1);
  });

  it('without Ally fields, the site has no Ally: the check says not set up', async () => {
    const { dataDir, path } = await place('no-ally', fileFor({}));
    const host = await launch(dataDir, path);
    await ok(call(host.dispatch, 'auth.openSite', { learnUrl: site.learnUrl }));
    expect((await ok(call(host.dispatch, 'ally.setup', {}))).configured).toBe(false);
    const check = await ok(call(host.dispatch, 'site.check', {}));
    expect(check.features.find((f) => f.feature === 'ally')?.state).toBe('not-configured');
  });

  it('never overwrites a site the user added: their key stays, the label is added, its Ally is not set from the file', async () => {
    const { dataDir, path } = await place(
      'user-site',
      fileFor({ applicationKey: 'another-key-from-it', label: 'Northfield Learn', allyClientId: DEMO_ALLY_CLIENT.clientId, allySecret: DEMO_ALLY_CLIENT.secret, allyUrl: site.allyUrl }),
    );
    const first = await launch(dataDir, join(folder, 'absent.json'));
    await ok(call(first.dispatch, 'auth.signIn', { learnUrl: site.origin, applicationKey: DEMO_APP.key, applicationSecret: DEMO_APP.secret }));
    await first.close();
    const next = await launch(dataDir, path);
    const known = await ok(call(next.dispatch, 'auth.sites', {}));
    expect(known.sites).toEqual([{ learnUrl: site.learnUrl, siteName: new URL(site.origin).host, applicationKey: DEMO_APP.key, label: 'Northfield Learn' }]);
    // Its own key and secret still open it.
    const trips = browser.trips.length;
    expect(await ok(call(next.dispatch, 'auth.openSite', { learnUrl: site.learnUrl }))).toMatchObject({ state: 'signed-in' });
    expect(browser.trips.length).toBe(trips);
    // Course files go to no Ally the file names: a planted file could name any server.
    expect(await ok(call(next.dispatch, 'ally.setup', {}))).toMatchObject({ configured: false });
  });

  it('is refused, with the reason, when accounts other than administrators could have written it', async () => {
    const { dataDir, path } = await place('writable', fileFor({ label: 'Northfield Learn' }));
    await chmod(path, 0o666);
    const host = await launch(dataDir, path);
    const known = await ok(call(host.dispatch, 'auth.sites', {}));
    expect(known.sites).toEqual([]);
    expect(known.deploymentProblem).toBe(
      `The deployment file ${path} is not used: it can be changed by other accounts on this computer, so it may not be IT's. It must be writable by administrators only. Ask your IT team for a corrected file; until then, connect to your site by typing its address, key and secret.`,
    );
  });

  it('names what is wrong with a bad file, never a value, and adds nothing from it', async () => {
    const secret = 'Zq9-do-not-print-this-secret';
    const { dataDir, path } = await place('bad', fileFor({ applicationSecret: secret, allyClientId: 7 }));
    const host = await launch(dataDir, path);
    const known = await ok(call(host.dispatch, 'auth.sites', {}));
    expect(known.sites).toEqual([]);
    expect(known.deploymentProblem).toMatch(new RegExp(`^The deployment file ${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is not usable: allySecret: missing\\.`));
    expect(known.deploymentProblem).toMatch(/Ask your IT team for a corrected file/);
    expect(known.deploymentProblem).not.toContain(secret);
  });
});
