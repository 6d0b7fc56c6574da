import { describe, expect, it } from 'vitest';
import { collect, learnAs, PSYC, setFaults } from '../integration/learn-support';
import { createMeetingAndTakeRoll, openCourse, signInToDemo, useDemoHost, waitForMeetings } from '../support/roll-call-ui';
import { checkScreen } from '../support/screen-check';

// "always visible": a change Learn did not take is shown with the record it concerns and
// a retry, and stays queued; once Learn answers again, Retry sends it.
describe('a failed sync in browser mode', () => {
  const demo = useDemoHost();

  it('shows the record that failed, keeps it waiting, and sends it on Retry', async () => {
    const sandbox = demo.sandbox;
    const page = await demo.browser.newPage();
    const title = 'E2E failing roll';
    await signInToDemo(page, demo.host);
    await openCourse(page, 'PSYC-101-F26');
    await waitForMeetings(page);
    await createMeetingAndTakeRoll(page, { title, date: '2026-11-25', start: '13:00', end: '14:00' });

    // Learn answers every attendance-record request with a server error (the meeting create works).
    await setFaults(sandbox, { serverErrorRate: 1, pathPattern: '/meetings/\\d+/users' });
    await page.getByTestId('student-row').first().focus();
    await page.keyboard.press('a');
    const userId = (await page.getByTestId('student-row').first().getAttribute('data-user-id')) ?? '';
    // The roll's marks wait until it is finished: "Send now" sends the one mark, which meets the error.
    await page.getByRole('button', { name: 'Send now' }).click();

    const failures = page.getByTestId('failures');
    await expect.poll(() => failures.count(), { timeout: 30_000 }).toBe(1);
    // One sentence in the user's names; Learn's ids and answer only behind "Details".
    const sentence = (await failures.getByTestId('failure-text').textContent()) ?? '';
    expect(sentence).toMatch(new RegExp(`^Absent for .+ at ${title} \\(.+\\) was not sent: Learn had a problem; it will be sent again at the next sync\\.$`));
    expect(sentence).not.toMatch(/_\d+_\d+|meeting \d+/);
    await expect.poll(() => failures.getByText('Details').count()).toBe(1);
    await checkScreen(page, 'sync-failure');
    await failures.getByText('Details').click();
    await checkScreen(page, 'sync-failure-details');
    await expect.poll(() => page.getByTestId('waiting').textContent()).toBe('1 change waiting');

    await setFaults(sandbox, { serverErrorRate: 0, pathPattern: null });
    await failures.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => page.getByTestId('waiting').textContent(), { timeout: 30_000 }).toBe('0 changes waiting');
    await expect.poll(() => page.getByTestId('failures').count()).toBe(0);

    const { learn } = learnAs(sandbox, 'instructor');
    const meeting = (await collect(learn.attendance.listMeetings(PSYC))).find((m) => m.title === title);
    if (!meeting) throw new Error('the meeting was not created');
    const records = await collect(learn.attendance.listRecords(PSYC, meeting.id));
    expect(records.map((r) => [r.userId, r.status])).toEqual([[userId, 'Absent']]);
    await page.close();
  });
});
