import { describe, expect, it } from 'vitest';
import { openAccessibility } from '../support/content-ui';
import { signInToDemo, useDemoHost } from '../support/roll-call-ui';
import { checkScreen } from '../support/screen-check';

/**
 * Ally offline: with the network cut, the overview and a file's report
 * still show from this device, marked "Offline: as of <time>", the PDF's pages still draw with
 * their boxes (the file was kept), and asking for a new format is disabled with the reason.
 */
const WAIT = { timeout: 20_000 };

describe('Ally reports offline in browser mode', () => {
  const demo = useDemoHost();

  it('shows the last read overview and report, marked offline, and disables new formats', async () => {
    const context = await demo.browser.newContext();
    const page = await context.newPage();
    await signInToDemo(page, demo.host);
    const accessibility = await openAccessibility(page, 'HIST-310-F26', WAIT);
    await page.getByRole('button', { name: 'Primary sources 1492-1600.pdf' }).click();
    await expect.poll(() => page.locator('[data-testid="pdf-page"][data-drawn="yes"]').count(), WAIT).toBe(1);
    const onlineScore = await page.getByTestId('ally-score').textContent();
    await page.getByRole('button', { name: 'All files' }).click();

    // The network goes; leave the screen and come back, so everything shown is read from IndexedDB.
    await context.setOffline(true);
    await expect.poll(() => page.getByTestId('connectivity').textContent(), WAIT).toBe('Offline');
    await page.getByRole('button', { name: 'Meetings', exact: true }).click();
    await accessibility.click();

    await expect.poll(() => page.getByTestId('ally-overview-status').textContent(), WAIT).toMatch(/^\s*Offline: as of .*\d/);
    await expect.poll(() => page.getByTestId('ally-file').count()).toBe(2);
    await page.getByRole('button', { name: 'Primary sources 1492-1600.pdf' }).click();
    await expect.poll(() => page.getByTestId('ally-report-status').textContent(), WAIT).toMatch(/Offline: as of/);
    await expect.poll(() => page.getByTestId('ally-score').textContent()).toBe(onlineScore);
    await expect.poll(() => page.locator('[data-testid="pdf-page"][data-drawn="yes"]').getByTestId('problem-box').count(), WAIT).toBe(4);

    const generate = page.getByRole('button', { name: /^Generate / });
    await expect.poll(() => generate.isDisabled()).toBe(true);
    await expect.poll(() => page.locator('#formats-offline').textContent()).toMatch(/You are offline: Ally generates formats on its servers/);
    await checkScreen(page, 'ally-offline');
    await context.close();
  });
});
