import { describe, expect, it } from 'vitest';
import { learnAs, PSYC, setFaults } from '../integration/learn-support';
import { openCourse, signInToDemo, takeRoll, useDemoHost, waitForMeetings } from '../support/roll-call-ui';

/**
 * Online, a mark reaches Learn within seconds of the instructor leaving the roll call, without
 * pressing Sync (the roll's marks wait on the device while it is taken: send-hold.ts), and one 500
 * while reading the meeting's records does not fail the meeting: the read is repeated and the mark
 * lands in the same push.
 */
describe('a mark made online', () => {
  const demo = useDemoHost();

  it('reaches Learn within 5 s of leaving the roll call, through a 500 on reading the meeting', async () => {
    // A meeting another client made in Learn: the engine reads its records before writing.
    const { learn } = learnAs(demo.sandbox, 'instructor');
    const title = 'E2E seminar made in Learn';
    const meeting = await learn.attendance.createMeeting(PSYC, { courseId: PSYC, title, description: '', start: '2026-11-20T15:00:00Z', end: '2026-11-20T16:00:00Z' });
    const page = await demo.browser.newPage();
    await signInToDemo(page, demo.host);
    await openCourse(page, 'PSYC-101-F26');
    await waitForMeetings(page);
    await takeRoll(page, title);
    const row = page.getByTestId('student-row').first();
    await row.waitFor({ timeout: 15_000 });
    const userId = (await row.getAttribute('data-user-id')) ?? '';
    const next = 'Absent';
    await expect.poll(() => page.getByTestId('waiting').textContent(), { timeout: 30_000 }).toBe('0 changes waiting');

    // Learn has a bad moment on the next read of what this meeting holds (its records, or the one
    // record marked: the engine reads whichever is fewer requests).
    await setFaults(demo.sandbox, { pathPattern: `/meetings/${meeting.id}/users(/[^/]+)?$`, failNext: { count: 1, method: 'GET' } });
    await row.focus();
    await page.keyboard.press('a');
    await expect.poll(() => page.getByTestId('waiting').textContent()).toBe('1 change waiting');
    const pressed = Date.now();
    await page.getByRole('button', { name: '← PSYC-101-F26 meetings' }).click();
    // The test reads the student's records across the course (another path than the fault's), so only the app's read can meet the 500.
    const status = async (): Promise<string | undefined> => {
      for await (const r of learn.attendance.listUserRecords(PSYC, userId)) if (String(r.meetingId) === String(meeting.id)) return r.status;
      return undefined;
    };
    await expect.poll(status, { timeout: 5_000, interval: 200 }).toBe(next);
    const took = Date.now() - pressed;
    const faults = (await (await demo.sandbox.controlFetch(`/__sandbox/faults`)).json()) as { injected: { serverError: number }; config: { failNext: unknown } };
    await setFaults(demo.sandbox, { pathPattern: null, failNext: null });
    expect(faults.injected.serverError).toBe(1);
    expect(faults.config.failNext).toBeNull();
    expect(took).toBeLessThan(5_000);
    await expect.poll(() => page.getByTestId('waiting').textContent()).toBe('0 changes waiting');
    await expect.poll(() => page.getByTestId('failures').count()).toBe(0);
    await page.close();
  });
});
