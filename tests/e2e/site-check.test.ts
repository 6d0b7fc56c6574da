import { describe, expect, it } from 'vitest';
import { checkScreen } from '../support/screen-check';
import { openCourse, sandboxStats, signInToDemo, useDemoHost, waitForMeetings } from '../support/roll-call-ui';

// "Check this site" in Settings says per feature what the site and the user's
// role allow, and a screen the role may not use says why instead of failing on use. The sandbox's
// teaching-assistant role loses course.attendance.VIEW the way a Learn administrator takes a
// privilege from a role: Learn's own attendance endpoints then answer 403 for that user.
describe('the site check in browser mode', () => {
  const demo = useDemoHost({ demoUser: 'ta' });
  const MEETINGS = 'GET /learn/api/public/v1/courses/:courseId/meetings';
  const REASON =
    'Your role on this site does not allow reading or taking attendance. Ask your Learn administrator for the permission to view attendance in courses.';

  async function setRole(change: 'revoke' | 'restore'): Promise<void> {
    const res = await demo.sandbox.controlFetch(`/__sandbox/roles`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ roleId: 'TeachingAssistant', [change]: ['course.attendance.VIEW'] }),
    });
    expect(res.status).toBe(200);
  }

  it('turns the meetings screen off with the reason, lists each feature in Settings, and follows the role once checked again', async () => {
    await setRole('revoke');
    const page = await demo.browser.newPage();
    await page.setViewportSize({ width: 360, height: 740 });
    await signInToDemo(page, demo.host);
    // Today reads each course's meetings without waiting for the check (a quick start): Learn
    // refuses them, once per sign-in, and once the check has answered Today says why.
    const psycCard = page.getByRole('listitem').filter({ hasText: 'PSYC-101-F26' });
    await expect.poll(() => psycCard.textContent(), { timeout: 20_000 }).toContain('Your role in this course does not allow attendance');
    const askedBefore = (await sandboxStats(demo.host)).byRoute[MEETINGS] ?? 0;
    await openCourse(page, 'PSYC-101-F26');

    // The meetings screen: off, with the reason, and nothing offered that would fail on use.
    const off = page.getByTestId('feature-off');
    await expect.poll(() => off.textContent(), { timeout: 20_000 }).toBe(REASON);
    expect(await page.getByRole('button', { name: 'Create meeting' }).count()).toBe(0);
    // The meetings screen itself asked Learn nothing.
    expect((await sandboxStats(demo.host)).byRoute[MEETINGS] ?? 0).toBe(askedBefore);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await checkScreen(page, 'meetings-not-allowed');

    // Settings: the same check, feature by feature.
    await page.setViewportSize({ width: 900, height: 900 });
    await page.getByRole('button', { name: 'Settings' }).click();
    const panel = page.getByTestId('site-check');
    const attendance = panel.getByTestId('feature-check').filter({ hasText: 'Meetings and roll call' });
    await expect.poll(() => attendance.getAttribute('data-state'), { timeout: 20_000 }).toBe('not-allowed');
    expect(await attendance.textContent()).toContain(REASON);
    expect(await panel.getByText(/where your role is Teaching assistant/).count()).toBe(1);
    // What the role still holds is available.
    expect(await panel.getByTestId('feature-check').filter({ hasText: 'Rosters' }).getAttribute('data-state')).toBe('available');
    expect(await panel.getByTestId('feature-check').filter({ hasText: 'Accessibility reports (Ally)' }).getAttribute('data-state')).toBe('available');
    await checkScreen(page, 'settings-site-check');

    // The privilege given back, "Check this site" asks Learn again, and the meetings screen follows.
    await setRole('restore');
    await panel.getByRole('button', { name: 'Check this site' }).click();
    await expect.poll(() => attendance.getAttribute('data-state'), { timeout: 20_000 }).toBe('available');
    await page.getByRole('button', { name: 'Courses' }).click();
    await openCourse(page, 'PSYC-101-F26');
    await waitForMeetings(page);
    expect(await page.getByTestId('feature-off').count()).toBe(0);
    await page.close();
  });
});
