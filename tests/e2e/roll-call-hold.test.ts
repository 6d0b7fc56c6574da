import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AttendanceStatus, LearnStatus } from '../../shared/api/attendance';
import { collect, learnAs, PSYC } from '../integration/learn-support';
import { openCourse, sandboxStats, signInToDemo, takeRoll, useDemoHost, waitForMeetings, type SandboxStats } from '../support/roll-call-ui';
import { checkScreen } from '../support/screen-check';

/** A write of an attendance record (one, a bulk), as the sandbox counts its routes. */
const RECORD_WRITE = /^(POST|PATCH|PUT|DELETE) \/learn\/api\/public\/v1\/courses\/:courseId\/meetings\/:meetingId\/users/;
const KEYS: Record<string, AttendanceStatus> = { a: 'Absent', l: 'Late', e: 'Excused' };

function recordWrites(before: SandboxStats, after: SandboxStats): number {
  return Object.entries(after.byRoute)
    .filter(([route]) => RECORD_WRITE.test(route))
    .reduce((n, [route, count]) => n + count - (before.byRoute[route] ?? 0), 0);
}

/**
 * While a roll is being taken online its marks are saved on the device and held back: nothing
 * is written to Learn until the roll is finished. Each way a user finishes it (leaving the roll
 * call, "Send now", a minute without a new mark, the window hidden) sends what was held, once,
 * and Learn then holds exactly what was marked. The page's clock is Playwright's, flowing as a
 * real one until the pause is run ahead.
 */
