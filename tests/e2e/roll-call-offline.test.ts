import { describe, expect, it } from 'vitest';
import { attendanceWritesBetween, createMeeting, openCourse, sandboxStats, signInToDemo, takeRoll, useDemoHost, waitForMeetings, learnRollOf } from '../support/roll-call-ui';
import { setBulkCovers } from '../support/sandbox-controls';
import { checkScreen } from '../support/screen-check';

// In the UI: roll taken for the 300-student lecture with the network
// cut, the page reloaded half-way (nothing lost), the network back: Learn holds exactly that roll,
// sent in the fewest requests the rules allow (one create, one bulk, the exceptions).
describe('offline roll call in browser mode', () => {
  const demo = useDemoHost();

  it('keeps every mark across a reload while offline and syncs them on reconnect', async () => {
    // Whom Learn's bulk covers is not this test's subject: students only, as the sandbox did before
    // its default became the Swagger's "all users in the course".
    await setBulkCovers(demo.sandbox, 'students');
    const context = await demo.browser.newContext();
    const page = await context.newPage();
    const title = 'E2E offline roll';

    // Online once: sign in and open the course, which saves its roster and meetings on this device.
    await signInToDemo(page, demo.host);
    await openCourse(page, 'PSYC-101-F26');
    await waitForMeetings(page);

    // The network goes. Create the meeting and take roll for three students by keyboard.
    await context.setOffline(true);
    await expect.poll(() => page.getByTestId('connectivity').textContent()).toBe('Offline');
    await createMeeting(page, { title, date: '2026-11-24', start: '09:00', end: '10:15' });
    // Offline, the meeting and its roster come from this device: the default poll time, no wait for Learn.
    await takeRoll(page, title, {});
    await page.getByTestId('student-row').first().focus();
    await page.keyboard.press('a');
    await page.keyboard.press('l');
    await page.keyboard.press('e');
    const marked = await page.getByTestId('student-row').evaluateAll((rows) => rows.slice(0, 3).map((r) => r.getAttribute('data-user-id') ?? ''));
    await expect.poll(() => page.getByTestId('waiting').textContent()).toBe('4 changes waiting');

    // Reload half-way. The page itself needs the local host, so the browser is let back online
    // for the reload while every sync is refused: whatever shows afterwards came from IndexedDB.
    await page.route('**/ipc/sync.push', (route) => route.abort('internetdisconnected'));
    await context.setOffline(false);
    await page.reload();
    await openCourse(page, 'PSYC-101-F26');
    await takeRoll(page, title);
    await expect.poll(() => page.getByTestId('counts').textContent()).toContain('0 present, 1 absent, 1 late, 1 excused, 297 not marked');
    // The status bar reads the outbox on its own: wait for it too.
    await expect.poll(() => page.getByTestId('waiting').textContent()).toBe('4 changes waiting');
    await context.setOffline(true);
    await page.unroute('**/ipc/sync.push');

    await page.getByRole('button', { name: 'Mark everyone not yet marked Present' }).click();
    await expect.poll(() => page.getByTestId('counts').textContent()).toContain('297 present, 1 absent, 1 late, 1 excused, 0 not marked');
    // The marks show at once, "saving" until their one transaction commits (under load, longer
    // than a poll's second): wait for that, as the user sees it, then for the status bar's count.
    await page.locator('[data-saving]').first().waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('waiting').textContent()).toBe('301 changes waiting');
    await checkScreen(page, 'roll-call-offline');

    // The network returns: sync runs by itself on reconnect.
    const before = await sandboxStats(demo.host);
    await context.setOffline(false);
    await expect.poll(() => page.getByTestId('waiting').textContent(), { timeout: 30_000 }).toBe('0 changes waiting');
    const after = await sandboxStats(demo.host);

    const records = await learnRollOf(demo.sandbox, title);
    const byUser = new Map(records.map((r) => [r.userId, r.status]));
    expect(records).toHaveLength(300);
    expect(marked.map((u) => byUser.get(u))).toEqual(['Absent', 'Late', 'Excused']);
    expect(records.filter((r) => r.status === 'Present')).toHaveLength(297);

    // Fewest writes the rules allow: one meeting create, one bulk (Present), three exceptions.
    expect(attendanceWritesBetween(before, after)).toEqual({
      'POST /learn/api/public/v1/courses/:courseId/meetings': 1,
      'POST /learn/api/public/v1/courses/:courseId/meetings/:meetingId/users/bulk': 1,
      'PATCH /learn/api/public/v1/courses/:courseId/meetings/:meetingId/users/:userId': 3,
    });
    await context.close();
  });
});
