import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { axeViolations } from '../support/axe';
import { saveScreen } from '../support/design-ui';
import { collect, HIST, learnAs, PSYC } from '../integration/learn-support';
import { sandboxStats, signInToDemo, signOut, takeRoll, useDemoHost } from '../support/roll-call-ui';

// The home screen is today. The demo's seminar (HIST-310-F26) meets on
// Thursdays 14:00-16:30 New York time and has no meeting today, so "Create today's meeting"
// offers that slot; the browser runs in New York's time zone so the slot reads the same every day.
describe('Today, the home screen', () => {
  const demo = useDemoHost();
  const SEMINAR = 'Seminar: The Atlantic World, 1492–1830';

  /**
   * What Today says of a course's attendance before any roll is read (nothing read at a launch):
   * every started meeting of Learn's is not read yet.
   */
  async function notReadWords(courseId: string): Promise<string> {
    const { learn } = learnAs(demo.sandbox, 'instructor');
    const started = (await collect(learn.attendance.listMeetings(courseId))).filter((m) => Date.parse(m.start) <= Date.now()).length;
    expect(started).toBeGreaterThan(1);
    return `Not on this device yet (${started} meetings not read from Learn yet)`;
  }

  async function phone(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await demo.browser.newContext({ timezoneId: 'America/New_York', locale: 'en-US', viewport: { width: 390, height: 844 } });
    return { context, page: await context.newPage() };
  }

  it("creates today's meeting at the course's usual slot; its Take roll opens the roll call; 390 px, no axe violations", async () => {
    const { context, page } = await phone();
    await signInToDemo(page, demo.host);
    await page.getByRole('heading', { name: 'Today', level: 2 }).waitFor();
    // The visible words, then whose meeting (label in name, WCAG 2.5.3).
    const create = page.getByRole('button', { name: `Create today's meeting (2:00 PM–4:30 PM) for ${SEMINAR}`, exact: true });
    await expect.poll(() => create.textContent(), { timeout: 20_000 }).toContain("Create today's meeting (2:00 PM–4:30 PM)");
    // Each course says its next meeting and its attendance so far, in words.
    expect(await page.getByRole('listitem').filter({ hasText: 'PSYC-101-F26' }).textContent()).toMatch(/Next meeting.*Attendance/);
    // The cross-listed section's attendance is its parent's: Today says where, and never waits on Learn for it.
    await expect
      .poll(() => page.getByRole('listitem').filter({ hasText: 'BIOL-220-F26-X' }).textContent())
      .toMatch(/Attendance taken\s*In BIOL-220-F26, its parent course/);
    expect(await page.getByText('Not read from Learn yet', { exact: true }).count()).toBe(0);
    // The rate counts the rolls on this device: none at a first launch, and none read in the
    // background; the card says how many meetings are not read and offers to read them.
    const psyc = page.getByRole('listitem').filter({ hasText: 'PSYC-101-F26' });
    await expect.poll(() => psyc.textContent(), { timeout: 20_000 }).toContain(await notReadWords(PSYC));
    expect(await psyc.getByRole('button', { name: /^Read \d+ earlier meetings from Learn for / }).count()).toBe(1);
    const rolls = Object.entries((await sandboxStats(demo.host)).byRoute).filter(([route]) => route.endsWith('/meetings/:meetingId/users'));
    expect(rolls).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreen(page, 'today-390');

    await create.click();
    const today = page.getByTestId('today-meetings');
    await expect.poll(() => today.textContent(), { timeout: 10_000 }).toContain('Seminar, week 13');
    expect(await today.textContent()).toContain('2:00 PM–4:30 PM');
    expect(await today.textContent()).toContain('Not taken');
    await expect.poll(() => create.count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    // Learn gets it at 14:00 New York time today, once.
    const dayInNewYork = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
    const { learn } = learnAs(demo.sandbox, 'instructor');
    await expect
      .poll(async () => (await collect(learn.attendance.listMeetings(HIST))).filter((m) => m.title === 'Seminar, week 13').map((m) => new Date(m.start)), { timeout: 20_000 })
      .toHaveLength(1);
    const [made] = (await collect(learn.attendance.listMeetings(HIST))).filter((m) => m.title === 'Seminar, week 13');
    const local = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(made!.start));
    expect(local).toBe(`${dayInNewYork}, 14:00`);

    // "Take roll" opens its roll call.
    await takeRoll(page, 'Seminar, week 13');
    await page.getByRole('heading', { name: /Seminar, week 13/ }).waitFor();
    await signOut(page);
    await context.close();
  });

  it('says what waits to sync, and the meeting becomes "taken" with a mark', async () => {
    const { context, page } = await phone();
    await signInToDemo(page, demo.host);
    // The meeting the first test made is today's: its roll call, then one student marked offline.
    await takeRoll(page, 'Seminar, week 13');
    await context.setOffline(true);
    await expect.poll(() => page.getByTestId('connectivity').textContent()).toBe('Offline');
    await page.getByTestId('student-row').first().focus();
    await page.keyboard.press('p');
    await expect.poll(() => page.getByTestId('waiting').textContent()).toBe('1 change waiting');
    await page.getByRole('button', { name: 'Today', exact: true }).click();
    await expect.poll(() => page.getByTestId('today-waiting').textContent()).toContain('Waiting to sync: 1 attendance mark.');
    expect(await page.getByTestId('today-waiting').textContent()).toContain('sent when you are back online');
    await expect.poll(() => page.getByTestId('today-meetings').textContent()).toMatch(/1 waiting to sync.*Taken 1\/\d+/);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreen(page, 'today-waiting-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await saveScreen(page, 'today-1280');
    await context.close();
  });
});