describe('a roll call holds its marks until it is finished', () => {
  const demo = useDemoHost();
  const titles = ['E2E held, then left', 'E2E held, then Send now', 'E2E held, then a pause', 'E2E held, then hidden', 'E2E held, then everyone'];
  const meetingIds = new Map<string, number>();
  let page: Page;

  beforeAll(async () => {
    const { learn } = learnAs(demo.sandbox, 'instructor');
    for (const [i, title] of titles.entries()) {
      const day = String(10 + i).padStart(2, '0');
      const meeting = await learn.attendance.createMeeting(PSYC, { courseId: PSYC, title, description: '', start: `2026-12-${day}T15:00:00Z`, end: `2026-12-${day}T16:00:00Z` });
      meetingIds.set(title, meeting.id);
    }
    const context = await demo.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.clock.install();
    page = await context.newPage();
  });
  afterAll(async () => {
    await page.context().close();
  });

  /** Opens the roll call, marks its first three students A, L, E by keyboard; returns what was marked, by user id. */
  async function markThree(title: string): Promise<Map<string, AttendanceStatus>> {
    await takeRoll(page, title);
    await expect.poll(() => page.getByTestId('waiting').textContent(), { timeout: 30_000 }).toBe('0 changes waiting');
    const users = await page.getByTestId('student-row').evaluateAll((rows) => rows.slice(0, 3).map((r) => r.getAttribute('data-user-id') ?? ''));
    await page.getByTestId('student-row').first().focus();
    for (const key of Object.keys(KEYS)) await page.keyboard.press(key);
    await page.locator('[data-saving]').first().waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('waiting').textContent()).toBe('3 changes waiting');
    return new Map(users.map((u, i) => [u, Object.values(KEYS)[i]!]));
  }

  /** Learn's records of the meeting, by user id. */
  async function onLearn(title: string): Promise<Map<string, LearnStatus>> {
    const records = await collect(learnAs(demo.sandbox, 'instructor').learn.attendance.listRecords(PSYC, meetingIds.get(title)!));
    return new Map(records.map((r) => [r.userId, r.status]));
  }

  /** Marks three, checks nothing reaches Learn meanwhile, ends the hold with `end`, then checks each mark landed once. */
  async function heldThenSent(title: string, end: () => Promise<void>, whileHeld: () => Promise<void> = () => Promise.resolve()): Promise<void> {
    const before = await sandboxStats(demo.host);
    const marked = await markThree(title);
    // Longer than the 1.5 s after which a change made online used to be pushed.
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    await expect.poll(() => page.getByTestId('held-note').textContent()).toBe('3 marks saved on this device · sent to Learn when you finish the roll call');
    await whileHeld();
    expect(recordWrites(before, await sandboxStats(demo.host))).toBe(0);
    expect((await onLearn(title)).size).toBe(0);
    expect(await page.getByTestId('held-note').count()).toBe(1);

    await end();
    await expect.poll(() => onLearn(title), { timeout: 15_000 }).toEqual(marked);
    await expect.poll(() => page.getByTestId('waiting').textContent(), { timeout: 15_000 }).toBe('0 changes waiting');
    await expect.poll(() => page.getByTestId('held-note').count()).toBe(0);
    // Once: three records, three writes, and none more after.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(recordWrites(before, await sandboxStats(demo.host))).toBe(3);
  }

  const backToMeetings = async (): Promise<void> => {
    if ((await page.getByRole('button', { name: /^Take roll: / }).count()) === 0) await page.getByRole('button', { name: '← PSYC-101-F26 meetings' }).click();
  };

  it('sends the held marks when the instructor leaves the roll call', async () => {
    await signInToDemo(page, demo.host);
    await openCourse(page, 'PSYC-101-F26');
    await waitForMeetings(page);
    await heldThenSent(titles[0]!, () => page.getByRole('button', { name: '← PSYC-101-F26 meetings' }).click());
  });

  it('says so on the screen and in the status bar, fits 360 px, and sends them on "Send now"', async () => {
    await backToMeetings();
    await heldThenSent(
      titles[1]!,
      () => page.getByRole('button', { name: 'Send now' }).click(),
      async () => {
        await expect.poll(() => page.getByTestId('roll-held').textContent()).toContain('3 marks wait on this device until you finish the roll call or pause for a minute.');
        await checkScreen(page, 'roll-call-held');
        await page.setViewportSize({ width: 360, height: 780 });
        for (const id of ['held-note', 'roll-held']) {
          const box = await page.getByTestId(id).boundingBox();
          expect(box!.x + box!.width, id).toBeLessThanOrEqual(360);
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
        await page.setViewportSize({ width: 1280, height: 900 });
      },
    );
  });

  it('sends them after a minute with no new mark, and not before', async () => {
    await backToMeetings();
    await heldThenSent(
      titles[2]!,
      async () => {
        await page.context().clock.runFor(15_000);
      },
      async () => {
        // About 50 s of the page's clock with no new mark (the app's minute-long fallback sync among them): still held.
        await page.context().clock.runFor(45_000);
        await new Promise((resolve) => setTimeout(resolve, 2_000));
      },
    );
  });

  it('sends them when the window is hidden', async () => {
    await backToMeetings();
    await heldThenSent(titles[3]!, () =>
      page.evaluate(() => {
        // What the browser does when the window is minimised or covered.
        Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
        document.dispatchEvent(new Event('visibilitychange'));
      }),
    );
    await page.evaluate(() => delete (document as { visibilityState?: unknown }).visibilityState);
  });

  it('sends them with the rest on "Mark everyone not yet marked Present", in one push', async () => {
    await backToMeetings();
    const title = titles[4]!;
    const before = await sandboxStats(demo.host);
    const marked = await markThree(title);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(recordWrites(before, await sandboxStats(demo.host))).toBe(0);
    await page.getByRole('button', { name: 'Mark everyone not yet marked Present' }).click();
    await expect.poll(async () => (await onLearn(title)).size, { timeout: 20_000 }).toBe(300);
    const learn = await onLearn(title);
    for (const [userId, status] of marked) expect(learn.get(userId)).toBe(status);
    expect([...learn.values()].filter((s) => s === 'Present')).toHaveLength(297);
    await expect.poll(() => page.getByTestId('waiting').textContent(), { timeout: 15_000 }).toBe('0 changes waiting');
    // Learn's bulk and the three others: a handful of writes, not one per student.
    expect(recordWrites(before, await sandboxStats(demo.host))).toBeLessThanOrEqual(10);
  });
});
