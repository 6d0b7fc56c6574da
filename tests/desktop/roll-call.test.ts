import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { APP_ORIGIN } from '../../electron/host/window-options';
import { collect, PSYC } from '../integration/learn-support';
import { createMeetingAndTakeRoll, learnRollIn, openCourse, takeRoll, waitForMeetings } from '../support/roll-call-ui';
import { demoSite, describeDesktop, learnAsInstructor, originOf, useDesktopApp } from './desktop-app';

const WAIT = { timeout: 45_000 };
const SYNCED = 'Desktop roll taken offline';
const KEPT = 'Desktop roll kept across a restart';

/** Signs in to the demo (the desktop demo starts signed out every launch) and opens PSYC-101-F26's meetings. */
async function openDemoCourse(window: Page): Promise<void> {
  await window.getByRole('button', { name: 'Sign in to the demo' }).click();
  await openCourse(window, 'PSYC-101-F26');
  await waitForMeetings(window);
}

/** Marks the open roll's first rows by key, one key a row; returns their user ids in order. */
async function markByKey(window: Page, keys: readonly string[]): Promise<string[]> {
  const rows = window.getByTestId('student-row');
  await rows.first().focus();
  for (const key of keys) await window.keyboard.press(key);
  return rows.evaluateAll((all, n) => all.slice(0, n).map((r) => r.getAttribute('data-user-id') ?? ''), keys.length);
}

const statusOf = (window: Page, userId: string) => window.locator(`[data-testid="student-row"][data-user-id="${userId}"]`).getByTestId('student-status').textContent();
const waiting = (window: Page) => window.getByTestId('waiting').textContent();

// A roll call in the installed app: taken by key with the network gone, sent when it returns,
// photos from Learn on its rows, and marks still waiting at quit found again after a restart.
describeDesktop('roll call in the desktop app', () => {
  const app = useDesktopApp();

  it('takes a roll by key offline, keeps it from Learn until the network returns, then syncs it', async () => {
    const { window } = app;
    const site = await demoSite(window);
    await openDemoCourse(window);

    // The window is told the network is gone, as when Wi-Fi drops (Chromium's offline emulation):
    // the app holds its sync until the network returns.
    const network = app.electron.context();
    await network.setOffline(true);
    await expect.poll(() => window.getByTestId('connectivity').textContent()).toBe('Offline');
    await createMeetingAndTakeRoll(window, { title: SYNCED, date: '2026-11-24', start: '09:00', end: '10:15' });
    const marked = await markByKey(window, ['a', 'l']);
    // The meeting and two marks wait on this device; Learn has not heard of the meeting.
    await expect.poll(() => waiting(window)).toBe('3 changes waiting');
    const learn = learnAsInstructor(site);
    expect((await collect(learn.attendance.listMeetings(PSYC))).filter((m) => m.title === SYNCED)).toEqual([]);

    await network.setOffline(false);
    await expect.poll(() => waiting(window), WAIT).toBe('0 changes waiting');
    const byUser = new Map((await learnRollIn(learn, SYNCED)).map((r) => [r.userId, r.status]));
    expect(marked.map((userId) => byUser.get(userId))).toEqual(['Absent', 'Late']);
  });

  it("shows students' photos from Learn on the roll", async () => {
    const { window } = app;
    // Most demo students have a photo (PNG or JPEG; an SVG one is refused) behind Learn’s avatar redirect.
    const photosShown = () =>
      window
        .getByTestId('student-photo')
        .evaluateAll((imgs) => imgs.filter((img) => img instanceof HTMLImageElement && img.src.startsWith('blob:') && img.complete && img.naturalWidth > 0).length);
    await expect.poll(photosShown, WAIT).toBeGreaterThan(0);
  });

  it('finds the marks again after the app is quit and reopened, on the same app://rollbook origin', async () => {
    const { window } = app;
    await window.getByRole('button', { name: 'Today', exact: true }).click();
    await openCourse(window, 'PSYC-101-F26');
    await waitForMeetings(window);
    await app.electron.context().setOffline(true);
    await expect.poll(() => window.getByTestId('connectivity').textContent()).toBe('Offline');
    await createMeetingAndTakeRoll(window, { title: KEPT, date: '2026-11-25', start: '09:00', end: '10:15' });
    const marked = await markByKey(window, ['e', 'a']);
    await expect.poll(() => waiting(window)).toBe('3 changes waiting');

    await app.restart();
    const reopened = app.window;
    expect(originOf(reopened)).toBe(APP_ORIGIN);
    await openDemoCourse(reopened);
    await takeRoll(reopened, KEPT);
    for (const [i, status] of ['Excused', 'Absent'].entries()) await expect.poll(() => statusOf(reopened, marked[i] ?? '')).toBe(status);
  });
});
