import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ALLY_CLIENT, DEMO_APP } from '../../sandbox/core/context';
import type { RunningSandbox } from '../../sandbox/server';
import { configureLogger } from '../../shared/logger';
import { startWebHost, type RunningWebHost } from '../../electron/web-host';
import { fakeBrowser } from '../integration/auth-support';
import { checkScreen } from '../support/screen-check';
import { launchChromium, openRollbook, rendererDirOption } from '../support/browser';
import { withSandbox } from '../support/sandbox';
import { openAccount } from '../support/roll-call-ui';

/**
 * The deployment file IT places at the managed path, as the instructor sees it:
 * the site is in the chooser under the institution's label and opens with one click, nothing typed;
 * a bad file is named on the chooser with the fix. A second sandbox stands in for the site.
 */
let site: RunningSandbox;
let browser: Browser;
let folder: string;
const hosts: RunningWebHost[] = [];

beforeAll(async () => {
  configureLogger({ level: 'error' });
  site = await withSandbox();
  folder = await mkdtemp(join(tmpdir(), 'rollbook-e2e-deployment-'));
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  for (const host of hosts) await host.close();
  await site?.close();
  await rm(folder, { recursive: true, force: true });
  configureLogger({ level: 'info' });
});

async function hostWith(name: string, file: Record<string, unknown>): Promise<RunningWebHost> {
  const path = join(folder, `${name}.json`);
  await writeFile(path, JSON.stringify(file));
  const dataDir = await mkdtemp(join(folder, `${name}-data-`));
  const host = await startWebHost({ port: 0, demo: true, dataDir, ...rendererDirOption(), openExternal: fakeBrowser().openExternal, deploymentFile: path });
  hosts.push(host);
  return host;
}

describe('the deployment file in the site chooser', () => {
  it('lists the site under its label and opens it with nothing typed', async () => {
    const host = await hostWith('good', {
      learnUrl: site.origin,
      applicationKey: DEMO_APP.key,
      applicationSecret: DEMO_APP.secret,
      label: 'Northfield Learn',
      allyClientId: DEMO_ALLY_CLIENT.clientId,
      allySecret: DEMO_ALLY_CLIENT.secret,
      allyUrl: site.allyUrl,
    });
    const page = await browser.newPage();
    await page.setViewportSize({ width: 360, height: 800 });
    await openRollbook(page, host);
    const open = page.getByRole('button', { name: 'Open Northfield Learn' });
    await open.waitFor();
    expect(await page.getByText(new URL(site.origin).host, { exact: true }).count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await checkScreen(page, 'sites-from-deployment-file');
    await open.click();
    // Signed in: the account (behind the initials at this width) offers Switch site.
    await page.getByTestId('account-menu').waitFor({ timeout: 20_000 });
    await openAccount(page);
    await page.getByRole('button', { name: 'Switch site' }).waitFor();
    await page.close();
  });

  it('names what is wrong with a bad file, never its values, and how to go on', async () => {
    const host = await hostWith('bad', { learnUrl: site.origin, applicationKey: DEMO_APP.key, applicationSecret: 'Zq9-never-shown', allyClientId: 7 });
    const page = await browser.newPage();
    await openRollbook(page, host);
    const problem = page.getByTestId('deployment-problem');
    await problem.waitFor();
    const text = (await problem.textContent()) ?? '';
    expect(text).toMatch(/^The deployment file .*bad\.json is not usable: allySecret: missing\./);
    expect(text).toMatch(/connect to your site by typing its address, key and secret\.$/);
    expect(text).not.toContain('Zq9-never-shown');
    expect(await page.getByRole('heading', { name: 'Your Learn sites' }).count()).toBe(0);
    await checkScreen(page, 'sites-bad-deployment-file');
    await page.close();
  });
});
