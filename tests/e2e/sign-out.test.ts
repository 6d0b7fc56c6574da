import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { axeViolations } from '../support/axe';
import { saveScreen } from '../support/design-ui';
import { createMeetingAndTakeRoll, learnRollOf, openCourse, signInToDemo, openAccount, signOut, useDemoHost, waitForMeetings } from '../support/roll-call-ui';

// Sign-out lists what still waits and offers to sync first; offline it says the
// changes stay on this device until the next sign-in to the same site, which sends them. Nothing
// waiting is ever lost by signing out.
describe('signing out with changes waiting', () => {
  const demo = useDemoHost();

  /** Pushes fail as if the network dropped between this page and its host. */
  const refuse = (route: Route): Promise<void> => route.abort('internetdisconnected');
  const refusePushes = (page: Page) => page.route('**/ipc/sync.push', refuse);

  async function markTwo(page: Page, title: string): Promise<void> {
    await openCourse(page, 'PSYC-101-F26');
    await waitForMeetings(page);
    await createMeetingAndTakeRoll(page, { title, date: '2026-11-20', start: '09:00', end: '10:00' });
    // The meeting reaches Learn first; then its marks are held back.
    await expect.poll(() => page.getByTestId('waiting').textContent(), { timeout: 20_000 }).toBe('0 changes waiting');
    await refusePushes(page);
    await page.getByTestId('student-row').first().focus();
    await page.keyboard.press('p');
    await page.keyboard.press('a');
    await expect.poll(() => page.getByTestId('waiting').textContent()).toBe('2 changes waiting');
  }

  it('lists them; offline it explains and loses nothing; "Sync first" sends them, then signs out', async () => {
    const context = await demo.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signInToDemo(page, demo.host);
    await markTwo(page, 'Sign-out check');

    await context.setOffline(true);
    await expect.poll(() => page.getByTestId('connectivity').textContent()).toBe('Offline');
    await openAccount(page);
    await page.getByRole('banner').getByRole('button', { name: 'Sign out', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign out?' });
    expect(await dialog.getByTestId('sign-out-waiting').textContent()).toBe('2 attendance marks');
    expect(await dialog.getByTestId('sign-out-offline').textContent()).toMatch(/stay on this device and are sent the next time you sign in to the demo as .+\./);
    expect(await dialog.getByRole('button', { name: 'Sync first' }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreen(page, 'sign-out-offline-390');
    // This browser cuts even its own host while offline: the dialog says so, nothing is lost.
    await dialog.getByRole('button', { name: 'Sign out anyway' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toContain('Nothing was lost');

    // Online, Learn still refusing: "Sync first" says what was not sent and stays signed in.
    await context.setOffline(false);
    await dialog.getByRole('button', { name: 'Sync first' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent(), { timeout: 15_000 }).toMatch(/\S/);
    expect(await dialog.getByTestId('sign-out-waiting').textContent()).toBe('2 attendance marks');

    // Learn answers again, from the moment "Sync first" is pressed: a push the app starts on its
    // own before then waits for it (CI saw one send both marks first, and the dialog took the
    // button away). The later route is asked first, so no push slips between the two.
    let pressed = (): void => undefined;
    const press = new Promise<void>((resolve) => (pressed = resolve));
    await page.route('**/ipc/sync.push', async (route) => {
      await press;
      await route.continue();
    });
    await page.unroute('**/ipc/sync.push', refuse);
    await dialog.getByRole('button', { name: 'Sync first' }).click();
    pressed();
    await page.getByRole('heading', { name: 'Try the demo' }).waitFor({ timeout: 20_000 });
    expect((await learnRollOf(demo.sandbox, 'Sign-out check')).map((r) => r.status).sort()).toEqual(['Absent', 'Present']);
    await context.close();
  });

  it('"Sign out anyway" keeps them on this device; the next sign-in sends them', async () => {
    const context = await demo.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signInToDemo(page, demo.host);
    await markTwo(page, 'Signed out waiting');
    await signOut(page, 'Sign out anyway');
    await page.getByRole('heading', { name: 'Try the demo' }).waitFor();
    expect(await learnRollOf(demo.sandbox, 'Signed out waiting')).toEqual([]);

    await page.unroute('**/ipc/sync.push');
    await page.getByRole('button', { name: 'Sign in to the demo' }).click();
    await expect.poll(async () => (await learnRollOf(demo.sandbox, 'Signed out waiting')).length, { timeout: 20_000 }).toBe(2);
    await context.close();
  });
});
