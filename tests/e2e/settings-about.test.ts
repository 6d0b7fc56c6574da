import { describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { saveScreen } from '../support/design-ui';
import { signInToDemo, useDemoHost } from '../support/roll-call-ui';

// Settings says who is signed in where, the site's Learn version, what this
// device keeps (kept or not, size, where), the photos choice (kept for the next start) and offers
// sign-out through the dialog that lists what waits.
describe('Settings: account, storage, photos', () => {
  const demo = useDemoHost();

  it('shows the account and storage in words, keeps the photos choice, and signs out through the dialog; 390 px, no axe violations', async () => {
    const context = await demo.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signInToDemo(page, demo.host);
    await page.getByRole('button', { name: 'Settings', exact: true }).click();

    await expect.poll(() => page.getByTestId('learn-version').textContent(), { timeout: 15_000 }).toBe('3900.121.0');
    expect(await page.getByTestId('account-site').textContent()).toBe('The demo');
    expect(await page.getByTestId('account-user').textContent()).toMatch(/^\S.+ \(instructor\)$/);
    await expect.poll(() => page.getByTestId('storage-size').textContent()).toMatch(/used/);
    expect(await page.getByTestId('storage-persisted').textContent()).toMatch(/^(Kept|Not protected|This browser does not say)/);
    expect(await page.getByText("In this browser's profile on this device").count()).toBe(1);

    const photos = page.getByRole('switch', { name: 'Show students’ photos' });
    expect(await photos.isChecked()).toBe(true);
    await photos.uncheck();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('rollbook.preferences') ?? '{}') as unknown)).toMatchObject({ showPhotos: false });
    await page.reload();
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    expect(await page.getByRole('switch', { name: 'Show students’ photos' }).isChecked()).toBe(false);

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreen(page, 'settings-390');

    await page.getByRole('button', { name: 'Sign out…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign out?' });
    await expect.poll(() => dialog.textContent()).toContain('Nothing is waiting to be sent to Learn.');
    await dialog.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.getByRole('heading', { name: 'Try the demo' }).waitFor();
    await context.close();
  });
});
