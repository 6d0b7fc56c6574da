import { expect, it } from 'vitest';
import { APP_ORIGIN } from '../../electron/host/window-options';
import { signOut } from '../support/roll-call-ui';
import { demoSite, describeDesktop, originOf, useDesktopApp } from './desktop-app';

const WAIT = { timeout: 45_000 };

// The installed app's first minutes: the site chooser on the app's own origin, the demo in one
// click (its sandbox runs in the main process), and signing out back to the chooser.
describeDesktop('the desktop app from first start to sign-out', () => {
  const app = useDesktopApp();

  it('first starts on the site chooser, from app://rollbook, as the desktop host with its demo sandbox', async () => {
    const { window } = app;
    expect(originOf(window)).toBe(APP_ORIGIN);
    await window.getByRole('heading', { name: 'Try the demo' }).waitFor();
    await window.getByRole('heading', { name: 'Connect to your Learn site' }).waitFor();
    expect(await window.getByText(/^Desktop app · version \d/).count()).toBe(1);
    await demoSite(window);
    await expect.poll(() => window.getByTestId('sandbox-health').textContent(), WAIT).toMatch(/The sandbox answers for Learn and Ally: [1-9]\d* demo courses are ready\./);
  });

  it('signs in to the demo in one click and lists its courses', async () => {
    const { window } = app;
    await window.getByRole('button', { name: 'Sign in to the demo' }).click();
    await expect.poll(() => window.getByRole('button', { name: /PSYC-101-F26/ }).count(), WAIT).toBeGreaterThan(0);
  });

  it('signs out back to the site chooser', async () => {
    const { window } = app;
    await signOut(window);
    await window.getByRole('heading', { name: 'Try the demo' }).waitFor();
    expect(await window.getByRole('button', { name: /PSYC-101-F26/ }).count()).toBe(0);
    expect(originOf(window)).toBe(APP_ORIGIN);
  });
});
